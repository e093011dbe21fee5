// POST /v1/payment-links as an operation. The link's terms are checked now (amount, networks of the key's
// environment with a vault and the currency's official token; without named networks, at least one network it would
// offer has a vault: VAULT_REQUIRED otherwise), so a customer never meets a link that cannot be paid; each payment
// started from it re-checks them like any intent (a vault may change later).
import { newId, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { parseAmount } from '../money/amount.ts';
import { assertNetworksServed } from '../payments/assertNetworksServed.ts';
import { assertOfferedNetworkHasVault } from '../payments/assertOfferedNetworkHasVault.ts';
import { checkIntentNetwork } from '../payments/createPaymentIntent.ts';
import { loadIntentSettings } from '../payments/intentSettings.ts';
import {
  PAYMENT_LINK_COLUMNS,
  PAYMENT_LINK_EXPIRY,
  type CreatePaymentLinkInput,
  type PaymentLinkRow,
} from './paymentLink.ts';
import type { Tenant } from '../tenant.ts';

const invalid = (path: string, message: string) =>
  new GatewayError('VALIDATION_FAILED', 'Request validation failed', { details: [{ path, message }] });

export async function createPaymentLink(
  ctx: GatewayContext,
  principal: Principal,
  input: CreatePaymentLinkInput,
  sql: Sql = ctx.db,
): Promise<PaymentLinkRow> {
  const t: Tenant = { merchantId: principal.merchantId, environment: principal.environment };
  const currency = input.currency ?? 'USDC';
  const decimals = 6;
  const amountUnits = parseAmount(input.amount, decimals);
  if (amountUnits <= 0n) throw invalid('amount', 'must be greater than 0');
  if (input.networks && new Set(input.networks).size !== input.networks.length) {
    throw invalid('networks', 'must not name a network twice');
  }
  assertNetworksServed(ctx, t, input.networks, (i) => `networks[${i}]`);
  const settings = await loadIntentSettings(sql, t);
  assertOfferedNetworkHasVault(ctx, t, settings, input.networks, 'payment link');
  if (input.networks) {
    input.networks.forEach((n, i) => checkIntentNetwork(ctx, t, settings, n, currency, `networks[${i}]`));
  }
  const methods = [...new Set(input.checkout_methods ?? ['WALLET', 'ADDRESS'])];
  const now = ctx.now();
  const id = newId('plink');
  const write = async (tx: Sql) => {
    const [row] = await tx.query<PaymentLinkRow>(
      `insert into payment_links as l (id, merchant_id, environment, name, amount_units, currency, decimals, description,
         networks, checkout_methods, success_url, intent_expires_in_seconds, active, created_at, updated_at)
       values ($1, $2, $3, $4, $5::numeric, $6, $7, $8, $9::text[], $10::text[], $11, $12, true, $13, $13)
       returning ${PAYMENT_LINK_COLUMNS}`,
      [
        id,
        t.merchantId,
        t.environment,
        input.name,
        amountUnits.toString(),
        currency,
        decimals,
        input.description ?? null,
        input.networks ?? null,
        methods,
        input.success_url ?? null,
        input.intent_expires_in_seconds ?? PAYMENT_LINK_EXPIRY.default,
        now,
      ],
    );
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'payment_link.created',
      actor: actorOf(principal),
      target: { type: 'payment_link', id },
      data: { name: input.name, amount_units: amountUnits.toString(), currency },
      at: now,
    });
    return row!;
  };
  return sql === ctx.db ? ctx.db.tx(write) : write(sql);
}
