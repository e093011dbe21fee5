// The refund request resource: its schema (OpenAPI and validation), its row, and the one row -> view mapping.
import { Type, type Static } from 'typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp } from '../http/schemas.ts';
import { AMOUNT_PATTERN } from '../money/amount.ts';
import { checksum, money } from '../payments/model.ts';
import { REFUND_STATUSES, type RefundStatus } from './refundStatus.ts';

export const REFUND_KINDS = ['payment', 'excess', 'foreign_asset'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
import type { Environment } from '../tenant.ts';

export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
export const TX_HASH_PATTERN = '^0x[0-9a-fA-F]{64}$';

export const CreateRefundBody = Type.Object(
  {
    payment_intent_id: Type.String({ minLength: 1, maxLength: 100, description: 'pi_…: the payment to refund' }),
    amount: Type.String({
      pattern: AMOUNT_PATTERN,
      description:
        'In the payment’s currency: 1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0 and ' +
        'at most the refundable remainder',
    }),
    recipient: Type.String({ pattern: ADDRESS_PATTERN, description: '0x followed by 40 hex digits' }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
    kind: Type.Optional(
      StringEnum(REFUND_KINDS, {
        description:
          'payment (default): part or all of the payment; the payment moves to the refund states once closed. ' +
          'excess: only an overpayment’s excess (at most the excess not refunded yet, 409 REFUND_EXCEEDS_EXCESS; ' +
          '409 REFUND_NO_EXCESS for a payment without one); the payment keeps its status. foreign_asset: a foreign ' +
          'token the payment received (INVALID_ASSET funds), returned in that token from the vault the recovery ' +
          'sweep moved it to; amount in that token, at most what it received of it (409 REFUND_NO_FOREIGN_FUNDS ' +
          'when none)',
      }),
    ),
    token_address: Type.Optional(
      Type.String({
        pattern: ADDRESS_PATTERN,
        description:
          'foreign_asset only: the foreign token to return; optional when the payment received only one foreign token',
      }),
    ),
    network: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 40,
        pattern: '^[a-z0-9-]{2,40}$',
        description:
          'foreign_asset only: the network the foreign token was received on; needed only when the payment ' +
          'received that token on several networks (the same address on two chains is two different tokens)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CreateRefundInput = Static<typeof CreateRefundBody>;

export const RefundProofBody = Type.Object(
  {
    tx_hash: Type.String({
      pattern: TX_HASH_PATTERN,
      description: 'The transaction that sends the refund from your vault to the recipient',
    }),
    network: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 40,
        pattern: '^[a-z0-9-]{2,40}$',
        description:
          'The network of the transaction. Needed only when the payment received final funds on several networks; ' +
          'it must be one of them (the refund leaves the vault of a network the payment was paid on)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RefundProofInput = Static<typeof RefundProofBody>;

const RefundTransferSchema = Type.Object(
  {
    network: Type.String(),
    tx_hash: Type.String(),
    log_index: Type.Integer(),
    block_number: Type.Integer(),
    from: Type.String({ description: 'Your vault' }),
    to: Type.String({ description: 'The recipient' }),
    token_address: Type.String(),
    amount: Type.String(),
    amount_units: Type.String(),
    final: Type.Boolean({ description: 'Buried under the network’s confirmation depth' }),
    source: StringEnum(['proof', 'watcher'] as const, {
      description: 'proof: POST /v1/refund-requests/{id}/proof; watcher: seen on-chain without a proof',
    }),
  },
  { description: 'The vault-to-recipient transfer that fulfils the request' },
);

export const RefundRequestSchema = Type.Object(
  {
    id: Type.String({ description: 're_…' }),
    object: Type.Literal('refund_request'),
    payment_intent_id: Type.String(),
    kind: StringEnum(REFUND_KINDS, {
      description:
        'payment: part or all of the payment; excess: only an overpayment’s excess (the payment keeps its status); ' +
        'foreign_asset: a foreign token the payment received, returned in that token (token_address)',
    }),
    token_address: Type.String({
      description:
        'The token the refund is sent in: the payment’s official token, or for foreign_asset the foreign token',
    }),
    status: StringEnum(REFUND_STATUSES, {
      description:
        'pending: waiting for your transfer; confirming: a matching transfer is seen, not final yet; completed: the ' +
        'transfer is final (refund.completed); cancelled: withdrawn while pending',
    }),
    amount: Type.String({ description: 'Decimal string, in the token of token_address' }),
    amount_units: Type.String({ description: 'Integer string, base units' }),
    currency: StringEnum(['USDC', 'EURC'] as const, { description: 'The payment’s currency' }),
    recipient: Type.String({ description: 'EIP-55 checksummed' }),
    reason: Nullable(Type.String()),
    transfer: Type.Union([RefundTransferSchema, Type.Null()]),
    livemode: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    completed_at: NullableTimestamp,
    cancelled_at: NullableTimestamp,
  },
  { description: 'Refund request' },
);
export type RefundRequestView = Static<typeof RefundRequestSchema>;

export interface RefundRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  payment_id: string;
  amount_units: string;
  currency: 'USDC' | 'EURC';
  decimals: number;
  recipient: string;
  reason: string | null;
  kind: RefundKind;
  /** The official token on the payment's deposit network for payment and excess; the foreign token otherwise. */
  token_address: string;
  /** foreign_asset: the network its token was received on; null otherwise. */
  network: string | null;
  status: RefundStatus;
  cancelled_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  // The live (not orphaned) transfer recorded for it, newest first; null columns when none.
  t_network: string | null;
  t_tx_hash: string | null;
  t_log_index: number | null;
  t_block_number: string | null;
  t_from: string | null;
  t_to: string | null;
  t_token: string | null;
  t_amount_units: string | null;
  t_final: boolean | null;
  t_source: 'proof' | 'watcher' | null;
}

/** `from refund_requests r` + its live transfer. Append `where …` (alias r). */
export const REFUND_SELECT = `select r.id, r.merchant_id, r.environment, r.payment_id, r.amount_units, r.currency,
  r.decimals, r.recipient, r.reason, r.kind,
  coalesce(r.token, t.token, (select d.token from deposit_addresses d where d.payment_id = r.payment_id order by d.network
    limit 1)) as token_address, r.network, r.status, r.cancelled_at, r.completed_at, r.created_at, r.updated_at,
  t.network as t_network, t.tx_hash as t_tx_hash, t.log_index as t_log_index, t.block_number::text as t_block_number,
  t.from_address as t_from, t.to_address as t_to, t.token as t_token, t.amount_units as t_amount_units,
  t.final as t_final, t.source as t_source
  from refund_requests r
  left join lateral (
    select c.network, c.tx_hash, c.log_index, c.block_number, c.from_address, c.to_address, c.token, c.amount_units,
      c.final, c.refund_source as source
    from chain_transfers c where c.refund_id = r.id and not c.removed order by c.id desc limit 1
  ) t on true`;

export function refundView(r: RefundRow): RefundRequestView {
  const d = r.decimals;
  return {
    id: r.id,
    object: 'refund_request',
    payment_intent_id: r.payment_id,
    status: r.status,
    amount: money(r.amount_units, d),
    amount_units: r.amount_units,
    currency: r.currency,
    recipient: checksum(r.recipient),
    reason: r.reason,
    kind: r.kind,
    token_address: checksum(r.token_address),
    transfer:
      r.t_tx_hash === null
        ? null
        : {
            network: r.t_network!,
            tx_hash: r.t_tx_hash,
            log_index: r.t_log_index!,
            block_number: Number(r.t_block_number),
            from: checksum(r.t_from!),
            to: checksum(r.t_to!),
            token_address: checksum(r.t_token!),
            amount: money(r.t_amount_units!, d),
            amount_units: r.t_amount_units!,
            final: r.t_final!,
            source: r.t_source!,
          },
    livemode: r.environment === 'live',
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    completed_at: r.completed_at?.toISOString() ?? null,
    cancelled_at: r.cancelled_at?.toISOString() ?? null,
  };
}
