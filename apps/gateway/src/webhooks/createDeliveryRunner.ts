import {
  LeaseLostError,
  createLeaseRunner,
  retryTransient,
  type LeaseLoopSettings,
  type LeaseRunner,
  type WorkRunner,
} from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import type { ClaimedDelivery } from './claimDeliveries.ts';
import { completeAndClaimDeliveries } from './completeAndClaimDeliveries.ts';
import { createDeliveryWorker, disableCutoff, type DeliveryWorkerOptions } from './deliveryWorker.ts';
import { extendDeliveryLeases } from './extendDeliveryLeases.ts';
import { WEBHOOK_DELIVERY_WAKE } from './deliveryWake.ts';
import { DEFAULT_WEBHOOK_CONCURRENCY } from './settings.ts';
import type { AttemptRecord, WrittenAttempt } from './writeAttempts.ts';

/**
 * The lease loop's settings (concurrency: deliveries in flight, default DEFAULT_WEBHOOK_CONCURRENCY, 512; leaseMs:
 * default 30 s, three times the default attempt timeout, so a send is extended at most once or twice and a crash
 * delays its deliveries by half a minute; wake-ups come from the fan-out and manual retries) and the worker's.
 */
export interface DeliveryRunnerOptions extends DeliveryWorkerOptions, LeaseLoopSettings {}

/**
 * stop() also aborts the sends in flight: each logs its attempt as aborted and hands its delivery back, due at once.
 */
export interface DeliveryRunner extends WorkRunner {
  /** Closes the sender's pooled connections (after stop). */
  close(): void;
}

/**
 * The webhook delivery runner: the platform's lease loop (createLeaseRunner) over webhook_deliveries rows. It claims
 * due rows in batches (claimDeliveries: claim and load in one statement) and runs each through the delivery worker,
 * which writes the attempt and the row's next state under the run's lease. The attempts written since the last cycle
 * go in the next cycle's claim statement (completeAndClaimDeliveries: one commit for both, as the job runner does);
 * a run's slot stays taken until its attempt is written. The delivery row is the job; the job runner is not
 * involved.
 *
 * Guarantees (with the worker's fenced writes): two runners, in one process or many, never run one delivery under
 * the same lease (SKIP LOCKED claims, a fresh token per claim, every write fenced by it); a run whose lease is lost
 * is aborted and writes nothing; a dead runner's deliveries are due again when their leases expire. Wake-ups by
 * NOTIFY (fan-out and manual retries), polling for retries as they become due and for lost notifications.
 */
export function createDeliveryRunner(ctx: GatewayContext, opts: DeliveryRunnerOptions = {}): DeliveryRunner {
  // Tests shorten the lease to see a crash recovered quickly; heartbeats keep a longer send's lease.
  const leaseMs = opts.leaseMs ?? 30_000;
  // Attempts waiting for the next cycle, which writes them with its claim.
  const pending: PendingWrite[] = [];
  const worker = createDeliveryWorker(
    ctx,
    opts,
    (record) =>
      new Promise((resolve, reject) => {
        pending.push({ record, resolve, reject });
        loop.schedulePump();
      }),
  );
  const cycle = async (limit: number): Promise<ClaimedDelivery[]> => {
    const batch = oneWritePerDelivery(pending);
    try {
      // One statement: a deadlock (see writeAttempts) wrote and claimed nothing; it runs again.
      const { written, claimed } = await retryTransient(() =>
        completeAndClaimDeliveries(ctx.db, {
          records: batch.map((p) => p.record),
          disableCutoff: disableCutoff(ctx),
          limit,
          leaseMs,
        }),
      );
      batch.forEach((p, i) => p.resolve(written[i]));
      return claimed;
    } catch (err) {
      // Those runs reject (their leases expire, and the next runs log them as interrupted); the loop pauses.
      for (const p of batch) p.reject(err);
      throw err;
    }
  };
  const loop: LeaseRunner<ClaimedDelivery> = createLeaseRunner<ClaimedDelivery>({
    name: 'webhooks',
    db: ctx.db,
    concurrency: opts.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY,
    leaseMs,
    pollMs: opts.pollMs,
    listen: opts.listen,
    logger: opts.logger,
    // The fan-out's NOTIFY goes to the jobs channel with this payload (deliveryWake.ts), so the job runners that
    // share the channel ignore it, as they ignore other queues.
    wakesOn: (payload) => payload === WEBHOOK_DELIVERY_WAKE,
    leaseOf: (d) => ({ id: d.id, leaseToken: d.lease_token }),
    claim: cycle,
    hasWrites: () => pending.length > 0,
    // The worker writes the outcome (or hands the delivery back) before it resolves: the lease is no longer held.
    run: (run) => worker.deliver(run.item, run).then(() => run.settle()),
    release: (deliveries) => worker.release(deliveries),
    extend: (leases, ms) => extendDeliveryLeases(ctx.db, leases, ms),
    // Only runs that have held their lease for a third of it or more: most sends take milliseconds and are never
    // extended, so the heartbeat costs nothing while receivers answer quickly.
    extendable: (run, now) => !run.aborted && run.deadline - now < (leaseMs * 2) / 3,
    lostError: (id) => new LeaseLostError(id, `lease on webhook delivery ${id} is no longer held`),
  });
  return {
    start: () => loop.start(),
    stop: (o) => loop.stop(o),
    get inFlight() {
      return loop.inFlight;
    },
    close: () => worker.close(),
  };
}

interface PendingWrite {
  record: AttemptRecord;
  resolve(written: WrittenAttempt | undefined): void;
  reject(err: unknown): void;
}

/**
 * Takes from `pending` the writes of the next statement: at most one per delivery (a run that outlived its lease and
 * the run that took the delivery over may both be waiting; the write is fenced, but one statement must not log two
 * attempts of one delivery). The others wait for the next cycle.
 */
function oneWritePerDelivery(pending: PendingWrite[]): PendingWrite[] {
  const batch: PendingWrite[] = [];
  const later: PendingWrite[] = [];
  const ids = new Set<string>();
  for (const p of pending.splice(0)) {
    if (ids.has(p.record.deliveryId)) later.push(p);
    else {
      ids.add(p.record.deliveryId);
      batch.push(p);
    }
  }
  pending.push(...later);
  return batch;
}
