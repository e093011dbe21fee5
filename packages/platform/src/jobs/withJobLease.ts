import type { Database, Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { LeaseLostError } from './jobErrors.ts';

/**
 * Runs `fn` in a transaction that first marks the job done, fenced by the lease, and commits both together.
 *
 * Exactly-once for database effects: `fn`'s writes commit if and only if this lease was live and the job becomes
 * done in the same commit. The UPDATE takes the job's row lock for the whole transaction, so no other session can
 * requeue or claim the job meanwhile (requeueExpiredJobs skips locked rows), even if the lease expires while `fn`
 * runs; a later holder of the same stale token finds the job done and gets LeaseLostError. If the lease is not live
 * at the start, throws LeaseLostError before running `fn`; if `fn` throws, everything rolls back and the job is still
 * running under this lease (the caller then fails or releases it as usual).
 *
 * `fn` must use the `tx` it is given; on PGlite (one connection) using the outer database inside it deadlocks.
 */
export async function withJobLease<T>(
  db: Pick<Database, 'tx'>,
  lease: JobLease,
  fn: (tx: Sql) => Promise<T>,
): Promise<T> {
  return db.tx(async (tx) => {
    const rows = await tx.query(
      `update jobs j
       set state = 'done', finished_at = now(), updated_at = now(), lease_expires_at = null
       where j.id = $1 and j.lease_token = $2 and j.lease_expires_at > now()
       returning j.id`,
      [lease.id, lease.leaseToken],
    );
    if (rows.length === 0) throw new LeaseLostError(lease.id);
    return fn(tx);
  });
}
