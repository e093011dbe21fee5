import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from '../db/database.ts';
import { platformMigrations } from '../db/platformMigrations.ts';
import { Metrics } from '../http/metrics.ts';
import { enqueue } from './enqueue.ts';
import { registerJobMetrics } from './jobMetrics.ts';

describe('job metrics', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(await platformMigrations());
  });
  afterAll(() => db.close());

  it('exposes due, scheduled and oldest-age gauges per queue from the jobs table', async () => {
    await enqueue(db, { queue: 'm.due', payload: {}, idempotencyKey: 'm1', runAt: new Date(Date.now() - 5000) });
    await enqueue(db, { queue: 'm.due', payload: {}, idempotencyKey: 'm2' });
    await enqueue(db, { queue: 'm.later', payload: {}, idempotencyKey: 'm3', runAt: new Date(Date.now() + 60_000) });
    const metrics = new Metrics();
    registerJobMetrics(metrics, db);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/tender_jobs_due\{queue="m\.due"\} 2/);
    expect(text).toMatch(/tender_jobs_scheduled\{queue="m\.later"\} 1/);
    const age = Number(/tender_jobs_oldest_due_age_seconds\{queue="m\.due"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(4);
  });
});
