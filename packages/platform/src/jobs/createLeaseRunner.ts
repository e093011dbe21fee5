import { performance } from 'node:perf_hooks';
import type { Database } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { LeaseLostError, RunnerStoppingError } from './jobErrors.ts';
import { jobsChannel } from './jobsChannel.ts';
import { LeasedRun } from './leasedRun.ts';

/** Structurally compatible with pino. */
export interface JobLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** The console, as a JobLogger whose messages default to naming the runner. */
export function consoleJobLogger(name: string): JobLogger {
  return {
    warn: (obj, msg) => console.warn(msg ?? `${name} runner warning`, obj),
    error: (obj, msg) => console.error(msg ?? `${name} runner error`, obj),
  };
}

/** The lease loop's tunables, as every runner on it offers them to its own users (defaults as here). */
export interface LeaseLoopSettings {
  /** Runs at once (each runner has its default). */
  concurrency?: number;
  /** Lease length, extended while a run holds it: a crashed runner's work runs again this long after. Default 30 s. */
  leaseMs?: number;
  /** Fallback polling period: finds work as it becomes due and covers lost notifications. Default 1 s. */
  pollMs?: number;
  /** Heartbeat period. Default leaseMs / 3 (two extensions may fail before a lease runs out). */
  heartbeatMs?: number;
  /** LISTEN on the jobs channel for wake-ups. Default true; false leaves polling only. */
  listen?: boolean;
  /** Default: the console (consoleJobLogger). */
  logger?: JobLogger;
}

/** What a runner on the lease loop offers its owner (the job runner, the webhook delivery runner). */
export interface WorkRunner {
  /** Subscribes to wake-ups and starts claiming. Resolves once listening. */
  start(): Promise<void>;
  /**
   * Graceful stop, safe to call from a signal handler and more than once: stops claiming, aborts every run held with
   * a RunnerStoppingError, and waits until nothing is running, held or being written. After `timeoutMs` it stops
   * waiting: the remaining leases expire and their work runs again elsewhere.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** Runs in a slot now. */
  readonly inFlight: number;
}

/**
 * What a leased work loop is made of: the loop (createLeaseRunner) owns claiming, slots, wake-ups, heartbeats, lease
 * loss and the stop; its user says how rows are claimed, run, extended and handed back.
 */
export interface LeaseRunnerOptions<T> extends LeaseLoopSettings {
  /** Names the runner in its log messages and errors ('jobs', 'webhooks'). */
  name: string;
  /** Where to LISTEN for wake-ups (the jobs channel). */
  db: Pick<Database, 'channel' | 'listen'>;
  concurrency: number;
  /** A NOTIFY payload on the jobs channel that means work of this runner may be due. */
  wakesOn(payload: string): boolean;
  /** The lease a claimed item was claimed under. */
  leaseOf(item: T): JobLease;
  /**
   * One cycle (at most one in flight): claims up to `limit` items (0: none) under fresh leases of `leaseMs`, and
   * writes whatever the user keeps for the next cycle (see hasWrites). Throwing pauses claiming for a while.
   */
  claim(limit: number, leaseMs: number): Promise<T[]>;
  /** Writes are waiting for the next cycle: a cycle runs for them even when no slot is free or nothing is due. */
  hasWrites?(): boolean;
  /**
   * Runs one claimed item in a slot; the slot is free when it settles. The run's lease stays held (and extended)
   * until `run.settle()`; a run that throws is logged and settled, and its lease expires.
   */
  run(run: LeasedRun<T>): Promise<void>;
  /** Hands back, due at once and uncounted, items claimed while the runner began stopping. */
  release(items: T[]): Promise<void>;
  /** Extends these leases to now + leaseMs in one statement; returns the ids extended (every other one is lost). */
  extend(leases: JobLease[], leaseMs: number): Promise<Set<string>>;
  /**
   * The heartbeat extends this run's lease now (default: every lease held). Also asked after a refused extension: a
   * run no longer extendable then (its outcome committed meanwhile) is not lost.
   */
  extendable?(run: LeasedRun<T>, now: number): boolean;
  /** The reason a run whose lease is lost is aborted with. Default LeaseLostError(id). */
  lostError?(id: string): Error;
  /** Before listening (e.g. checks the channel's configuration); a throw fails start. */
  beforeStart?(): Promise<void>;
  /** At each poll tick, before the wake-up (e.g. takes back expired leases). Must not throw. */
  onPoll?(): Promise<void>;
  /** Nothing of the user's is still being written: a stop waits for it too. Default true. */
  idle?(): boolean;
}

export interface LeaseRunner<T> extends WorkRunner {
  /** Stop has begun. */
  readonly stopping: boolean;
  /** Asks for a cycle (coalesced: at most one per event-loop turn), e.g. after the user queued a write. */
  schedulePump(): void;
  /** To call when a write the user kept (hasWrites, idle) is done: a stop waiting for it may finish. */
  checkIdle(): void;
  /** The lease of `run` is gone (a fenced write found it so): marks it lost and aborts it. */
  lose(run: LeasedRun<T>): void;
}

/**
 * The leased work loop shared by the job runner and the webhook delivery runner. Claims due rows under leases with
 * fresh fencing tokens into free slots, runs them, extends the leases of long runs in one statement per heartbeat,
 * aborts a run whose lease is lost, and stops gracefully. Wake-ups by NOTIFY on the jobs channel and by polling.
 *
 * Guarantees, with the user's fenced writes: a run whose lease was refused or could not be extended before its local
 * deadline is aborted (it must write nothing); a stop during start lets start finish, then undoes it; claims racing a
 * wake-up never conclude "drained"; items claimed while stopping are handed back unrun.
 */
export function createLeaseRunner<T>(opts: LeaseRunnerOptions<T>): LeaseRunner<T> {
  return new LeaseLoop(opts);
}

type Resolved<T> = LeaseRunnerOptions<T> &
  Required<Pick<LeaseRunnerOptions<T>, 'leaseMs' | 'pollMs' | 'listen' | 'logger'>>;

class LeaseLoop<T> implements LeaseRunner<T> {
  private readonly o: Resolved<T>;
  private readonly heartbeatMs: number;
  private readonly held = new Map<string, LeasedRun<T>>();
  private readonly settleRun = (run: LeasedRun<T>): void => {
    if (this.held.get(run.id) === run) this.held.delete(run.id);
    this.checkIdle();
  };
  private active = 0;
  /** A cycle is in flight. */
  private cycling = false;
  private pumpQueued = false;
  /** performance.now() before which no cycle starts (after a failed one). */
  private pausedUntil = 0;
  /** Nothing more was due at the last claim; only a wake-up (NOTIFY, poll tick) makes claiming worthwhile again. */
  private drained = false;
  /** Bumped by every wake-up, so that a claim racing a NOTIFY does not conclude "drained". */
  private wakeSeq = 0;
  private startPromise: Promise<void> | null = null;
  private stopPromise: Promise<void> | null = null;
  stopping = false;
  private heartbeating = false;
  private unlisten: (() => Promise<void>) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(opts: LeaseRunnerOptions<T>) {
    const o = (this.o = {
      ...opts,
      leaseMs: opts.leaseMs ?? 30_000,
      pollMs: opts.pollMs ?? 1_000,
      listen: opts.listen ?? true,
      logger: opts.logger ?? consoleJobLogger(opts.name),
    });
    this.heartbeatMs = o.heartbeatMs ?? Math.max(1, Math.floor(o.leaseMs / 3));
    if (!(Number.isInteger(o.concurrency) && o.concurrency >= 1)) throw new RangeError('concurrency must be >= 1');
    if (!(o.leaseMs >= 100)) throw new RangeError('leaseMs must be >= 100');
    if (!(this.heartbeatMs < o.leaseMs)) throw new RangeError('heartbeatMs must be shorter than leaseMs');
    if (!(o.pollMs >= 1)) throw new RangeError('pollMs must be >= 1');
  }

  get inFlight(): number {
    return this.active;
  }

  start(): Promise<void> {
    if (this.startPromise || this.stopping)
      return Promise.reject(new Error(`${this.o.name} runner already started or stopped`));
    this.startPromise = this.doStart();
    return this.startPromise;
  }

  private async doStart(): Promise<void> {
    await this.o.beforeStart?.();
    // Claim at once, while the LISTEN connection is being set up (a new connection: the slow part of starting);
    // the wake-up once listening covers work made due in between, whose NOTIFY went unheard.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.schedulePoll();
    this.wake();
    if (!this.o.listen) return;
    try {
      this.unlisten = await this.o.db.listen(jobsChannel(this.o.db), (payload) => {
        if (this.o.wakesOn(payload)) this.wake();
      });
    } catch (err) {
      // Not started after all: wind down what already runs (stop awaits this start, so it runs afterwards).
      void this.stop();
      throw err;
    }
    this.wake();
  }

  stop(opts: { timeoutMs?: number } = {}): Promise<void> {
    this.stopPromise ??= this.doStop(opts);
    return this.stopPromise;
  }

  private async doStop(opts: { timeoutMs?: number }): Promise<void> {
    this.stopping = true; // from here on no cycle claims anything
    // A stop during start-up (SIGTERM while the LISTEN connection opens) lets start finish, then undoes it.
    await this.startPromise?.catch(() => {});
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const run of this.held.values()) run.abort(new RunnerStoppingError());
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten)
      await unlisten().catch((err: unknown) => this.o.logger.warn({ err }, `${this.o.name}: unlisten failed`));
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<boolean>((resolve) => {
      this.idleWaiters.push(() => resolve(false));
      this.checkIdle();
    });
    const gaveUp = await (opts.timeoutMs === undefined
      ? idle
      : Promise.race([idle, new Promise<boolean>((r) => (timer = setTimeout(() => r(true), opts.timeoutMs)))]));
    clearTimeout(timer);
    // Heartbeats run until the last run is done: a slow run finishing during shutdown keeps its lease.
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (gaveUp) {
      this.o.logger.warn(
        { running: this.active, unwritten: this.held.size },
        `${this.o.name}: stop timed out; remaining leases will expire and their work runs again`,
      );
    }
  }

  checkIdle(): void {
    if (!this.stopping || this.active > 0 || this.cycling || this.held.size > 0) return;
    if (this.o.hasWrites?.() || this.o.idle?.() === false) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  lose(run: LeasedRun<T>): void {
    run.lose(this.o.lostError?.(run.id) ?? new LeaseLostError(run.id));
  }

  // ---- claiming ------------------------------------------------------------------------------------------------

  private wake(): void {
    this.wakeSeq++;
    this.drained = false;
    this.schedulePump();
  }

  /**
   * Coalesces triggers (slots freed, writes queued, wake-ups) into one cycle per event-loop turn: when a batch of
   * short runs finishes, all their slots are free and all their writes queued by the time the cycle runs, so it
   * writes and claims one large batch instead of many small ones.
   */
  schedulePump(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  /** The cycle: claims every free slot (nothing while stopping, or drained since the last wake-up). */
  private async pump(): Promise<void> {
    if (this.cycling || performance.now() < this.pausedUntil) return;
    const limit = this.stopping || this.drained ? 0 : this.o.concurrency - this.active;
    if (limit <= 0 && !this.o.hasWrites?.()) return;
    this.cycling = true;
    const seq = this.wakeSeq;
    const startedAt = performance.now();
    let items: T[] = [];
    try {
      items = await this.o.claim(Math.max(0, limit), this.o.leaseMs);
      if (limit > 0) this.drained = items.length < limit && this.wakeSeq === seq;
      if (this.stopping && items.length > 0) {
        // Claimed while stop began: hand them back at once, unrun (still `cycling`, so that stop waits for it).
        const claimed = items;
        items = [];
        await this.o.release(claimed);
      }
    } catch (err) {
      // Database unreachable or similar: pause rather than spin. Leases not handed back expire.
      this.o.logger.error({ err }, `${this.o.name}: claim cycle failed (or its release on stop)`);
      items = [];
      this.pause();
    } finally {
      this.cycling = false;
    }
    // The lease was set by the server after startedAt, so startedAt + leaseMs is a safe local bound.
    const deadline = startedAt + this.o.leaseMs;
    for (const item of items) {
      const run = new LeasedRun(item, this.o.leaseOf(item), deadline, this.settleRun);
      this.held.set(run.id, run);
      this.active++;
      void this.execute(run);
    }
    this.checkIdle();
    this.schedulePump();
  }

  private async execute(run: LeasedRun<T>): Promise<void> {
    try {
      await this.o.run(run);
    } catch (err) {
      // The outcome could not be written (database unreachable): the lease expires and the work runs again.
      this.o.logger.error({ err, id: run.id }, `${this.o.name}: run failed; its lease will expire`);
      run.settle();
    }
    this.active--;
    this.schedulePump();
    this.checkIdle();
  }

  /** After a failed cycle: none for a while, then try again. */
  private pause(): void {
    const ms = Math.min(this.o.pollMs, 1_000);
    this.pausedUntil = performance.now() + ms;
    setTimeout(() => this.schedulePump(), ms + 1);
  }

  private schedulePoll(): void {
    this.pollTimer = setTimeout(() => void this.poll(), this.o.pollMs);
  }

  private async poll(): Promise<void> {
    if (this.stopping) return;
    await this.o.onPoll?.();
    if (this.stopping) return;
    this.wake();
    this.schedulePoll();
  }

  // ---- leases --------------------------------------------------------------------------------------------------

  /** Extends, in one statement, the leases the user says need it (default: all held). */
  private async heartbeat(): Promise<void> {
    if (this.heartbeating) return; // the previous one is still waiting on the database
    const extendable = this.o.extendable ?? (() => true);
    const now = performance.now();
    const held = [...this.held.values()].filter((r) => extendable(r, now));
    if (held.length === 0) return;
    this.heartbeating = true;
    const startedAt = performance.now();
    try {
      const extended = await this.o.extend(
        held.map((r) => r.lease),
        this.o.leaseMs,
      );
      const after = performance.now();
      for (const run of held) {
        if (extended.has(run.id)) run.deadline = startedAt + this.o.leaseMs;
        // Refused and still ours (not settled while the statement ran): the lease is gone.
        else if (this.held.get(run.id) === run && extendable(run, after)) this.lose(run);
      }
    } catch (err) {
      this.o.logger.error({ err }, `${this.o.name}: lease extension failed`);
      // Could not extend: a lease whose local deadline has passed may already be someone else's.
      const after = performance.now();
      for (const run of held) if (after >= run.deadline && this.held.get(run.id) === run) this.lose(run);
    } finally {
      this.heartbeating = false;
    }
  }
}
