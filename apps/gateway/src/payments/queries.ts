// Reads of payments, always scoped by the caller's merchant AND environment (from the credentials): another
// tenant's id, or a test payment asked for with a live key, answers like an unknown id.
import type { Sql } from '@tender/platform';
import type { PaymentIntent } from './intentSchema.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { formatAmount, unitsFromDb } from '../money/amount.ts';
import { storedDecimals } from '../money/tokenDecimals.ts';
import { DEPOSIT_COLUMNS, INTENT_COLUMNS, intentView, type DepositRow, type IntentRow } from './model.ts';
import type { PaymentStatus } from './status.ts';
import type { Tenant } from '../tenant.ts';

export function viewOptions(ctx: GatewayContext) {
  const registry = ctx.networkRegistry;
  return { publicUrl: ctx.config.publicUrl, network: (id: string) => registry.get(id) };
}

const notFound = (id: string) =>
  new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${id}`, {
    details: [{ path: 'id', message: 'not found' }],
  });

/** An intent's deposit addresses, read on `sql` (a transaction sees its own writes). */
function depositsOf(sql: Sql, id: string): Promise<DepositRow[]> {
  return sql.query<DepositRow>(
    `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = $1 order by d.network`,
    [id],
  );
}

/** The API view of an intent row, its deposit addresses read on `sql`. */
export async function intentViewOf(ctx: GatewayContext, sql: Sql, row: IntentRow): Promise<PaymentIntent> {
  return intentView(row, await depositsOf(sql, row.id), viewOptions(ctx));
}

async function loadIntent(
  ctx: GatewayContext,
  t: Tenant,
  id: string,
): Promise<{ row: IntentRow; deposits: DepositRow[] }> {
  const [row] = await ctx.db.query<IntentRow>(
    `select ${INTENT_COLUMNS} from payment_intents i where i.id = $1 and i.merchant_id = $2 and i.environment = $3`,
    [id, t.merchantId, t.environment],
  );
  if (!row) throw notFound(id);
  return { row, deposits: await depositsOf(ctx.db, id) };
}

export async function getPaymentIntent(ctx: GatewayContext, t: Tenant, id: string): Promise<PaymentIntent> {
  const { row, deposits } = await loadIntent(ctx, t, id);
  return intentView(row, deposits, viewOptions(ctx));
}

export interface ListPaymentsQuery {
  status?: PaymentStatus;
  q?: string;
  network?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
  /** Only payments that need a person (payment_intents.attention, resolutions/paymentAttention.ts). */
  needs_attention?: boolean;
}

/** 0x + 40 hex: a deposit address; 0x + 64 hex: a transaction hash. */
const ADDRESS = /^0x[0-9a-f]{40}$/i;
const TX_HASH = /^0x[0-9a-f]{64}$/i;

/**
 * The `q` filter: the payment id exactly, the order reference or description as a substring (trigram indexes), a
 * deposit address or a transaction hash exactly. An address or a hash skips the substring arm: 0x… text is never
 * an order reference worth a scan of the tenant's trigram postings. The arms stay one `union all` subquery even
 * when one arm is left: a lone arm is flattened into a semi-join, and the planner then walks the tenant's
 * (created_at) index probing row by row (233 ms at 100k payments instead of 12 ms).
 */
function searchCondition(ctx: GatewayContext, q: string, p: (v: unknown) => string): string {
  const arms = exactArms(ctx, q, p);
  if (substringSearch(q)) {
    arms.unshift(`select m.id from payment_intents m where m.merchant_id = $1 and m.environment = $2
        and ${substringMatch('m', q, p)}`);
  }
  return `i.id in (${arms.join(' union all ')})`;
}

/** The exact arms of a search: a deposit address (on any network) or a transaction hash. */
function exactArms(ctx: GatewayContext, q: string, p: (v: unknown) => string): string[] {
  const exact = p(q.toLowerCase());
  // Every network id: a search by deposit address probes the (network, address) index once per network.
  const networks = p(ctx.networkRegistry.all.map((n) => n.id));
  return [
    `select d.payment_id from deposit_addresses d where d.network = any(${networks}::text[]) and d.address = ${exact}`,
    `select c.payment_id from chain_transfers c where c.tx_hash = ${exact}`,
  ];
}

const substringSearch = (q: string) => !ADDRESS.test(q) && !TX_HASH.test(q);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The substring arm's test of the payments aliased `a`: the payment id exactly, the order reference or description. */
function substringMatch(a: string, q: string, p: (v: unknown) => string): string {
  const like = p(likePattern(q));
  return `(${a}.id = ${p(q)} or ${a}.order_reference ilike ${like} or ${a}.description ilike ${like})`;
}

/** Substring matches a search takes from the trigram indexes before it reads the newest window (see searchFew). */
const FEW_MATCHES = 500;

/**
 * A search that matches few of the tenant's payments (at most FEW_MATCHES, before the other filters), answered in
 * one statement: the trigram indexes give every match, the bounded set is filtered and sorted, and its cost is the
 * number of matches whatever the size of the shop. Null when the bound was reached: many matches, which the newest
 * window answers better (searchNewest). Exact: below the bound the set holds every substring match.
 */
async function searchFew(
  ctx: GatewayContext,
  q: string,
  filters: string,
  params: readonly unknown[],
  want: number,
): Promise<IntentRow[] | null> {
  const all = [...params];
  const p = (v: unknown) => `$${all.push(v)}`;
  // One row at least: the count of matches, with the page beside it (all nulls when the page is empty); the page
  // is not read once the bound is passed.
  const rows = await ctx.db.query<IntentRow & { found: number | string | bigint }>(
    `with found as (
       select m.id from payment_intents m where m.merchant_id = $1 and m.environment = $2
          and ${substringMatch('m', q, p)}
        limit ${FEW_MATCHES + 1})
     select f.found, page.* from (select count(*) as found from found) f
       left join lateral (
         select ${INTENT_COLUMNS} from payment_intents i
          where f.found <= ${FEW_MATCHES} and ${filters}
            and i.id in (select id from found union all ${exactArms(ctx, q, p).join(' union all ')})
          order by i.created_at desc, i.id desc limit ${want}) page on true`,
    all,
  );
  if (Number(rows[0]?.found ?? 0) > FEW_MATCHES) return null;
  return rows.filter((r) => r.id !== null).map(({ found: _f, ...row }) => row);
}

/** Payments a substring search reads, newest first, before it turns to the trigram indexes (see searchNewest). */
const SEARCH_WINDOW = 1000;

/**
 * A search with more than FEW_MATCHES matches, among the tenant's newest SEARCH_WINDOW payments (under the other
 * filters): the first `want` matches when that window holds as many, or all of them when the window is every
 * payment the filters leave; null otherwise (the caller then asks the trigram indexes). A search that matches many
 * payments (`order-` of `order-1234`) is answered from the top of the (created_at) index in a time that does not
 * grow with the shop, where the trigram path would read every match (11,000 of 100,000 payments for `order-1`) to
 * sort them. Exact: the window holds the newest payments in the list's own order, so no payment outside it can come
 * before a match inside it.
 */
async function searchNewest(
  ctx: GatewayContext,
  q: string,
  filters: string,
  params: readonly unknown[],
  want: number,
): Promise<IntentRow[] | null> {
  const all = [...params];
  const p = (v: unknown) => `$${all.push(v)}`;
  const match = `(${substringMatch('i', q, p)} or i.id in (${exactArms(ctx, q, p).join(' union all ')}))`;
  // The window's last row comes back too (whether it matches or not): it says the window was full.
  const rows = await ctx.db.query<IntentRow & { matched: boolean; window_row: number | string | bigint }>(
    `select ${INTENT_COLUMNS}, ${match} as matched, i.window_row from (
       select i.*, row_number() over (order by i.created_at desc, i.id desc) as window_row
         from payment_intents i where ${filters} order by i.created_at desc, i.id desc limit ${SEARCH_WINDOW}) i
     where ${match} or i.window_row = ${SEARCH_WINDOW}
     order by i.created_at desc, i.id desc limit ${want + 1}`,
    all,
  );
  const matches = rows.filter((r) => r.matched);
  const full = rows.some((r) => Number(r.window_row) === SEARCH_WINDOW);
  if (matches.length < want && full) return null;
  return matches.slice(0, want).map(({ matched: _m, window_row: _w, ...row }) => row);
}

/**
 * Newest first. `cursor` is the ISO 8601 created_at of the last item of the previous page (the spec's cursor
 * format); the next page holds strictly older payments. A page never ends inside a group of payments created in
 * the same millisecond (it stops before the group, so the next page starts with all of it).
 */
export async function listPayments(
  ctx: GatewayContext,
  t: Tenant,
  query: ListPaymentsQuery,
): Promise<{ object: 'list'; data: PaymentIntent[]; has_more: boolean; next_cursor: string | null }> {
  const limit = query.limit ?? 20;
  const q = query.q?.trim() || null;
  // Only the filters given become SQL, so that each statement text has a plan that uses its index: the tenant's
  // (created_at desc, id desc) index for the list and the cursor (keyset), the status index for a status, and for
  // a search the primary key, the trigram indexes of order_reference and description, and the exact indexes of
  // deposit addresses and transaction hashes (a `$n is null or …` filter would hide every one of them from a
  // generic plan).
  const params: unknown[] = [t.merchantId, t.environment];
  const p = (v: unknown) => `$${params.push(v)}`;
  const conditions = ['i.merchant_id = $1', 'i.environment = $2'];
  if (query.status) conditions.push(`i.status = ${p(query.status)}`);
  if (query.needs_attention === true) conditions.push('i.attention is not null');
  if (query.network)
    conditions.push(
      `exists (select 1 from deposit_addresses d where d.payment_id = i.id and d.network = ${p(query.network)})`,
    );
  if (query.from) conditions.push(`i.created_at >= ${p(new Date(query.from))}`);
  if (query.to) conditions.push(`i.created_at < ${p(new Date(query.to))}`);
  if (query.cursor) conditions.push(`i.created_at < ${p(new Date(query.cursor))}`);
  const filters = conditions.join(' and ');
  const searched =
    q && substringSearch(q)
      ? ((await searchFew(ctx, q, filters, params, limit + 1)) ??
        (await searchNewest(ctx, q, filters, params, limit + 1)))
      : null;
  if (q) conditions.push(searchCondition(ctx, q, p));
  const where = conditions.join(' and ');
  const at = `$${params.length + 1}`;
  const rows =
    searched ??
    (await ctx.db.query<IntentRow>(
      `select ${INTENT_COLUMNS} from payment_intents i where ${where}
       order by i.created_at desc, i.id desc limit ${limit + 1}`,
      params,
    ));
  let page = rows.slice(0, limit);
  let hasMore = rows.length > limit;
  if (hasMore) {
    const boundary = page[page.length - 1]!.created_at.getTime();
    if (rows[limit]!.created_at.getTime() === boundary) {
      const before = page.filter((r) => r.created_at.getTime() > boundary);
      if (before.length > 0) page = before;
      else {
        // The whole page is one millisecond: return that millisecond entirely (rare; exceeds `limit`).
        page = await ctx.db.query<IntentRow>(
          `select ${INTENT_COLUMNS} from payment_intents i where ${where} and i.created_at = ${at}
           order by i.id desc`,
          [...params, new Date(boundary)],
        );
        const [older] = await ctx.db.query(
          `select 1 from payment_intents i where ${where} and i.created_at < ${at} limit 1`,
          [...params, new Date(boundary)],
        );
        hasMore = older !== undefined;
      }
    }
  }
  const deposits = page.length
    ? await ctx.db.query<DepositRow>(
        `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = any($1::text[]) order by d.network`,
        [page.map((r) => r.id)],
      )
    : [];
  const byPayment = new Map<string, DepositRow[]>();
  for (const d of deposits) byPayment.set(d.payment_id, [...(byPayment.get(d.payment_id) ?? []), d]);
  const opts = viewOptions(ctx);
  return {
    object: 'list',
    data: page.map((r) => intentView(r, byPayment.get(r.id) ?? [], opts)),
    has_more: hasMore,
    next_cursor: hasMore && page.length ? page[page.length - 1]!.created_at.toISOString() : null,
  };
}

/** GET /v1/payments/{id}: the intent with its timeline, transfers, settlements and sweep attempts. */
export async function getPaymentDetail(ctx: GatewayContext, t: Tenant, id: string): Promise<Record<string, unknown>> {
  const { row, deposits } = await loadIntent(ctx, t, id);
  const [timeline, transfers, settlements, attempts, cursors, parts] = await Promise.all([
    ctx.db.query<{
      id: string;
      status: string;
      previous_status: string | null;
      reason: string;
      data: unknown;
      created_at: Date;
    }>(
      'select id, status, previous_status, reason, data, created_at from payment_timeline where payment_id = $1 order by id',
      [id],
    ),
    ctx.db.query<TransferRow>(
      `select ${TRANSFER_COLUMNS} from chain_transfers c where c.payment_id = $1 order by c.id`,
      [id],
    ),
    ctx.db.query<SettlementRow>(
      `select ${SETTLEMENT_COLUMNS} from settlements s where s.payment_id = $1 order by s.created_at, s.attempt`,
      [id],
    ),
    ctx.db.query<{
      tx_hash: string;
      settlement_id: string;
      nonce: string;
      max_fee_per_gas: string;
      max_priority_fee_per_gas: string;
      created_at: Date;
    }>(
      `select x.tx_hash, x.settlement_id, x.nonce, x.max_fee_per_gas, x.max_priority_fee_per_gas, x.created_at
       from settlement_txs x join settlements s on s.id = x.settlement_id where s.payment_id = $1 order by x.created_at`,
      [id],
    ),
    ctx.db.query<{ network: string; block_number: string | null }>('select network, block_number from watcher_cursors'),
    Promise.all(ctx.plugs.paymentDetailParts.map((part) => part(ctx.db, row))),
  ]);
  const heads = new Map(cursors.map((c) => [c.network, c.block_number === null ? null : BigInt(c.block_number)]));
  return {
    ...intentView(row, deposits, viewOptions(ctx)),
    object: 'payment',
    // The creation is implied by the intent row; the table holds the changes after it. The first state is the
    // `from` of the first change (CREATED for a link intent opened later), or the current state when none.
    timeline: [
      {
        status: timeline[0]?.previous_status ?? row.status,
        previous_status: null,
        reason: 'created',
        data: {},
        created_at: row.created_at,
      },
      ...timeline,
    ].map((e) => ({
      status: e.status,
      previous_status: e.previous_status,
      reason: e.reason,
      data: e.data,
      created_at: e.created_at.toISOString(),
    })),
    transfers: transfers.map((tr) => transferView(ctx, tr, heads)),
    settlements: settlements.map((s) => settlementView(ctx, s)),
    // What other features show of the payment, in registration order (refunds: its refund requests and what
    // completed ones returned).
    ...Object.assign({}, ...parts),
    attempts: attempts.map((a) => ({
      settlement_id: a.settlement_id,
      tx_hash: a.tx_hash,
      nonce: Number(a.nonce),
      max_fee_per_gas: a.max_fee_per_gas,
      max_priority_fee_per_gas: a.max_priority_fee_per_gas,
      created_at: a.created_at.toISOString(),
    })),
  };
}

export interface TransferRow {
  id: string;
  network: string;
  payment_id: string;
  kind: 'incoming' | 'settlement' | 'refund';
  refund_id: string | null;
  deposit_address: string;
  token: string;
  official: boolean;
  from_address: string;
  to_address: string;
  amount_units: string;
  block_number: string;
  block_hash: string;
  block_time: Date;
  tx_hash: string;
  log_index: number;
  final: boolean;
  removed: boolean;
  observed_at: Date;
  /** Decimals of a token other than the official ones, when known (money/tokenDecimals.ts). */
  token_decimals: number | null;
}

export const TRANSFER_COLUMNS = `c.id::text as id, c.network, c.payment_id, c.kind, c.deposit_address, c.token, c.official,
  c.from_address, c.to_address, c.amount_units, c.block_number, c.block_hash, c.block_time, c.tx_hash, c.log_index,
  c.final, c.removed, c.observed_at, c.refund_id, ${storedDecimals('c')} as token_decimals`;

/** Symbol and decimals of an official token on a network; undefined for any other token (decimals unknown). */
export function officialToken(ctx: GatewayContext, network: string, address: string) {
  const n = ctx.networkRegistry.get(network);
  return n ? Object.values(n.tokens).find((tk) => tk.address.toLowerCase() === address.toLowerCase()) : undefined;
}

export const decimalsOf = (tok: { decimals: number } | undefined, stored: number | null): number | null =>
  tok?.decimals ?? stored;

export function transferView(ctx: GatewayContext, tr: TransferRow, heads: Map<string, bigint | null>) {
  const tok = officialToken(ctx, tr.network, tr.token);
  const head = heads.get(tr.network);
  const block = BigInt(tr.block_number);
  const units = unitsFromDb(tr.amount_units);
  const decimals = decimalsOf(tok, tr.token_decimals);
  return {
    id: `trf_${tr.id}`,
    object: 'transfer',
    // payment: to a deposit address; settlement: from it into the vault; refund: from the vault to a refund's
    // recipient (refund_request_id).
    type: tr.kind === 'incoming' ? 'payment' : tr.kind,
    payment_id: tr.payment_id,
    refund_request_id: tr.refund_id,
    network: tr.network,
    token_address: tr.token,
    token_symbol: tok?.symbol ?? null,
    official: tr.official,
    from: tr.from_address,
    to: tr.to_address,
    // In the token's own decimals: the registry's for official tokens, read from the chain for any other (null only
    // for a token that answers no decimals()).
    amount: decimals === null ? null : formatAmount(units, decimals),
    amount_units: units.toString(),
    tx_hash: tr.tx_hash,
    log_index: tr.log_index,
    block_number: Number(block),
    block_hash: tr.block_hash,
    block_time: tr.block_time.toISOString(),
    confirmations: tr.removed ? 0 : head != null && head >= block ? Number(head - block + 1n) : 0,
    final: tr.final,
    removed: tr.removed,
    observed_at: tr.observed_at.toISOString(),
  };
}

export interface SettlementRow {
  id: string;
  payment_id: string;
  network: string;
  purpose: string;
  attempt: number;
  token: string;
  deposit_address: string;
  vault: string;
  state: string;
  relayer: string | null;
  nonce: string | null;
  tx_hash: string | null;
  mined_block: string | null;
  amount_units: string | null;
  error: string | null;
  created_at: Date;
  submitted_at: Date | null;
  finished_at: Date | null;
  token_decimals: number | null;
}

export const SETTLEMENT_COLUMNS = `s.id, s.payment_id, s.network, s.purpose, s.attempt, s.token, s.deposit_address, s.vault,
  s.state, s.relayer, s.nonce, s.tx_hash, s.mined_block, s.amount_units, s.error, s.created_at, s.submitted_at,
  s.finished_at, ${storedDecimals('s')} as token_decimals`;

export function settlementView(ctx: GatewayContext, s: SettlementRow) {
  const tok = officialToken(ctx, s.network, s.token);
  const units = s.amount_units === null ? null : unitsFromDb(s.amount_units);
  const decimals = decimalsOf(tok, s.token_decimals);
  return {
    id: s.id,
    object: 'settlement',
    payment_id: s.payment_id,
    network: s.network,
    purpose: s.purpose,
    attempt: s.attempt,
    state: s.state,
    token_address: s.token,
    token_symbol: tok?.symbol ?? null,
    from: s.deposit_address,
    vault: s.vault,
    relayer: s.relayer,
    nonce: s.nonce === null ? null : Number(s.nonce),
    tx_hash: s.tx_hash,
    block_number: s.mined_block === null ? null : Number(s.mined_block),
    // Null exactly when amount_units is (an attempt that moved nothing), or the token answers no decimals().
    amount: units === null || decimals === null ? null : formatAmount(units, decimals),
    amount_units: units === null ? null : units.toString(),
    error: s.error,
    created_at: s.created_at.toISOString(),
    submitted_at: s.submitted_at?.toISOString() ?? null,
    finished_at: s.finished_at?.toISOString() ?? null,
  };
}

export type { PaymentStatus };
