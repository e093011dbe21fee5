import type { Sql } from '../db/database.ts';
import { DEFAULT_MAX_ATTEMPTS, type EnqueueJob, validate } from './enqueue.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';

/**
 * `enqueue` for many jobs in one statement (bulk producers, backfills). Same semantics per job: a known
 * idempotency key (also one repeated within `jobs`) inserts nothing. Returns the job ids in the order of `jobs`.
 * Sends one NOTIFY per queue that received a due job.
 */
export async function enqueueMany(sql: Sql, jobs: readonly EnqueueJob[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  for (const j of jobs) validate(j);
  const keys = jobs.map((j) => j.idempotencyKey);
  // Arrays of scalars travel as typed array parameters; payloads as JSON text, parsed by the server.
  const rows = await sql.query<{ id: string | null; idempotency_key: string | null }>(
    `with ins as (
       insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
       select i.queue, i.payload::jsonb, i.key, coalesce(i.run_at, now()), i.max_attempts
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[])
         with ordinality as i(queue, payload, key, run_at, max_attempts, ord)
       order by i.ord
       on conflict (idempotency_key) do nothing
       returning id, idempotency_key, queue, run_at
     )
     select id, idempotency_key from ins
     union all
     select null, pg_notify(${JOBS_CHANNEL_SQL}, d.queue)::text
     from (select distinct queue from ins where run_at <= now()) d`,
    [
      jobs.map((j) => j.queue),
      jobs.map((j) => JSON.stringify(j.payload ?? null)),
      keys,
      jobs.map((j) => j.runAt ?? null),
      jobs.map((j) => j.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    ],
  );
  const ids = new Map<string, string>();
  for (const r of rows) if (r.id !== null && r.idempotency_key !== null) ids.set(r.idempotency_key, String(r.id));
  const missing = [...new Set(keys.filter((k) => !ids.has(k)))];
  if (missing.length > 0) {
    // Keys that existed before this statement (or won a concurrent race): look them up with a fresh snapshot.
    const existing = await sql.query<{ id: string; idempotency_key: string }>(
      'select id, idempotency_key from jobs where idempotency_key = any($1::text[])',
      [missing],
    );
    for (const r of existing) ids.set(r.idempotency_key, String(r.id));
  }
  return keys.map((k) => {
    const id = ids.get(k);
    if (id === undefined) throw new Error(`enqueueMany: idempotency key ${k} conflicts but no job holds it`);
    return id;
  });
}
