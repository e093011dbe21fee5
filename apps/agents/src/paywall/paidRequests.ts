import { randomUUID } from 'node:crypto';
import type { Sql } from '@tender/platform';
import { AgentError } from '../http/errors.ts';

/**
 * The paid-request record (table agent_paid_requests): idempotency, proof binding, single settlement and the stored
 * response, all in one row. Every transition is one conditional UPDATE fenced by the lease token, so concurrent
 * replays of one request (50 at once in the tests) coordinate through the database alone.
 */
export type PaidState = 'pending' | 'settled' | 'completed';

export interface PaidRow {
  id: string;
  wallet_address: string;
  idempotency_key: string;
  service_id: string;
  request_hash: string;
  proof_hash: string;
  state: PaidState;
  lease_token: string | null;
  settlement: Record<string, unknown> | null;
  response_status: number | null;
  response_body: Record<string, unknown> | null;
}

export interface NewPaidRequest {
  walletAddress: string;
  idempotencyKey: string;
  serviceId: string;
  requestHash: string;
  proofHash: string;
  amountUnits: string;
  network: string;
  asset: string;
  paymentPayload: unknown;
  leaseMs: number;
}

export type Claim =
  { kind: 'claimed'; row: PaidRow; lease: string; fresh: boolean } | { kind: 'completed'; row: PaidRow };

// JSON parameters travel as text and are cast by the server (`$n::text::jsonb`): the two drivers disagree on
// serialising a JS string for a jsonb parameter.
const COLUMNS = `id, wallet_address, idempotency_key, service_id, request_hash, proof_hash, state, lease_token,
  settlement, response_status, response_body`;

/**
 * Finds or creates the row of (wallet, key) and takes its lease. Outcomes:
 *  - claimed: the caller holds the lease and continues from the row's state;
 *  - completed: the stored response is to be replayed;
 *  - throws IDEMPOTENCY_CONFLICT (key bound to another service, body or proof), PROOF_ALREADY_USED (the proof paid
 *    for another key) or PAYMENT_PENDING (another holder's lease is live).
 */
export async function claimPaidRequest(sql: Sql, r: NewPaidRequest): Promise<Claim> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const lease = randomUUID();
    // Any unique violation (key or proof) makes the insert a no-op; what exists decides below.
    const inserted = await sql.query<PaidRow>(
      `insert into agent_paid_requests (wallet_address, idempotency_key, service_id, request_hash, proof_hash,
         amount_units, network, asset, state, lease_token, lease_expires_at, payment_payload, attempts)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, now() + ($10::int * interval '1 millisecond'), $11::text::jsonb, 1)
       on conflict do nothing
       returning ${COLUMNS}`,
      [
        r.walletAddress,
        r.idempotencyKey,
        r.serviceId,
        r.requestHash,
        r.proofHash,
        r.amountUnits,
        r.network,
        r.asset,
        lease,
        r.leaseMs,
        JSON.stringify(r.paymentPayload),
      ],
    );
    if (inserted[0]) return { kind: 'claimed', row: inserted[0], lease, fresh: true };

    const existing = await sql.query<PaidRow>(
      `select ${COLUMNS} from agent_paid_requests where wallet_address = $1 and idempotency_key = $2`,
      [r.walletAddress, r.idempotencyKey],
    );
    const row = existing[0];
    if (!row) {
      const byProof = await sql.query(`select 1 from agent_paid_requests where proof_hash = $1`, [r.proofHash]);
      if (byProof.length > 0) {
        throw new AgentError(
          'PROOF_ALREADY_USED',
          'This payment proof already paid for another request (another Idempotency-Key); sign a new payment',
        );
      }
      continue; // the row was deleted between the insert and the select (a failed verification): try again
    }
    if (row.service_id !== r.serviceId || row.request_hash !== r.requestHash) {
      throw new AgentError(
        'IDEMPOTENCY_CONFLICT',
        'This Idempotency-Key was used with a different request; replay the original request unchanged or use a new key',
      );
    }
    if (row.proof_hash !== r.proofHash) {
      throw new AgentError(
        'IDEMPOTENCY_CONFLICT',
        'This Idempotency-Key is bound to another payment proof; replay with the original PAYMENT-SIGNATURE',
      );
    }
    if (row.state === 'completed') return { kind: 'completed', row };
    const taken = await sql.query<PaidRow>(
      `update agent_paid_requests
          set lease_token = $2, lease_expires_at = now() + ($3::int * interval '1 millisecond'),
              attempts = attempts + 1
        where id = $1 and state <> 'completed' and (lease_expires_at is null or lease_expires_at <= now())
        returning ${COLUMNS}`,
      [row.id, lease, r.leaseMs],
    );
    if (taken[0]) return { kind: 'claimed', row: taken[0], lease, fresh: false };
    const again = await sql.query<PaidRow>(`select ${COLUMNS} from agent_paid_requests where id = $1`, [row.id]);
    if (again[0]?.state === 'completed') return { kind: 'completed', row: again[0] };
    throw pending();
  }
  throw pending();
}

export function pending(): AgentError {
  return new AgentError('PAYMENT_PENDING', 'This payment is being processed; do not pay twice; retry unchanged', {
    headers: { 'retry-after': '1' },
  });
}

/** Forgets a row that never charged anything (verification or definitive settlement failure). */
export async function dropPaidRequest(sql: Sql, id: string, lease: string): Promise<void> {
  await sql.query(`delete from agent_paid_requests where id = $1 and lease_token = $2 and state = 'pending'`, [
    id,
    lease,
  ]);
}

/**
 * pending → settled with the facilitator's answer. Not fenced by the lease: a settlement that happened must be
 * recorded even if the lease ran out meanwhile; the state condition makes it happen at most once.
 */
export async function markSettled(sql: Sql, id: string, settlement: Record<string, unknown>): Promise<void> {
  await sql.query(
    `update agent_paid_requests
        set state = 'settled', settlement = $2::text::jsonb, settlement_tx = $3, settled_at = now()
      where id = $1 and state = 'pending'`,
    [id, JSON.stringify(settlement), typeof settlement.transaction === 'string' ? settlement.transaction : null],
  );
}

/** Gives the lease up at once so that a retry can continue (after a provider failure or an unknown outcome). */
export async function releaseLease(sql: Sql, id: string, lease: string, error: string): Promise<void> {
  await sql.query(
    `update agent_paid_requests set lease_expires_at = now(), last_error = $3 where id = $1 and lease_token = $2`,
    [id, lease, error.slice(0, 1000)],
  );
}

/**
 * settled → completed with the stored response, fenced by the lease: exactly one holder completes a row, so the
 * operation's writes (and a first access token) commit once. Must run in the transaction of those writes.
 * `settlement` is given when the settlement was not recorded yet (the hot path records it here, in the same
 * transaction as the response: pending → completed); a crash before this commit leaves the row pending, and the
 * next holder finds the authorization consumed on chain and never settles again. Returns the completed row's facts,
 * or null when the lease was not held. completeWithPaymentEvent runs the same update with the row's event.
 */
export async function markCompleted(sql: Sql, c: Completion): Promise<CompletedPaidRequest | null> {
  const rows = await sql.query<CompletedPaidRequest>(COMPLETE_UPDATE, completeParams(c));
  return rows[0] ?? null;
}

export interface Completion {
  id: string;
  lease: string;
  status: number;
  body: Record<string, unknown>;
  settlement: Record<string, unknown> | null;
}

/** markCompleted's update, with its parameters $1–$6 (completeParams); a statement or a CTE. */
export const COMPLETE_UPDATE = `update agent_paid_requests
        set state = 'completed', response_status = $3, response_body = $4::text::jsonb, completed_at = now(),
            lease_expires_at = null,
            settlement = coalesce($5::text::jsonb, settlement),
            settlement_tx = coalesce($6, settlement_tx),
            settled_at = coalesce(settled_at, now())
      where id = $1 and lease_token = $2 and (state = 'settled' or (state = 'pending' and $5::text is not null))
      returning id, wallet_address, service_id, amount_units::text as amount_units, network, asset, settlement_tx,
                response_status`;

export function completeParams({ id, lease, status, body, settlement }: Completion): unknown[] {
  return [
    id,
    lease,
    status,
    JSON.stringify(body),
    settlement ? JSON.stringify(settlement) : null,
    typeof settlement?.transaction === 'string' ? settlement.transaction : null,
  ];
}

/** The settled facts of a request as markCompleted left it: what its payment.completed event says. */
export interface CompletedPaidRequest {
  id: string;
  wallet_address: string;
  service_id: string;
  amount_units: string;
  network: string;
  asset: string;
  settlement_tx: string | null;
  response_status: number;
}

/**
 * Expires every live lease on an unfinished paid request. Only for a process that is alone on its database, at
 * start: no lease can then belong to a live holder, and the next retry of each request takes it over (and
 * reconciles on chain whatever its dead holder settled). Returns how many were released.
 */
export async function releaseOrphanedLeases(sql: Sql): Promise<number> {
  const rows = await sql.query(
    `update agent_paid_requests set lease_expires_at = now(), last_error = 'holder process ended'
      where state <> 'completed' and lease_expires_at > now()
      returning id`,
  );
  return rows.length;
}

export async function readPaidRequest(sql: Sql, id: string): Promise<PaidRow | null> {
  const rows = await sql.query<PaidRow>(`select ${COLUMNS} from agent_paid_requests where id = $1`, [id]);
  return rows[0] ?? null;
}
