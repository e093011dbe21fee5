import type { Sql } from '../db/database.ts';
import type { Metrics } from '../http/metrics.ts';
import { queueStats } from './queueStats.ts';

/**
 * Job queue gauges for /metrics, read from the jobs table at scrape time (so every process reports the same,
 * shared truth): due backlog, scheduled, running and dead jobs, and the age of the oldest due job.
 */
export function registerJobMetrics(metrics: Metrics, sql: Sql): void {
  let cached: { at: number; stats: Promise<Awaited<ReturnType<typeof queueStats>>> } | undefined;
  // One query per scrape, shared by the gauges below.
  const stats = () => {
    if (!cached || Date.now() - cached.at > 1000) cached = { at: Date.now(), stats: queueStats(sql) };
    return cached.stats;
  };
  const gauge = (name: string, help: string, pick: (s: Awaited<ReturnType<typeof queueStats>>[number]) => number) =>
    metrics.gauge(name, help, ['queue'], async (g) => {
      g.reset();
      for (const s of await stats().catch(() => [])) g.set({ queue: s.queue }, pick(s));
    });
  gauge('tender_jobs_due', 'Queued jobs that are due now (backlog)', (s) => s.depth);
  gauge('tender_jobs_scheduled', 'Queued jobs not yet due (delayed jobs and retries)', (s) => s.scheduled);
  gauge('tender_jobs_running', 'Jobs under a lease', (s) => s.running);
  gauge('tender_jobs_dead', 'Jobs that exhausted their attempts', (s) => s.dead);
  gauge('tender_jobs_oldest_due_age_seconds', 'Age of the oldest due job', (s) => s.oldestDueAgeSeconds);
}
