// The invoice resource: its input schema (the spec's "Invoice input"), its API object, the public object the
// invoice page reads, and the one mapping from row (+ its intent's facts) to each.
import { SupportContactFields, supportContactJson, type SupportContact } from '../accounts/businessProfile.ts';
import { Type, type Static } from 'typebox';
import { EmailField, StringEnum } from '../http/schemas.ts';
import { AMOUNT_PATTERN } from '../money/amount.ts';
import { money } from '../payments/model.ts';
import { NETWORK_ID_PATTERN } from '../payments/paymentRoutes.ts';
import type { PaymentStatus } from '../payments/status.ts';
import { unitsFromDb } from '../money/amount.ts';
import { deriveInvoiceStatus, INVOICE_STATUSES, type InvoiceStatus } from './invoiceStatus.ts';
import type { Environment } from '../tenant.ts';

export const INVOICE_LIMITS = {
  lineItems: { minItems: 1, maxItems: 100 },
  quantity: { minimum: 1, maximum: 100_000, default: 1 },
  dueInDays: { minimum: 1, maximum: 90, default: 14 },
} as const;

export const LineItemInput = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: 300 }),
    quantity: Type.Optional(Type.Integer({ ...INVOICE_LIMITS.quantity, description: '1 to 100000; default 1' })),
    unit_amount: Type.String({
      pattern: AMOUNT_PATTERN,
      description: 'In the invoice currency: 1 to 12 integer digits, optionally a dot and 1 to 6 decimals',
    }),
  },
  { additionalProperties: false },
);

export const CreateInvoiceBody = Type.Object(
  {
    customer_name: Type.String({ minLength: 1, maxLength: 200 }),
    customer_email: EmailField,
    memo: Type.Optional(Type.String({ maxLength: 1000 })),
    due_in_days: Type.Optional(Type.Integer({ ...INVOICE_LIMITS.dueInDays, description: '1 to 90; default 14' })),
    currency: Type.Optional(
      StringEnum(['USDC', 'EURC'] as const, { description: 'Default USDC; line item amounts are in this token' }),
    ),
    line_items: Type.Array(LineItemInput, { ...INVOICE_LIMITS.lineItems, description: '1 to 100 items' }),
    networks: Type.Optional(
      Type.Array(Type.String({ minLength: 2, maxLength: 40, pattern: NETWORK_ID_PATTERN }), {
        minItems: 1,
        maxItems: 8,
        description: 'Networks of the invoice’s payment intent; default: the merchant default networks',
      }),
    ),
    checkout_methods: Type.Optional(
      Type.Array(StringEnum(['WALLET', 'ADDRESS'] as const), { minItems: 1, description: 'Default [WALLET, ADDRESS]' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateInvoiceInput = Static<typeof CreateInvoiceBody>;

const LineItem = Type.Object({
  description: Type.String(),
  quantity: Type.Integer(),
  unit_amount: Type.String(),
  unit_amount_units: Type.String(),
  amount: Type.String({ description: 'quantity × unit_amount, exact' }),
  amount_units: Type.String(),
});

const EMAIL_STATES = ['not_configured', 'queued', 'sent', 'failed', 'skipped'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const InvoiceSchema = Type.Object(
  {
    id: Type.String({ description: 'inv_…' }),
    object: Type.Literal('invoice'),
    number: Type.String({ description: 'INV-000001, …: per merchant and environment, consecutive' }),
    status: StringEnum(INVOICE_STATUSES, {
      description: 'open, paid, overdue or void; derived from the payment intent, the due date and void (README)',
    }),
    customer_name: Type.String(),
    customer_email: Type.String(),
    memo: Type.Union([Type.String(), Type.Null()]),
    currency: StringEnum(['USDC', 'EURC'] as const),
    line_items: Type.Array(LineItem),
    total: Type.String(),
    total_units: Type.String(),
    due_date: Type.String({ description: 'YYYY-MM-DD (UTC) of due_at' }),
    due_at: Type.String({ format: 'date-time', description: 'Overdue from this instant unless paid' }),
    payment_intent_id: Type.String(),
    url: Type.String({ description: '{public URL}/invoice/{id}: the invoice page the customer opens' }),
    checkout_url: Type.String(),
    pdf_url: Type.String(),
    delivery: Type.Object(
      {
        email: StringEnum(EMAIL_STATES, {
          description:
            'not_configured: this server has no SMTP relay, nothing was sent (share `url` yourself); queued: the ' +
            'mail is waiting to be handed to the relay; sent: the relay accepted it; failed: the relay refused it on ' +
            'every attempt; skipped: voided or paid before the mail went out',
        }),
      },
      { description: 'How the invoice reached customer_email' },
    ),
    voided_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    livemode: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Invoice' },
);
export type Invoice = Static<typeof InvoiceSchema>;

export const PublicInvoiceSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('invoice'),
    number: Type.String(),
    status: StringEnum(INVOICE_STATUSES),
    customer_name: Type.String(),
    memo: Type.Union([Type.String(), Type.Null()]),
    currency: StringEnum(['USDC', 'EURC'] as const),
    line_items: Type.Array(LineItem),
    total: Type.String(),
    total_units: Type.String(),
    due_date: Type.String(),
    business_name: Type.String(),
    ...SupportContactFields,
    payment_intent_id: Type.String(),
    checkout_url: Type.String(),
    pdf_url: Type.String(),
    livemode: Type.Boolean({ description: 'false: a test-mode invoice (the page shows a Test mode badge)' }),
    accepting_payments: Type.Boolean({
      description:
        'false: the merchant cannot take the payment yet (this deployment serves none of the networks of its ' +
        'payment); the page says so instead of offering Pay. Says nothing of paid or void: see status',
    }),
  },
  { description: 'Invoice, as its public page shows it' },
);
export type PublicInvoice = Static<typeof PublicInvoiceSchema>;

export interface StoredLineItem {
  description: string;
  quantity: number;
  unit_amount_units: string;
  amount_units: string;
}

export interface InvoiceRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  number: string;
  customer_name: string;
  customer_email: string;
  memo: string | null;
  currency: 'USDC' | 'EURC';
  decimals: number;
  line_items: StoredLineItem[];
  total_units: string;
  due_at: Date;
  payment_intent_id: string;
  voided_at: Date | null;
  email_state: EmailState;
  created_at: Date;
  /** From the joined intent. */
  intent_status: PaymentStatus;
  intent_confirmed: boolean;
  intent_final_units: string;
}

/** Columns of `invoices v join payment_intents i on i.id = v.payment_intent_id`. */
export const INVOICE_COLUMNS = `v.id, v.merchant_id, v.environment, v.number, v.customer_name, v.customer_email,
  v.memo, v.currency, v.decimals, v.line_items, v.total_units, v.due_at, v.payment_intent_id, v.voided_at,
  v.email_state, v.created_at, i.status as intent_status, i.confirmed as intent_confirmed,
  i.final_units as intent_final_units`;

export const formatInvoiceNumber = (n: string | number | bigint): string => `INV-${String(n).padStart(6, '0')}`;

export function invoiceStatusOf(row: InvoiceRow, now: Date): InvoiceStatus {
  return deriveInvoiceStatus(
    {
      totalUnits: unitsFromDb(row.total_units),
      dueAt: row.due_at,
      voided: row.voided_at !== null,
      intentConfirmed: row.intent_confirmed,
      intentFinalUnits: unitsFromDb(row.intent_final_units),
    },
    now,
  );
}

function lineItemsView(row: InvoiceRow) {
  return row.line_items.map((li) => ({
    description: li.description,
    quantity: li.quantity,
    unit_amount: money(li.unit_amount_units, row.decimals),
    unit_amount_units: li.unit_amount_units,
    amount: money(li.amount_units, row.decimals),
    amount_units: li.amount_units,
  }));
}

const links = (row: InvoiceRow, publicUrl: string) => ({
  url: `${publicUrl}/invoice/${row.id}`,
  checkout_url: `${publicUrl}/checkout/${row.payment_intent_id}`,
  pdf_url: `${publicUrl}/public/invoices/${row.id}/pdf`,
});

export function invoiceView(row: InvoiceRow, p: { publicUrl: string; now: Date }): Invoice {
  const l = links(row, p.publicUrl);
  return {
    id: row.id,
    object: 'invoice',
    number: formatInvoiceNumber(row.number),
    status: invoiceStatusOf(row, p.now),
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    memo: row.memo,
    currency: row.currency,
    line_items: lineItemsView(row),
    total: money(row.total_units, row.decimals),
    total_units: row.total_units,
    due_date: row.due_at.toISOString().slice(0, 10),
    due_at: row.due_at.toISOString(),
    payment_intent_id: row.payment_intent_id,
    url: l.url,
    checkout_url: l.checkout_url,
    pdf_url: l.pdf_url,
    delivery: { email: row.email_state },
    voided_at: row.voided_at?.toISOString() ?? null,
    livemode: row.environment === 'live',
    created_at: row.created_at.toISOString(),
  };
}

export function publicInvoiceView(
  row: InvoiceRow,
  p: { publicUrl: string; now: Date; businessName: string; support: SupportContact; acceptingPayments: boolean },
): PublicInvoice {
  const l = links(row, p.publicUrl);
  return {
    id: row.id,
    object: 'invoice',
    number: formatInvoiceNumber(row.number),
    status: invoiceStatusOf(row, p.now),
    customer_name: row.customer_name,
    memo: row.memo,
    currency: row.currency,
    line_items: lineItemsView(row),
    total: money(row.total_units, row.decimals),
    total_units: row.total_units,
    due_date: row.due_at.toISOString().slice(0, 10),
    business_name: p.businessName,
    ...supportContactJson(p.support),
    payment_intent_id: row.payment_intent_id,
    checkout_url: l.checkout_url,
    pdf_url: l.pdf_url,
    livemode: row.environment === 'live',
    accepting_payments: p.acceptingPayments,
  };
}
