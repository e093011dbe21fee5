// What each CSV export holds: its header, and one keyset page of rows at a time (oldest first, `limit` rows after
// the last key of the previous page), so an export of any size reads bounded pages through the tenant's own index.
import type { Sql } from '@tender/platform';
import { formatInvoiceNumber } from '../invoices/invoice.ts';
import { formatAmount } from '../money/amount.ts';
import { storedDecimals } from '../money/tokenDecimals.ts';
import type { Tenant } from '../tenant.ts';
import type { CsvValue } from './csv.ts';

export const EXPORT_KINDS = ['payments', 'transactions', 'settlements', 'refunds', 'invoices'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The key of the last row of a page (a time and an id, as text): the next page starts after it. */
export type PageKey = readonly [string, string];

export interface ExportRange {
  from: Date | null;
  to: Date | null;
}

export interface ExportPage {
  rows: CsvValue[][];
  last: PageKey | null;
}

export interface ExportKindDef {
  header: readonly string[];
  page(sql: Sql, t: Tenant, range: ExportRange, after: PageKey | null, limit: number): Promise<ExportPage>;
}

const amount = (units: string | null, decimals: number | null) =>
  units === null || decimals === null ? null : formatAmount(BigInt(units), decimals);

/**
 * One keyset page of `alias` in `from`, ascending by (`time`, `id`) within the tenant and the range: `$1` merchant,
 * `$2` environment, `$3`/`$4` the range on `time`, `$5`/`$6` the key to start after, `$7` the limit.
 */
async function keysetPage<R>(
  sql: Sql,
  q: { select: string; from: string; alias: string; time: string; id: string },
  t: Tenant,
  range: ExportRange,
  after: PageKey | null,
  limit: number,
): Promise<(R & { k_time: Date; k_id: string })[]> {
  const a = q.alias;
  return sql.query<R & { k_time: Date; k_id: string }>(
    `select ${q.select}, ${q.time} as k_time, ${q.id}::text as k_id
       from ${q.from}
      where ${a}.merchant_id = $1 and ${a}.environment = $2
        and ($3::timestamptz is null or ${q.time} >= $3::timestamptz)
        and ($4::timestamptz is null or ${q.time} < $4::timestamptz)
        and ($5::timestamptz is null or (${q.time}, ${q.id}::text) > ($5::timestamptz, $6::text))
      order by ${q.time}, ${q.id}::text
      limit $7::int`,
    [t.merchantId, t.environment, range.from, range.to, after?.[0] ?? null, after?.[1] ?? null, limit],
  );
}

const lastKey = (rows: readonly { k_time: Date; k_id: string }[]): PageKey | null => {
  const l = rows[rows.length - 1];
  return l ? [l.k_time.toISOString(), l.k_id] : null;
};

interface PaymentRow {
  id: string;
  created_at: Date;
  status: string;
  currency: string;
  decimals: number;
  amount_units: string;
  received_units: string;
  order_reference: string | null;
  description: string | null;
  customer_email: string | null;
  payment_link_id: string | null;
  invoice_id: string | null;
  expires_at: Date;
}

interface TransferRow {
  id: string;
  block_time: Date;
  network: string;
  kind: string;
  payment_id: string | null;
  token: string;
  official: boolean;
  from_address: string;
  to_address: string;
  amount_units: string;
  token_decimals: number | null;
  tx_hash: string;
  log_index: number;
  final: boolean;
  removed: boolean;
}

interface SettlementRow {
  id: string;
  created_at: Date;
  payment_id: string;
  network: string;
  purpose: string;
  state: string;
  token: string;
  vault: string;
  amount_units: string | null;
  token_decimals: number | null;
  tx_hash: string | null;
  finished_at: Date | null;
}

interface RefundRow {
  id: string;
  created_at: Date;
  payment_id: string;
  status: string;
  currency: string;
  decimals: number;
  amount_units: string;
  recipient: string;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

interface InvoiceRow {
  id: string;
  created_at: Date;
  number: string;
  customer_name: string;
  customer_email: string;
  currency: string;
  decimals: number;
  total_units: string;
  due_at: Date;
  payment_intent_id: string;
  payment_status: string;
  voided_at: Date | null;
  email_state: string;
}

export const EXPORTS: Record<ExportKind, ExportKindDef> = {
  payments: {
    header: [
      'id',
      'created_at',
      'status',
      'currency',
      'amount',
      'amount_received',
      'order_reference',
      'description',
      'customer_email',
      'payment_link_id',
      'invoice_id',
      'expires_at',
    ],
    async page(sql, t, range, after, limit) {
      const rows = await keysetPage<PaymentRow>(
        sql,
        {
          select: `i.id, i.created_at, i.status, i.currency, i.decimals, i.amount_units::text as amount_units,
                   i.received_units::text as received_units, i.order_reference, i.description, i.customer_email,
                   i.payment_link_id, i.invoice_id, i.expires_at`,
          from: 'payment_intents i',
          alias: 'i',
          time: 'i.created_at',
          id: 'i.id',
        },
        t,
        range,
        after,
        limit,
      );
      return {
        rows: rows.map((r) => [
          r.id,
          r.created_at,
          r.status,
          r.currency,
          amount(r.amount_units, r.decimals),
          amount(r.received_units, r.decimals),
          r.order_reference,
          r.description,
          r.customer_email,
          r.payment_link_id,
          r.invoice_id,
          r.expires_at,
        ]),
        last: lastKey(rows),
      };
    },
  },
  transactions: {
    header: [
      'id',
      'block_time',
      'network',
      'kind',
      'payment_id',
      'token',
      'official',
      'from',
      'to',
      'amount',
      'amount_units',
      'tx_hash',
      'log_index',
      'final',
      'removed',
    ],
    async page(sql, t, range, after, limit) {
      const rows = await keysetPage<TransferRow>(
        sql,
        {
          select: `c.id::text as id, c.block_time, c.network, c.kind, c.payment_id, c.token, c.official,
                   c.from_address, c.to_address, c.amount_units::text as amount_units,
                   ${storedDecimals('c')} as token_decimals, c.tx_hash, c.log_index, c.final, c.removed`,
          from: 'chain_transfers c',
          alias: 'c',
          time: 'c.block_time',
          id: 'c.id',
        },
        t,
        range,
        after,
        limit,
      );
      return {
        rows: rows.map((r) => [
          r.id,
          r.block_time,
          r.network,
          r.kind,
          r.payment_id,
          r.token,
          r.official,
          r.from_address,
          r.to_address,
          amount(r.amount_units, r.token_decimals),
          r.amount_units,
          r.tx_hash,
          r.log_index,
          r.final,
          r.removed,
        ]),
        last: lastKey(rows),
      };
    },
  },
  settlements: {
    header: [
      'id',
      'created_at',
      'payment_id',
      'network',
      'purpose',
      'state',
      'token',
      'vault',
      'amount',
      'tx_hash',
      'finished_at',
    ],
    async page(sql, t, range, after, limit) {
      const rows = await keysetPage<SettlementRow>(
        sql,
        {
          select: `s.id, s.created_at, s.payment_id, s.network, s.purpose, s.state, s.token, s.vault,
                   s.amount_units::text as amount_units, ${storedDecimals('s')} as token_decimals, s.tx_hash,
                   s.finished_at`,
          from: 'settlements s',
          alias: 's',
          time: 's.created_at',
          id: 's.id',
        },
        t,
        range,
        after,
        limit,
      );
      return {
        rows: rows.map((r) => [
          r.id,
          r.created_at,
          r.payment_id,
          r.network,
          r.purpose,
          r.state,
          r.token,
          r.vault,
          amount(r.amount_units, r.token_decimals),
          r.tx_hash,
          r.finished_at,
        ]),
        last: lastKey(rows),
      };
    },
  },
  refunds: {
    header: [
      'id',
      'created_at',
      'payment_id',
      'status',
      'currency',
      'amount',
      'recipient',
      'completed_at',
      'cancelled_at',
    ],
    async page(sql, t, range, after, limit) {
      const rows = await keysetPage<RefundRow>(
        sql,
        {
          select: `r.id, r.created_at, r.payment_id, r.status, p.currency, r.decimals,
                   r.amount_units::text as amount_units, r.recipient, r.completed_at, r.cancelled_at`,
          from: 'refund_requests r join payment_intents p on p.id = r.payment_id',
          alias: 'r',
          time: 'r.created_at',
          id: 'r.id',
        },
        t,
        range,
        after,
        limit,
      );
      return {
        rows: rows.map((r) => [
          r.id,
          r.created_at,
          r.payment_id,
          r.status,
          r.currency,
          amount(r.amount_units, r.decimals),
          r.recipient,
          r.completed_at,
          r.cancelled_at,
        ]),
        last: lastKey(rows),
      };
    },
  },
  invoices: {
    header: [
      'id',
      'number',
      'created_at',
      'customer_name',
      'customer_email',
      'currency',
      'total',
      'due_date',
      'payment_intent_id',
      'payment_status',
      'voided_at',
      'email_state',
    ],
    async page(sql, t, range, after, limit) {
      const rows = await keysetPage<InvoiceRow>(
        sql,
        {
          select: `v.id, v.created_at, v.number::text as number, v.customer_name, v.customer_email, v.currency,
                   v.decimals, v.total_units::text as total_units, v.due_at, v.payment_intent_id,
                   p.status as payment_status, v.voided_at, v.email_state`,
          from: 'invoices v join payment_intents p on p.id = v.payment_intent_id',
          alias: 'v',
          time: 'v.created_at',
          id: 'v.id',
        },
        t,
        range,
        after,
        limit,
      );
      return {
        rows: rows.map((r) => [
          r.id,
          formatInvoiceNumber(r.number),
          r.created_at,
          r.customer_name,
          r.customer_email,
          r.currency,
          amount(r.total_units, r.decimals),
          r.due_at.toISOString().slice(0, 10),
          r.payment_intent_id,
          r.payment_status,
          r.voided_at,
          r.email_state,
        ]),
        last: lastKey(rows),
      };
    },
  },
};
