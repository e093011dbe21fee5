// The payment link resource: its input schema (the spec's "Payment link input"), its API object, the public object
// the link page reads, and the one mapping from row to each.
import { SupportContactFields, supportContactJson, type SupportContact } from '../accounts/businessProfile.ts';
import { Type, type Static } from 'typebox';
import { NETWORK_ID_PATTERN } from '../payments/paymentRoutes.ts';
import { money } from '../payments/model.ts';
import { RedirectUrl, StringEnum } from '../http/schemas.ts';
import { AMOUNT_PATTERN } from '../money/amount.ts';
import type { Environment } from '../tenant.ts';

export const PAYMENT_LINK_EXPIRY = { minimum: 300, maximum: 604_800, default: 1200 } as const;

export const CreatePaymentLinkBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120, description: 'Shown to the customer; 1 to 120 chars' }),
    amount: Type.String({
      pattern: AMOUNT_PATTERN,
      description: '1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0',
    }),
    currency: Type.Optional(StringEnum(['USDC', 'EURC'] as const, { description: 'Default USDC' })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    networks: Type.Optional(
      Type.Array(Type.String({ minLength: 2, maxLength: 40, pattern: NETWORK_ID_PATTERN }), {
        minItems: 1,
        maxItems: 8,
        description:
          'Network ids, checked when the link is created (environment, availability, token, vault). Default: the ' +
          'merchant default networks when each intent is created',
      }),
    ),
    checkout_methods: Type.Optional(
      Type.Array(StringEnum(['WALLET', 'ADDRESS'] as const), { minItems: 1, description: 'Default [WALLET, ADDRESS]' }),
    ),
    success_url: Type.Optional(
      RedirectUrl('Where the checkout page sends the customer after payment; copied into each intent of the link'),
    ),
    intent_expires_in_seconds: Type.Optional(
      Type.Integer({
        ...PAYMENT_LINK_EXPIRY,
        description:
          'How long each customer has to pay once they open checkout (picked a network); 300 to 604800, default 1200',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreatePaymentLinkInput = Static<typeof CreatePaymentLinkBody>;

/**
 * What a link's owner may change. The price (amount, currency) and the networks are the link's terms, fixed once
 * created: the URL may already be printed as a QR code at a price, and the networks were checked against the vaults
 * when it was made. Everything else applies to the payments started from now on; those already started keep theirs.
 */
export const UpdatePaymentLinkBody = Type.Object(
  {
    active: Type.Optional(
      Type.Boolean({ description: 'false: the link refuses new payments; payments already started go on' }),
    ),
    name: Type.Optional(CreatePaymentLinkBody.properties.name),
    description: Type.Optional(
      Type.Union([Type.String({ maxLength: 500 }), Type.Null()], { description: 'null or "" removes it' }),
    ),
    checkout_methods: Type.Optional(Type.Array(StringEnum(['WALLET', 'ADDRESS'] as const), { minItems: 1 })),
    success_url: Type.Optional(
      Type.Union([RedirectUrl('Where the checkout page sends the customer after payment'), Type.Null()], {
        description: 'null removes it',
      }),
    ),
    intent_expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: PAYMENT_LINK_EXPIRY.minimum,
        maximum: PAYMENT_LINK_EXPIRY.maximum,
        description: 'How long each customer has to pay once they open checkout; 300 to 604800',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePaymentLinkInput = Static<typeof UpdatePaymentLinkBody>;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const PaymentLinkSchema = Type.Object(
  {
    id: Type.String({ description: 'plink_…' }),
    object: Type.Literal('payment_link'),
    active: Type.Boolean(),
    name: Type.String(),
    description: Nullable(Type.String()),
    amount: Type.String({ description: 'Decimal string' }),
    amount_units: Type.String({ description: 'Integer string, base units' }),
    currency: StringEnum(['USDC', 'EURC'] as const),
    networks: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'null: the merchant default networks at the time of each payment',
    }),
    checkout_methods: Type.Array(Type.String()),
    success_url: Nullable(Type.String()),
    intent_expires_in_seconds: Type.Integer(),
    url: Type.String({ description: '{public URL}/pay/{id}: the page where a customer starts a payment' }),
    livemode: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { description: 'Payment link' },
);
export type PaymentLink = Static<typeof PaymentLinkSchema>;

/** What the public link page reads: the link's terms and the business name, nothing else of the merchant. */
export const PublicPaymentLinkSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('payment_link'),
    active: Type.Boolean(),
    name: Type.String(),
    description: Nullable(Type.String()),
    amount: Type.String(),
    amount_units: Type.String(),
    currency: StringEnum(['USDC', 'EURC'] as const),
    networks: Type.Array(Type.String(), { description: 'The networks a payment started now would offer' }),
    checkout_methods: Type.Array(Type.String()),
    business_name: Type.String(),
    ...SupportContactFields,
    livemode: Type.Boolean({ description: 'false: a test-mode link (the page shows a Test mode badge)' }),
    accepting_payments: Type.Boolean({
      description:
        'false: the merchant cannot take payments through this link yet (a network it would offer has no vault ' +
        'or is not served here, or it would offer none); starting a payment answers 409 MERCHANT_NOT_READY. ' +
        'The page says so instead of offering Pay',
    }),
  },
  { description: 'Payment link, as the public link page shows it' },
);
export type PublicPaymentLink = Static<typeof PublicPaymentLinkSchema>;

export interface PaymentLinkRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  name: string;
  amount_units: string;
  currency: 'USDC' | 'EURC';
  decimals: number;
  description: string | null;
  networks: string[] | null;
  checkout_methods: ('WALLET' | 'ADDRESS')[];
  success_url: string | null;
  intent_expires_in_seconds: number;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Columns of `payment_links l` (every statement names the table `l`). */
export const PAYMENT_LINK_COLUMNS = `l.id, l.merchant_id, l.environment, l.name, l.amount_units, l.currency, l.decimals,
  l.description, l.networks, l.checkout_methods, l.success_url, l.intent_expires_in_seconds, l.active, l.created_at,
  l.updated_at`;

export function paymentLinkView(row: PaymentLinkRow, publicUrl: string): PaymentLink {
  return {
    id: row.id,
    object: 'payment_link',
    active: row.active,
    name: row.name,
    description: row.description,
    amount: money(row.amount_units, row.decimals),
    amount_units: row.amount_units,
    currency: row.currency,
    networks: row.networks,
    checkout_methods: row.checkout_methods,
    success_url: row.success_url,
    intent_expires_in_seconds: row.intent_expires_in_seconds,
    url: `${publicUrl}/pay/${row.id}`,
    livemode: row.environment === 'live',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function publicPaymentLinkView(
  row: PaymentLinkRow,
  p: { businessName: string; support: SupportContact; networks: string[]; acceptingPayments: boolean },
): PublicPaymentLink {
  return {
    id: row.id,
    object: 'payment_link',
    active: row.active,
    name: row.name,
    description: row.description,
    amount: money(row.amount_units, row.decimals),
    amount_units: row.amount_units,
    currency: row.currency,
    networks: p.networks,
    checkout_methods: row.checkout_methods,
    business_name: p.businessName,
    ...supportContactJson(p.support),
    livemode: row.environment === 'live',
    accepting_payments: p.acceptingPayments,
  };
}
