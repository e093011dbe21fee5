import { LeaseLostError, createLeaseRunner, type JobLogger } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { claimDeliveries, type ClaimedDelivery } from './claimDeliveries.ts';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker.ts';
import { extendDeliveryLeases } from './extendDeliveryLeases.ts';
import { WEBHOOK_DELIVERY_WAKE } from './deliveryWake.ts';
import { DEFAULT_WEBHOOK_CONCURRENCY } from './settings.ts';

export interface DeliveryRunnerOptions extends DeliveryWorkerOptions {
  /** Deliveries in flight at once. Default DEFAULT_WEBHOOK_CONCURRENCY (512). */
  concurrency?: number;
  /**
   * Lease length. A crashed runner's deliveries are sent again this long after. Default 30 s: three times the
   * default attempt timeout, so a send is extended at most once or twice, and a crash delays its deliveries by half a
   * minute, as the job queue did.
   */
  leaseMs?: number;
  /** Fallback polling period: finds retries as they become due and covers lost notifications. Default 1 s. */
  pollMs?: number;
  /** LISTEN for wake-ups (fan-out, manual retry). Default true. */
  listen?: boolean;
  logger?: JobLogger;
}

export interface DeliveryRunner {
  /** Subscribes to wake-ups and starts claiming. Resolves once listening. */
  start(): Promise<void>;
  /**
   * Graceful stop, safe to call more than once: stops claiming, aborts the sends in flight (each logs its attempt as
   * aborted and hands its delivery back, due at once), and waits for every run to have written its outcome. After
   * `timeoutMs` it stops waiting: the remaining leases expire and their deliveries are sent again elsewhere.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Runs in flight. */
  readonly inFlight: number;
  /** Closes the sender's pooled connections (after stop). */
  close(): void;
}

const consoleLogger: JobLogger = {
  warn: (obj, msg) => console.warn(msg ?? 'webhook runner warning', obj),
  error: (obj, msg) => console.error(msg ?? 'webhook runner error', obj),
};

/**
 * The webhook delivery runner: the platform's lease loop (createLeaseRunner) over webhook_deliveries rows. It claims
 * due rows in batches (claimDeliveries: claim and load in one statement) and runs each through the delivery worker,
 * which writes the attempt and the row's next state under the run's lease. The delivery row is the job; the job
 * runner is not involved.
 *
 * Guarantees (with the worker's fenced writes): two runners, in one process or many, never run one delivery under
 * the same lease (SKIP LOCKED claims, a fresh token per claim, every write fenced by it); a run whose lease is lost
 * is aborted and writes nothing; a dead runner's deliveries are due again when their leases expire. Wake-ups by
 * NOTIFY (fan-out and manual retries), polling for retries as they become due and for lost notifications.
 */
export function createDeliveryRunner(ctx: GatewayContext, opts: DeliveryRunnerOptions = {}): DeliveryRunner {
  const worker = createDeliveryWorker(ctx, opts);
  // Tests shorten the lease to see a crash recovered quickly; heartbeats keep a longer send's lease.
  const leaseMs = opts.leaseMs ?? 30_000;
  const loop = createLeaseRunner<ClaimedDelivery>({
    name: 'webhooks',
    db: ctx.db,
    concurrency: opts.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY,
    leaseMs,
    pollMs: opts.pollMs ?? 1_000,
    listen: opts.listen ?? true,
    logger: opts.logger ?? consoleLogger,
    // The fan-out's NOTIFY goes to the jobs channel with this payload (deliveryWake.ts), so the job runners that
    // share the channel ignore it, as they ignore other queues.
    wakesOn: (payload) => payload === WEBHOOK_DELIVERY_WAKE,
    leaseOf: (d) => ({ id: d.id, leaseToken: d.lease_token }),
    claim: (limit) => claimDeliveries(ctx.db, limit, leaseMs),
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
