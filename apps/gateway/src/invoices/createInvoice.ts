// POST /v1/invoices as an operation.
//
// Totals are exact: each line is quantity × unit_amount in base units (bigint), the total their sum; a total beyond
// the amount format (12 integer digits, 6 decimals) is refused with the figure, never rounded or wrapped.
//
// Numbering: the merchant's counter row (per environment) is incremented in the transaction that writes the
// invoice, its payment intent and its mail job. The row lock serialises concurrent creations of one merchant, and
// a creation that fails rolls its number back with everything else: numbers are consecutive, never reused,
// never skipped (invoices.test.ts creates 20 at once).
import { enqueue, newId, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { formatAmount, parseAmount } from '../money/amount.ts';
import { assertNetworksServed } from '../payments/assertNetworksServed.ts';
import { assertOfferedNetworkHasVault } from '../payments/assertOfferedNetworkHasVault.ts';
import { createPaymentIntent } from '../payments/createPaymentIntent.ts';
import { loadIntentSettings } from '../payments/intentSettings.ts';
import {
  formatInvoiceNumber,
  INVOICE_COLUMNS,
  INVOICE_LIMITS,
  type CreateInvoiceInput,
  type InvoiceRow,
  type StoredLineItem,
} from './invoice.ts';
import { INVOICE_EMAIL_QUEUE } from './invoiceEmail.ts';
import type { Tenant } from '../tenant.ts';

const DECIMALS = 6;
/** The largest amount the format allows: 999999999999.999999. */
export const MAX_AMOUNT_UNITS = 10n ** BigInt(12 + DECIMALS) - 1n;

const invalid = (path: string, message: string) =>
  new GatewayError('VALIDATION_FAILED', 'Request validation failed', { details: [{ path, message }] });

/** Line amounts and the total, exactly; throws VALIDATION_FAILED when the total is 0 or beyond the format. */
export function invoiceTotals(items: CreateInvoiceInput['line_items']): { lines: StoredLineItem[]; total: bigint } {
  const lines = items.map((li) => {
    const unit = parseAmount(li.unit_amount, DECIMALS);
    const quantity = li.quantity ?? INVOICE_LIMITS.quantity.default;
    return {
      description: li.description,
      quantity,
      unit_amount_units: unit.toString(),
      amount_units: (unit * BigInt(quantity)).toString(),
    };
  });
  const total = lines.reduce((a, l) => a + BigInt(l.amount_units), 0n);
  if (total > MAX_AMOUNT_UNITS) {
    throw invalid(
      'line_items',
      `the total ${formatAmount(total, DECIMALS)} exceeds the largest amount, ${formatAmount(MAX_AMOUNT_UNITS, DECIMALS)} ` +
        '(12 integer digits)',
    );
  }
  if (total === 0n) throw invalid('line_items', 'the total must be greater than 0');
  return { lines, total };
}

export async function createInvoice(
  ctx: GatewayContext,
  principal: Principal,
  input: CreateInvoiceInput,
  sql: Sql = ctx.db,
): Promise<InvoiceRow> {
  const t: Tenant = { merchantId: principal.merchantId, environment: principal.environment };
  const currency = input.currency ?? 'USDC';
  const { lines, total } = invoiceTotals(input.line_items);
  // Nobody could pay an invoice on a network this deployment does not serve, or none of whose networks has a vault:
  // refused before a number is taken.
  assertNetworksServed(ctx, t, input.networks, (i) => `networks[${i}]`);
  assertOfferedNetworkHasVault(ctx, t, await loadIntentSettings(sql, t), input.networks, 'invoice');
  const now = ctx.now();
  const dueAt = new Date(now.getTime() + (input.due_in_days ?? INVOICE_LIMITS.dueInDays.default) * 86_400_000);
  const id = newId('inv');
  const emailState = ctx.mailer ? 'queued' : 'not_configured';
  const work = async (tx: Sql): Promise<InvoiceRow> => {
    const [counter] = await tx.query<{ last_number: string }>(
      `insert into invoice_counters (merchant_id, environment, last_number) values ($1, $2, 1)
       on conflict (merchant_id, environment) do update set last_number = invoice_counters.last_number + 1
       returning last_number`,
      [t.merchantId, t.environment],
    );
    const number = counter!.last_number;
    // The invoice's own intent: open at once (the invoice is issued now), payable until the due date.
    const intent = await createPaymentIntent(
      ctx,
      t,
      {
        amount: formatAmount(total, DECIMALS),
        currency,
        order_reference: formatInvoiceNumber(number),
        description: `Invoice ${formatInvoiceNumber(number)}`,
        customer_email: input.customer_email,
        ...(input.networks ? { networks: input.networks } : {}),
        ...(input.checkout_methods ? { checkout_methods: input.checkout_methods } : {}),
      },
      tx,
      { invoiceId: id, expiresAt: dueAt },
    );
    await tx.query(
      `insert into invoices (id, merchant_id, environment, number, customer_name, customer_email, memo, currency,
         decimals, line_items, total_units, due_at, payment_intent_id, email_state, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11::numeric, $12, $13, $14, $15, $15)`,
      [
        id,
        t.merchantId,
        t.environment,
        number,
        input.customer_name,
        input.customer_email,
        input.memo ?? null,
        currency,
        DECIMALS,
        JSON.stringify(lines),
        total.toString(),
        dueAt,
        intent.id,
        emailState,
        now,
      ],
    );
    if (ctx.mailer) {
      // Transactional outbox: the mail job exists if and only if the invoice does.
      await enqueue(tx, {
        queue: INVOICE_EMAIL_QUEUE,
        payload: { invoiceId: id },
        idempotencyKey: `invoice-email:${id}`,
      });
    }
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'invoice.created',
      actor: actorOf(principal),
      target: { type: 'invoice', id },
      data: {
        number: formatInvoiceNumber(number),
        total_units: total.toString(),
        currency,
        payment_intent_id: intent.id,
        email: emailState,
      },
      at: now,
    });
    const [row] = await tx.query<InvoiceRow>(
      `select ${INVOICE_COLUMNS} from invoices v join payment_intents i on i.id = v.payment_intent_id where v.id = $1`,
      [id],
    );
    return row!;
  };
  return sql === ctx.db ? ctx.db.tx(work) : work(sql);
}
