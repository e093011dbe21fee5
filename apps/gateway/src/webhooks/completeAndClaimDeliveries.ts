import type { Sql } from '@tender/platform';
import { CLAIMED_SELECT, claimCtes, claimDeliveries, type ClaimedDelivery } from './claimDeliveries.ts';
import {
  ATTEMPT_WRITE_CTES,
  attemptWriteParams,
  WRITTEN_SELECT,
  writeAttempts,
  writtenOf,
  type AttemptRecord,
  type WrittenAttempt,
  type WrittenRow,
} from './writeAttempts.ts';

export interface CompleteAndClaimResult {
  /** The outcome of each record, in order (undefined: its lease was taken over, nothing written). */
  written: (WrittenAttempt | undefined)[];
  /** Newly claimed deliveries. */
  claimed: ClaimedDelivery[];
}

/**
 * writeAttempts and claimDeliveries in ONE statement, hence one commit: the delivery runner's steady-state cycle
 * (as completeAndClaimJobs is the job runner's). A commit waits for its WAL flush, which dominates the cost of a
 * batch, so folding the two halves the commits per delivery.
 *
 * Both halves run on the same snapshot and never touch the same delivery: the claim excludes every delivery the
 * write names (a run that outlived its lease is written, fenced, or refused; its row is claimed by a later cycle),
 * so each keeps its own guarantees (fencing per written row, SKIP LOCKED per claimed row). The written outcomes
 * travel as one jsonb array on the first row (or on the only row when nothing is claimed).
 */
export async function completeAndClaimDeliveries(
  sql: Sql,
  opts: { records: readonly AttemptRecord[]; disableCutoff: Date; limit: number; leaseMs: number },
): Promise<CompleteAndClaimResult> {
  const { records, disableCutoff, limit, leaseMs } = opts;
  if (records.length === 0) return { written: [], claimed: await claimDeliveries(sql, limit, leaseMs) };
  if (limit <= 0) return { written: await writeAttempts(sql, records, disableCutoff), claimed: [] };
  const rows = await sql.query<ClaimedDelivery & { written: WrittenRow[] | null; n: number | null }>(
    `with ${ATTEMPT_WRITE_CTES}, ${claimCtes('$16', '$17', '$1')},
     w as (select coalesce(jsonb_agg(x), '[]'::jsonb) as written from (${WRITTEN_SELECT}) x)
     select case when c.n is null or c.n = 1 then w.written end as written, c.*
       from w left join (select row_number() over () as n, q.* from (${CLAIMED_SELECT}) q) c on true
      order by c.n`,
    [...attemptWriteParams(records, disableCutoff), limit, Math.ceil(leaseMs)],
  );
  const claimed: ClaimedDelivery[] = [];
  let written: WrittenRow[] = [];
  for (const { written: w, n, ...row } of rows) {
    if (w) written = w;
    if (n !== null) claimed.push(row);
  }
  return { written: writtenOf(records, written), claimed };
}
