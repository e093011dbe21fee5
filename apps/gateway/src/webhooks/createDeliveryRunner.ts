import { performance } from 'node:perf_hooks';
import { LeaseLostError, RunnerStoppingError, jobsChannel, type JobLogger } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { claimDeliveries, type ClaimedDelivery } from './claimDeliveries.ts';
import { createDeliveryWorker, type DeliveryWorkerOptions } from './deliveryWorker.ts';
import { extendDeliveryLeases } from './extendDeliveryLeases.ts';
import { WEBHOOK_DELIVERY_WAKE } from './deliveryWake.ts';
import type { AbortHook } from './sender.ts';
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

/** A run this runner holds the lease of, from claim until its outcome is written (or it is given up). */
class Run implements AbortHook {
  /** Why the run was called off (LeaseLostError, RunnerStoppingError); undefined while it is not. */
  abortReason: Error | undefined;
  private listeners: (() => void)[] | null = null;
  constructor(
    readonly delivery: ClaimedDelivery,
    /** Local monotonic time (performance.now) before which the lease is certainly still live. */
    public deadline: number,
  ) {}
  get aborted(): boolean {
    return this.abortReason !== undefined;
  }
  onAbort(listener: () => void): () => void {
    if (this.abortReason !== undefined) {
      listener();
      return () => {};
    }
    (this.listeners ??= []).push(listener);
    return () => {
      const i = this.listeners?.indexOf(listener) ?? -1;
      if (i >= 0) this.listeners!.splice(i, 1);
    };
  }
  abort(reason: Error): void {
    if (this.abortReason !== undefined) return;
    this.abortReason = reason;
    for (const l of this.listeners?.splice(0) ?? []) l();
  }
}

const consoleLogger: JobLogger = {
  warn: (obj, msg) => console.warn(msg ?? 'webhook runner warning', obj),
  error: (obj, msg) => console.error(msg ?? 'webhook runner error', obj),
};

/**
 * The webhook delivery runner: claims due webhook_deliveries rows in batches (claimDeliveries: claim and load in one
 * statement), runs each through the delivery worker, and keeps the leases of long sends alive. The delivery row is
 * the job; the platform job runner is not involved.
 *
 * Guarantees (with the worker's fenced writes): two runners, in one process or many, never run one delivery under
 * the same lease (SKIP LOCKED claims, a fresh token per claim, every write fenced by it); a run whose lease is lost
 * is aborted and writes nothing; a dead runner's deliveries are due again when their leases expire. Wake-ups by
 * NOTIFY (fan-out and manual retries), polling for retries as they become due and for lost notifications.
 */
export function createDeliveryRunner(ctx: GatewayContext, opts: DeliveryRunnerOptions = {}): DeliveryRunner {
  return new DeliveryRunnerImpl(ctx, opts);
}

class DeliveryRunnerImpl implements DeliveryRunner {
  private readonly worker;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly listen: boolean;
  private readonly log: JobLogger;

  private readonly runs = new Map<string, Run>();
  private claiming = false;
  private pumpQueued = false;
  private pausedUntil = 0;
  /** Nothing more was due at the last claim; only a wake-up (NOTIFY, poll tick) makes claiming worthwhile again. */
  private drained = false;
  /** Bumped by every wake-up, so that a claim racing a NOTIFY does not conclude "drained". */
  private wakeSeq = 0;
  private startPromise: Promise<void> | null = null;
  private stopping = false;
  private stopPromise: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private heartbeating = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: GatewayContext,
    opts: DeliveryRunnerOptions,
  ) {
    this.worker = createDeliveryWorker(ctx, opts);
    this.concurrency = opts.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY;
    // Never shorter than an attempt's timeout plus a margin would be safer still, but tests shorten it to see a
    // crash recovered quickly; heartbeats keep a longer send's lease.
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 1_000;
    this.listen = opts.listen ?? true;
    this.log = opts.logger ?? consoleLogger;
    if (!(Number.isInteger(this.concurrency) && this.concurrency >= 1))
      throw new RangeError('concurrency must be >= 1');
    if (!(this.leaseMs >= 100)) throw new RangeError('leaseMs must be >= 100');
  }

  get inFlight(): number {
    return this.runs.size;
  }

  start(): Promise<void> {
    if (this.startPromise || this.stopping)
      return Promise.reject(new Error('webhook runner already started or stopped'));
    this.startPromise = this.doStart();
    return this.startPromise;
  }

  private async doStart(): Promise<void> {
    // A third of the lease: a send that has held its lease that long is extended, twice before it could run out.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.schedulePoll();
    this.wake();
    if (this.listen) {
      // The fan-out's NOTIFY goes to the jobs channel with this payload (deliveryWake.ts), so the job runners that
      // share the channel ignore it, as they ignore other queues.
      try {
        this.unlisten = await this.ctx.db.listen(jobsChannel(this.ctx.db), (payload) => {
          if (payload === WEBHOOK_DELIVERY_WAKE) this.wake();
        });
      } catch (err) {
        // Not started after all: wind down what already runs (stop awaits this start, so it runs afterwards).
        void this.stop();
        throw err;
      }
      this.wake();
    }
  }

  stop(opts: { timeoutMs?: number } = {}): Promise<void> {
    this.stopPromise ??= this.doStop(opts);
    return this.stopPromise;
  }

  close(): void {
    this.worker.close();
  }

  private async doStop(opts: { timeoutMs?: number }): Promise<void> {
    this.stopping = true;
    // A stop during start-up (SIGTERM while the LISTEN connection opens) lets start finish, then undoes it.
    await this.startPromise?.catch(() => {});
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const run of this.runs.values()) run.abort(new RunnerStoppingError());
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch((err: unknown) => this.log.warn({ err }, 'webhooks: unlisten failed'));
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => {
      this.idleWaiters.push(() => resolve(false));
      this.checkIdle();
    });
    const gaveUp = await (opts.timeoutMs === undefined
      ? idle
      : Promise.race([idle, new Promise<boolean>((r) => (timer = setTimeout(() => r(true), opts.timeoutMs)))]));
    clearTimeout(timer);
    // Heartbeats run until the last run is done: a slow write during shutdown keeps its lease.
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (gaveUp) {
      this.log.warn({ running: this.runs.size }, 'webhooks: stop timed out; remaining leases will expire');
    }
  }

  private checkIdle(): void {
    if (!this.stopping || this.runs.size > 0 || this.claiming) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  // ---- claiming ------------------------------------------------------------------------------------------------

  private wake(): void {
    this.wakeSeq++;
    this.drained = false;
    this.schedulePump();
  }

  /** One claim per event-loop turn at most: slots freed by a batch of finished runs are claimed together. */
  private schedulePump(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.claiming || this.stopping || this.drained || performance.now() < this.pausedUntil) return;
    const limit = this.concurrency - this.runs.size;
    if (limit <= 0) return;
    this.claiming = true;
    const seq = this.wakeSeq;
    const startedAt = performance.now();
    let claimed: ClaimedDelivery[] = [];
    try {
      claimed = await claimDeliveries(this.ctx.db, limit, this.leaseMs);
      this.drained = claimed.length < limit && this.wakeSeq === seq;
      if (this.stopping) {
        // Claimed while stop began: hand them back at once, unsent and uncounted (still `claiming`, so that stop
        // waits for it).
        await this.worker.release(claimed);
        claimed = [];
      }
    } catch (err) {
      this.log.error({ err }, 'webhooks: claim failed (or its release on stop; those leases will expire)');
      claimed = [];
      this.pause();
    } finally {
      this.claiming = false;
    }
    // The lease was set by the server after startedAt, so startedAt + leaseMs is a safe local bound.
    const deadline = startedAt + this.leaseMs;
    for (const d of claimed) {
      const run = new Run(d, deadline);
      this.runs.set(d.id, run);
      void this.execute(run);
    }
    this.checkIdle();
    this.schedulePump();
  }

  private async execute(run: Run): Promise<void> {
    try {
      await this.worker.deliver(run.delivery, run);
    } catch (err) {
      // The outcome could not be written (database unreachable): the lease expires and the next run logs this one.
      this.log.error({ err, delivery: run.delivery.id }, 'webhooks: run failed; its lease will expire');
    }
    this.runs.delete(run.delivery.id);
    this.schedulePump();
    this.checkIdle();
  }

  /** After a failed claim: no claim for a while, then try again. */
  private pause(): void {
    const ms = Math.min(this.pollMs, 1_000);
    this.pausedUntil = performance.now() + ms;
    setTimeout(() => this.schedulePump(), ms + 1);
  }

  private schedulePoll(): void {
    this.pollTimer = setTimeout(() => {
      if (this.stopping) return;
      this.wake();
      this.schedulePoll();
    }, this.pollMs);
  }

  // ---- leases --------------------------------------------------------------------------------------------------

  /**
   * Extends, in one statement, the leases of runs that have held theirs for a third of it or more. Most sends take
   * milliseconds and are never extended: the heartbeat costs nothing while receivers answer quickly.
   */
  private async heartbeat(): Promise<void> {
    if (this.heartbeating) return;
    const now = performance.now();
    const held = [...this.runs.values()].filter((r) => !r.aborted && r.deadline - now < (this.leaseMs * 2) / 3);
    if (held.length === 0) return;
    this.heartbeating = true;
    const startedAt = performance.now();
    try {
      const extended = await extendDeliveryLeases(
        this.ctx.db,
        held.map((r) => ({ id: r.delivery.id, leaseToken: r.delivery.lease_token })),
        this.leaseMs,
      );
      for (const run of held) {
        if (extended.has(run.delivery.id)) run.deadline = startedAt + this.leaseMs;
        else if (this.runs.get(run.delivery.id) === run)
          run.abort(
            new LeaseLostError(run.delivery.id, `lease on webhook delivery ${run.delivery.id} is no longer held`),
          );
      }
    } catch (err) {
      this.log.error({ err }, 'webhooks: lease extension failed');
      // Could not extend: a lease whose local deadline has passed may already be someone else's.
      const after = performance.now();
      for (const run of held)
        if (after >= run.deadline)
          run.abort(
            new LeaseLostError(run.delivery.id, `lease on webhook delivery ${run.delivery.id} is no longer held`),
          );
    } finally {
      this.heartbeating = false;
    }
  }
}
