import type { Metrics, Sql } from '@tender/platform';

/**
 * Refunds owed to payers (table agent_refunds_owed): a payment that settled for an operation that then failed in a
 * way no retry can fix. Written in the transaction that completes the paid request with the error answer naming
 * the refund, so the payer is told exactly when the debt is recorded; one row per paid request at most.
 */
export interface RefundOwed {
  id: string;
  paidRequestId: string;
  walletAddress: string;
  amountUnits: string;
  asset: string;
  network: string;
  settlementTx: string | null;
  serviceId: string;
  requestId: string;
  reason: string;
  createdAt: Date;
  refundedAt: Date | null;
  refundTx: string | null;
}

interface Row {
  id: string;
  paid_request_id: string;
  wallet_address: string;
  amount_units: string;
  asset: string;
  network: string;
  settlement_tx: string | null;
  service_id: string;
  request_id: string;
  reason: string;
  created_at: Date;
  refunded_at: Date | null;
  refund_tx: string | null;
}

const COLUMNS = `id, paid_request_id, wallet_address, amount_units, asset, network, settlement_tx, service_id,
  request_id, reason, created_at, refunded_at, refund_tx`;

const view = (r: Row): RefundOwed => ({
  id: r.id,
  paidRequestId: r.paid_request_id,
  walletAddress: r.wallet_address,
  amountUnits: r.amount_units,
  asset: r.asset,
  network: r.network,
  settlementTx: r.settlement_tx,
  serviceId: r.service_id,
  requestId: r.request_id,
  reason: r.reason,
  createdAt: r.created_at,
  refundedAt: r.refunded_at,
  refundTx: r.refund_tx,
});

export interface RecordRefundOwedParameters {
  paidRequestId: string;
  /** The settlement's transaction when the paid request does not carry it yet (recorded in the same transaction). */
  settlementTx: string | null;
  requestId: string;
  reason: string;
}

/**
 * Records the refund of one paid request: payer, amount, asset and network come from the paid request itself, so
 * the refund owes exactly what was charged. Idempotent: a second call returns the existing row.
 */
export async function recordRefundOwed(tx: Sql, p: RecordRefundOwedParameters): Promise<RefundOwed> {
  const rows = await tx.query<Row>(
    `insert into agent_refunds_owed (paid_request_id, wallet_address, amount_units, asset, network, settlement_tx,
       service_id, request_id, reason)
     select id, wallet_address, amount_units, asset, network, coalesce(settlement_tx, $2), service_id, $3, $4
       from agent_paid_requests where id = $1
     on conflict (paid_request_id) do update set paid_request_id = excluded.paid_request_id
     returning ${COLUMNS}`,
    [p.paidRequestId, p.settlementTx, p.requestId, p.reason.slice(0, 1000)],
  );
  if (!rows[0]) throw new Error(`paid request ${p.paidRequestId} does not exist`);
  return view(rows[0]);
}

/** The operator's worklist: refunds still owed (or all of them), oldest first. */
export async function listRefundsOwed(
  sql: Sql,
  opts: { outstandingOnly?: boolean; limit?: number } = {},
): Promise<RefundOwed[]> {
  const rows = await sql.query<Row>(
    `select ${COLUMNS} from agent_refunds_owed
      where ($1::boolean = false or refunded_at is null)
      order by created_at, id limit $2`,
    [opts.outstandingOnly ?? true, opts.limit ?? 1000],
  );
  return rows.map(view);
}

/** The operator paid a refund back: records its transaction once. False when unknown or already refunded. */
export async function markRefunded(sql: Sql, id: string, refundTx: string): Promise<boolean> {
  const rows = await sql.query(
    `update agent_refunds_owed set refunded_at = now(), refund_tx = $2 where id = $1 and refunded_at is null
     returning id`,
    [id, refundTx],
  );
  return rows.length > 0;
}

/**
 * Outstanding refunds on /metrics (count and base units per network and asset), read from the database at scrape
 * time so any process reports the cluster-wide truth: alert on a count above zero.
 */
export function registerRefundMetrics(metrics: Metrics, sql: Sql): void {
  const open = () =>
    sql
      .query<{ network: string; asset: string; n: number; units: string }>(
        `select network, asset, count(*)::int as n, sum(amount_units)::text as units
           from agent_refunds_owed where refunded_at is null group by network, asset`,
      )
      .catch(() => []);
  metrics.gauge(
    'tender_agents_refunds_owed',
    'Refunds owed to payers and not yet paid back',
    ['network', 'asset'],
    async (g) => {
      g.reset();
      for (const r of await open()) g.set({ network: r.network, asset: r.asset }, r.n);
    },
  );
  metrics.gauge(
    'tender_agents_refunds_owed_units',
    'Base units of the refunds owed to payers and not yet paid back',
    ['network', 'asset'],
    async (g) => {
      g.reset();
      for (const r of await open()) g.set({ network: r.network, asset: r.asset }, Number(r.units));
    },
  );
}
