// The public, read-only view of a payment intent that the hosted checkout page reads (GET
// /public/payment-intents/{id}). Anyone holding the id may read it, so it carries only what the person paying
// must see: no customer email, no metadata, no vault, factory or salt, and never a configured RPC URL (those can
// embed a provider key; only the devnet's local RPC is shown, so a wallet can add that chain).
import {
  SUPPORT_COLUMNS,
  SupportContactFields,
  supportContactJson,
  type MerchantContactRow,
} from '../accounts/businessProfile.ts';
import { Type, type Static } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { NOT_TAKING_PAYMENTS } from '../payments/takingPayments.ts';
import { Nullable, StringEnum } from '../http/schemas.ts';
import {
  checksum,
  DEPOSIT_COLUMNS,
  INTENT_COLUMNS,
  money,
  type DepositRow,
  type IntentRow,
} from '../payments/model.ts';
import { PAYMENT_STATUSES } from '../payments/status.ts';

const Units = Type.String({ description: 'Integer string, base units' });
const Amount = Type.String({ description: 'Decimal string' });

export const PublicNetworkSchema = Type.Object({
  network: Type.String(),
  name: Type.String({ description: 'Display name of the network' }),
  chain_id: Type.Integer(),
  token_symbol: Type.String({ description: 'USDC or EURC: the only token this payment accepts' }),
  token_address: Type.String({ description: 'The official token contract (EIP-55); any other token is not a payment' }),
  token_decimals: Type.Integer(),
  deposit_address: Type.String({ description: 'Unique to this payment (EIP-55)' }),
  wallet_checkout_supported: Type.Boolean(),
  confirmations_required: Type.Integer(),
  rpc_url: Nullable(Type.String({ description: 'Only for the local devnet, so a wallet can add it' })),
  explorer_url: Nullable(Type.String({ description: 'Block explorer base URL, when known' })),
});

export const PublicTransferSchema = Type.Object({
  network: Type.String(),
  tx_hash: Type.String(),
  token_address: Type.String(),
  official: Type.Boolean({ description: 'false: a token this payment does not accept (INVALID_ASSET)' }),
  amount_units: Units,
  block_number: Type.Integer(),
  confirmations: Type.Integer({ description: 'Blocks on top of the transfer, its own included, as the watcher saw' }),
  final: Type.Boolean(),
  late: Type.Boolean({ description: 'Mined after expires_at' }),
});

export const PublicIntentSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('public_payment_intent'),
    status: StringEnum(PAYMENT_STATUSES),
    amount: Amount,
    amount_units: Units,
    currency: StringEnum(['USDC', 'EURC'] as const),
    decimals: Type.Integer(),
    description: Nullable(Type.String()),
    order_reference: Nullable(Type.String()),
    business_name: Type.String(),
    ...SupportContactFields,
    livemode: Type.Boolean(),
    expires_at: Type.String({ format: 'date-time' }),
    checkout_methods: Type.Array(StringEnum(['WALLET', 'ADDRESS'] as const)),
    success_url: Nullable(Type.String()),
    cancel_url: Nullable(Type.String()),
    amount_received: Amount,
    amount_received_units: Units,
    amount_remaining: Amount,
    amount_remaining_units: Units,
    amount_excess: Type.String({
      description: 'Decimal string: final official funds above the amount (OVERPAID); the merchant may refund it',
    }),
    amount_excess_units: Units,
    amount_refunded: Type.String({ description: 'Decimal string: refunds completed on chain back to the customer' }),
    amount_refunded_units: Units,
    networks: Type.Array(PublicNetworkSchema),
    latest_transfer: Nullable(PublicTransferSchema),
    foreign_transfers: Type.Array(PublicTransferSchema, {
      description: 'Transfers of tokens this payment does not accept (INVALID_ASSET)',
    }),
    server_time: Type.String({ format: 'date-time', description: 'For the countdown, against a skewed device clock' }),
  },
  { description: 'What the hosted checkout shows; no merchant secrets' },
);
export type PublicIntent = Static<typeof PublicIntentSchema>;
type PublicTransfer = Static<typeof PublicTransferSchema>;

interface TransferRow {
  network: string;
  tx_hash: string;
  token: string;
  official: boolean;
  amount_units: string;
  block_number: string | number;
  block_time: Date;
  final: boolean;
  head: string | number | null;
}

/** Reads the public view; an unknown id answers 404 RESOURCE_NOT_FOUND. */
export async function getPublicIntent(ctx: GatewayContext, id: string): Promise<PublicIntent> {
  const [row] = await ctx.db.query<IntentRow & MerchantContactRow & { merchant_suspended: boolean }>(
    `select ${INTENT_COLUMNS}, m.business_name, ${SUPPORT_COLUMNS}, m.suspended_at is not null as merchant_suspended
       from payment_intents i join merchants m on m.id = i.merchant_id
      where i.id = $1`,
    [id],
  );
  if (!row) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${id}`, {
      details: [{ path: 'id', message: 'not found' }],
    });
  }
  // A suspended merchant's checkout opens no payment; one under way or paid is still shown (and still settles).
  if (row.merchant_suspended && (row.status === 'CREATED' || row.status === 'AWAITING_PAYMENT'))
    throw new GatewayError('MERCHANT_SUSPENDED', NOT_TAKING_PAYMENTS);
  const [deposits, transfers, [refunded]] = await Promise.all([
    ctx.db.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = $1 order by d.network`,
      [id],
    ),
    // Incoming transfers still in the chain, newest first, with the watcher's head for their confirmations.
    ctx.db.query<TransferRow>(
      `select c.network, c.tx_hash, c.token, c.official, c.amount_units::text as amount_units, c.block_number,
              c.block_time, c.final, w.block_number as head
         from chain_transfers c left join watcher_cursors w on w.network = c.network
        where c.payment_id = $1 and c.kind = 'incoming' and not c.removed
        order by c.block_number desc, c.log_index desc
        limit 50`,
      [id],
    ),
    // Refunds the customer has received (final on chain); open requests are not money back yet.
    ctx.db.query<{ units: string }>(
      `select coalesce(sum(amount_units), 0)::text as units from refund_requests
        where payment_id = $1 and status = 'completed' and kind <> 'foreign_asset'`,
      [id],
    ),
  ]);
  return publicIntentView(ctx, row, deposits, transfers, BigInt(refunded?.units ?? '0'));
}

function publicIntentView(
  ctx: GatewayContext,
  row: IntentRow & MerchantContactRow,
  deposits: readonly DepositRow[],
  transfers: readonly TransferRow[],
  refunded: bigint,
): PublicIntent {
  const registry = ctx.networkRegistry;
  const d = row.decimals;
  const amount = BigInt(row.amount_units);
  const received = BigInt(row.received_units);
  const remaining = received >= amount ? 0n : amount - received;
  const wallet = row.checkout_methods.includes('WALLET');
  const transfer = (t: TransferRow): PublicTransfer => {
    const block = Number(t.block_number);
    const head = t.head === null ? block : Number(t.head);
    const required = registry.get(t.network)?.confirmations ?? 1;
    return {
      network: t.network,
      tx_hash: t.tx_hash,
      token_address: checksum(t.token),
      official: t.official,
      amount_units: t.amount_units,
      block_number: block,
      confirmations: t.final ? Math.max(required, head - block + 1) : Math.max(1, head - block + 1),
      final: t.final,
      late: t.block_time.getTime() >= row.expires_at.getTime(),
    };
  };
  const official = transfers.filter((t) => t.official);
  return {
    id: row.id,
    object: 'public_payment_intent',
    status: row.status,
    amount: money(row.amount_units, d),
    amount_units: row.amount_units,
    currency: row.currency,
    decimals: d,
    description: row.description,
    order_reference: row.order_reference,
    business_name: row.business_name,
    ...supportContactJson(row),
    livemode: row.environment === 'live',
    expires_at: row.expires_at.toISOString(),
    checkout_methods: row.checkout_methods.filter((m): m is 'WALLET' | 'ADDRESS' => m === 'WALLET' || m === 'ADDRESS'),
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    amount_received: money(received, d),
    amount_received_units: received.toString(),
    amount_remaining: money(remaining, d),
    amount_remaining_units: remaining.toString(),
    amount_excess: money(row.excess_units, d),
    amount_excess_units: BigInt(row.excess_units).toString(),
    amount_refunded: money(refunded, d),
    amount_refunded_units: refunded.toString(),
    networks: deposits.flatMap((dep) => {
      const n = registry.get(dep.network);
      if (!n) return [];
      return [
        {
          network: dep.network,
          name: n.name,
          chain_id: n.chainId,
          token_symbol: row.currency,
          token_address: checksum(dep.token),
          token_decimals: d,
          deposit_address: checksum(dep.address),
          wallet_checkout_supported: wallet && n.available,
          confirmations_required: n.confirmations,
          rpc_url: n.id === 'devnet' ? (n.rpcUrl ?? null) : null,
          explorer_url: null,
        },
      ];
    }),
    latest_transfer: official[0] ? transfer(official[0]) : null,
    foreign_transfers: transfers.filter((t) => !t.official).map(transfer),
    server_time: ctx.now().toISOString(),
  };
}
