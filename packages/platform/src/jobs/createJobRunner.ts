import { performance } from 'node:perf_hooks';
import type { Database, Sql } from '../db/database.ts';
import { type BackoffFn, defaultBackoff } from './backoff.ts';
import { completeAndClaimJobs } from './completeAndClaimJobs.ts';
import { extendLeases } from './extendLeases.ts';
import { failJobs, type JobFailure } from './failJobs.ts';
import type { Job } from './job.ts';
import { DeferJobError, LeaseLostError, PermanentJobError, RetryLaterError, RunnerStoppingError } from './jobErrors.ts';
import { assertJobsChannel, jobsChannel } from './jobsChannel.ts';
import { releaseJobs, type JobRelease } from './releaseJobs.ts';
import { requeueExpiredJobs } from './requeueExpiredJobs.ts';
import { withJobLease } from './withJobLease.ts';

/** What a handler gets besides its job. */
export interface JobContext {
  /** The fencing token of this run's lease. */
  readonly leaseToken: string;
  /**
   * Aborts when this run's lease is lost (a heartbeat was refused, or could not be made before the lease ran out)
   * or when the runner is stopping. The reason is a LeaseLostError or a RunnerStoppingError. Pass it to fetch()
   * and the like; a handler that ignores it is still waited for by a graceful stop. Made on first access: an
   * AbortSignal with a listener costs ~10 µs and garbage per run, so per-run hot paths use `aborted` and `onAbort`.
   */
  readonly signal: AbortSignal;
  /** The run was called off (the same moment `signal` aborts); `abortReason` says why. */
  readonly aborted: boolean;
  readonly abortReason: unknown;
  /** Calls `listener` once when the run is called off (at once if it already was); returns the unsubscribe. */
  onAbort(listener: (reason: unknown) => void): () => void;
  /**
   * Runs `fn` in a transaction that first checks this lease is still live and marks the job done, committing both
   * with `fn`'s writes (see withJobLease): a database effect made here happens exactly once. Throws LeaseLostError
   * (nothing committed) when the lease is gone. Once it has committed, the job is done whatever the handler does next.
   */
  withLease<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
}

/**
 * A job handler. Resolve: the job is done. Throw: retried after backoff, or dead when attempts are used up;
 * PermanentJobError: dead at once; RetryLaterError(ms): retried after exactly that delay; DeferJobError(ms): given
 * back without counting the run, due again after that delay.
 *
 * Declared through a method so that parameters are checked bivariantly: a handler typed for its own payload
 * (`Job<{ orderId: string }>`) fits a queue map of `JobHandler<unknown>`. Payloads are JSON from the database;
 * a handler should validate what it reads.
 */
export type JobHandler<P = unknown> = {
  bivarianceHack(job: Job<P>, ctx: JobContext): Promise<void>;
}['bivarianceHack'];

export interface QueueDefinition<P = unknown> {
  handler: JobHandler<P>;
  /** Delay before retrying a failed run. Default: exponentialBackoff() (1 s base, 1 h cap, equal jitter). */
  backoff?: BackoffFn;
  /**
   * Keep a completed job's row as `done` (default true), so that its idempotency key stays known until pruneJobs.
   * false deletes the row at completion, which costs the database about a third less per job: for queues whose
   * keys are never enqueued again once the job has run (their own tables say what was done).
   */
  retainDone?: boolean;
}

/** Structurally compatible with pino. */
export interface JobLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobRunnerOptions {
  db: Database;
  queues: Record<string, JobHandler | QueueDefinition>;
  /** Handlers running at once. Default 10. */
  concurrency?: number;
  /** Lease length; extended while the handler runs. A crashed worker's jobs run again this long after. Default 30 s. */
  leaseMs?: number;
  /**
   * Fallback polling period: claim due jobs and requeue expired leases. NOTIFY wakes runners at once for new due
   * jobs; polling finds delayed jobs and retries as they become due, and covers lost notifications. Default 1 s.
   */
  pollMs?: number;
  /** Lease extension period. Default leaseMs / 3 (two extensions may fail before the lease runs out). */
  heartbeatMs?: number;
  /** LISTEN for wake-ups. Default true; false leaves polling only. */
  listen?: boolean;
  logger?: JobLogger;
}

export interface StopOptions {
  /**
   * Stop waiting for in-flight handlers after this long. Their leases then simply expire and the jobs run again
   * elsewhere. Default: wait until all have finished.
   */
  timeoutMs?: number;
}

export interface JobRunner {
  /** Subscribes to wake-ups and starts claiming. Resolves once listening. */
  start(): Promise<void>;
  /**
   * Graceful stop, safe to call from a signal handler and more than once: stops claiming, aborts handlers' signals,
   * waits for running handlers, records their outcomes, releases jobs it claimed but did not start. Jobs whose
   * handler failed because of the stop are released without counting an attempt.
   */
  stop(opts?: StopOptions): Promise<void>;
  /** Handlers running now. */
  readonly inFlight: number;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  return new Runner(opts);
}

/** A run this runner holds a lease for: from claim until its outcome is written (or the lease is known lost). */
interface Run {
  job: Job;
  backoff: BackoffFn;
  retainDone: boolean;
  /** Why the run was called off (LeaseLostError, RunnerStoppingError); undefined while it is not. */
  abortReason: unknown;
  /** onAbort listeners, and the AbortController behind JobContext.signal once a handler asked for it. */
  abortListeners: ((reason: unknown) => void)[] | null;
  controller: AbortController | null;
  /** Local monotonic time (performance.now) before which the lease is certainly still live. */
  deadline: number;
  /** withLease transactions in progress: heartbeats skip the job meanwhile (the tx holds its row lock). */
  inTx: number;
  /** A withLease transaction committed: the job is done. */
  doneInTx: boolean;
  lost: boolean;
}

type Unsuccessful = { kind: 'fail'; error: string; retryInMs: number | null } | { kind: 'release'; delayMs: number };
type Outcome = { kind: 'complete' } | Unsuccessful;

const consoleLogger: JobLogger = {
  warn: (obj, msg) => console.warn(msg ?? 'job runner warning', obj),
  error: (obj, msg) => console.error(msg ?? 'job runner error', obj),
};

class Runner implements JobRunner {
  private readonly db: Database;
  private readonly defs = new Map<string, { handler: JobHandler; backoff: BackoffFn; retainDone: boolean }>();
  private readonly queueNames: string[];
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly listen: boolean;
  private readonly log: JobLogger;

  private readonly runs = new Map<string, Run>();
  private active = 0;
  /** A claim/complete cycle is in flight. */
  private cycling = false;
  private pumpQueued = false;
  /** performance.now() before which no cycle starts (after a failed one). */
  private pausedUntil = 0;
  /** Runs whose handler succeeded, to be completed by the next cycle. */
  private toComplete: Run[] = [];
  /** Nothing was due at the last claim; only a wake-up (NOTIFY, poll tick) makes claiming worthwhile again. */
  private drained = false;
  /** Bumped by every wake-up, so that a claim racing a NOTIFY does not conclude "drained". */
  private wakeSeq = 0;
  private queueOffset = 0;

  /** Failures and releases waiting to be written (rarer than completions), batched: one statement per kind. */
  private pending: { run: Run; outcome: Unsuccessful }[] = [];
  private flushing: Promise<void> | null = null;

  private startPromise: Promise<void> | null = null;
  private stopping = false;
  private heartbeating = false;
  private stopPromise: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(opts: JobRunnerOptions) {
    this.db = opts.db;
    for (const [name, q] of Object.entries(opts.queues)) {
      this.defs.set(
        name,
        typeof q === 'function'
          ? { handler: q, backoff: defaultBackoff, retainDone: true }
          : { handler: q.handler, backoff: q.backoff ?? defaultBackoff, retainDone: q.retainDone ?? true },
      );
    }
    this.queueNames = [...this.defs.keys()];
    if (this.queueNames.length === 0) throw new TypeError('createJobRunner: no queues');
    this.concurrency = opts.concurrency ?? 10;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 1_000;
    this.heartbeatMs = opts.heartbeatMs ?? Math.max(1, Math.floor(this.leaseMs / 3));
    this.listen = opts.listen ?? true;
    this.log = opts.logger ?? consoleLogger;
    if (!(Number.isInteger(this.concurrency) && this.concurrency >= 1))
      throw new RangeError('concurrency must be >= 1');
    if (!(this.leaseMs >= 100)) throw new RangeError('leaseMs must be >= 100');
    if (!(this.heartbeatMs < this.leaseMs)) throw new RangeError('heartbeatMs must be shorter than leaseMs');
    if (!(this.pollMs >= 1)) throw new RangeError('pollMs must be >= 1');
  }

  get inFlight(): number {
    return this.active;
  }

  start(): Promise<void> {
    if (this.startPromise || this.stopping) return Promise.reject(new Error('job runner already started or stopped'));
    this.startPromise = this.doStart();
    return this.startPromise;
  }

  private async doStart(): Promise<void> {
    await assertJobsChannel(this.db);
    // Claim at once, while the LISTEN connection is being set up (a new connection: the slow part of starting);
    // the wake-up once listening covers a job enqueued in between, whose NOTIFY went unheard.
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.schedulePoll();
    this.wake();
    if (this.listen) {
      try {
        this.unlisten = await this.db.listen(jobsChannel(this.db), (queue) => {
          if (this.defs.has(queue)) this.wake();
        });
      } catch (err) {
        // Not started after all: wind down what already runs (stop awaits this start, so it runs afterwards).
        void this.stop();
        throw err;
      }
      this.wake();
    }
  }

  stop(opts: StopOptions = {}): Promise<void> {
    this.stopPromise ??= this.doStop(opts);
    return this.stopPromise;
  }

  private async doStop(opts: StopOptions): Promise<void> {
    this.stopping = true; // from here on no cycle claims anything
    // A stop during start-up (SIGTERM while connecting) lets start finish, then undoes it.
    await this.startPromise?.catch(() => {});
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const run of this.runs.values()) {
      abortRun(run, new RunnerStoppingError());
    }
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch((err: unknown) => this.log.warn({ err }, 'jobs: unlisten failed'));
    let timer: NodeJS.Timeout | undefined;
    const idle = new Promise<void>((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
    const timedOut =
      opts.timeoutMs === undefined
        ? idle.then(() => false)
        : Promise.race([
            idle.then(() => false),
            new Promise<boolean>((r) => (timer = setTimeout(() => r(true), opts.timeoutMs))),
          ]);
    const gaveUp = await timedOut;
    clearTimeout(timer);
    // Heartbeats run until the last handler is done: a slow handler finishing during shutdown keeps its lease.
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (gaveUp) {
      this.log.warn(
        { running: this.active, unwritten: this.runs.size },
        'jobs: stop timed out; remaining leases will expire and their jobs run again',
      );
    }
  }

  private checkIdle(): void {
    if (!this.stopping || this.active > 0 || this.cycling || this.toComplete.length > 0) return;
    if (this.flushing || this.pending.length > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  // ---- claiming ------------------------------------------------------------------------------------------------

  private wake(): void {
    this.wakeSeq++;
    this.drained = false;
    this.schedulePump();
  }

  /**
   * Coalesces triggers (slots freed, completions recorded, wake-ups) into one cycle per event-loop turn: when a batch
   * of short handlers finishes, all their slots are free and all their completions recorded by the time the cycle
   * runs, so it writes and fetches one large batch instead of many small ones.
   */
  private schedulePump(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  /**
   * The runner's cycle, at most one in flight: writes every completion recorded so far and claims every free slot,
   * in one statement (completeAndClaimJobs: one commit for both). Claims nothing while stopping, or while the queues
   * were drained at the last claim and no wake-up came since.
   */
  private async pump(): Promise<void> {
    if (this.cycling || performance.now() < this.pausedUntil) return;
    const limit = this.stopping || this.drained ? 0 : this.concurrency - this.active;
    if (this.toComplete.length === 0 && limit <= 0) return;
    const complete = this.toComplete.splice(0);
    this.cycling = true;
    const seq = this.wakeSeq;
    const startedAt = performance.now();
    let jobs: Job[] = [];
    try {
      const res = await completeAndClaimJobs(this.db, {
        complete: complete.filter((r) => r.retainDone).map(leaseOf),
        discard: complete.filter((r) => !r.retainDone).map(leaseOf),
        queues: this.rotatedQueues(),
        limit: Math.max(0, limit),
        leaseMs: this.leaseMs,
      });
      jobs = res.jobs;
      if (limit > 0) this.drained = jobs.length < limit && this.wakeSeq === seq;
      for (const run of complete) {
        if (!res.completed.has(run.job.id)) {
          this.log.warn(
            { jobId: run.job.id, queue: run.job.queue },
            'jobs: lease lost before the completion was written; refused',
          );
        }
        this.runs.delete(run.job.id);
      }
    } catch (err) {
      // Database unreachable or similar: pause rather than spin; completions are retried while their lease can
      // still be live (after that the write would be refused anyway and the job is requeued on expiry).
      this.log.error({ err, completions: complete.length }, 'jobs: claim/complete cycle failed');
      this.toComplete.unshift(...this.stillLive(complete));
      this.pause();
    } finally {
      this.cycling = false;
    }
    // The lease was set by the server after startedAt, so startedAt + leaseMs is a safe local bound.
    const deadline = startedAt + this.leaseMs;
    for (const job of jobs) {
      // completeAndClaimJobs only takes our queues, so `def` is always found; a release keeps the job safe anyway.
      const def = this.defs.get(job.queue);
      const run: Run = {
        job,
        backoff: def?.backoff ?? defaultBackoff,
        retainDone: def?.retainDone ?? true,
        abortReason: undefined,
        abortListeners: null,
        controller: null,
        deadline,
        inTx: 0,
        doneInTx: false,
        lost: false,
      };
      this.runs.set(job.id, run);
      if (this.stopping || !def) {
        this.record(run, { kind: 'release', delayMs: 0 });
      } else {
        this.active++;
        void this.execute(run, def.handler);
      }
    }
    this.checkIdle();
    this.schedulePump();
  }

  /** Keeps the runs whose lease may still be live; forgets the others (their jobs are requeued on expiry). */
  private stillLive(runs: Run[]): Run[] {
    const now = performance.now();
    return runs.filter((run) => {
      if (now < run.deadline) return true;
      this.runs.delete(run.job.id);
      return false;
    });
  }

  /** After a failed write: no cycle for a while, then try again. */
  private pause(): void {
    const ms = Math.min(this.pollMs, 1_000);
    this.pausedUntil = performance.now() + ms;
    setTimeout(() => this.schedulePump(), ms + 1);
  }

  private rotatedQueues(): string[] {
    const n = this.queueNames.length;
    if (n === 1) return this.queueNames;
    this.queueOffset = (this.queueOffset + 1) % n;
    return [...this.queueNames.slice(this.queueOffset), ...this.queueNames.slice(0, this.queueOffset)];
  }

  private schedulePoll(): void {
    this.pollTimer = setTimeout(() => void this.poll(), this.pollMs);
  }

  private async poll(): Promise<void> {
    if (this.stopping) return;
    try {
      const requeued = await requeueExpiredJobs(this.db);
      for (const r of requeued) {
        this.log.warn({ jobId: r.id, queue: r.queue, state: r.state }, 'jobs: lease expired; job taken back');
      }
    } catch (err) {
      this.log.error({ err }, 'jobs: requeue of expired leases failed');
    }
    if (this.stopping) return;
    this.wake();
    this.schedulePoll();
  }

  // ---- running -------------------------------------------------------------------------------------------------

  private async execute(run: Run, handler: JobHandler): Promise<void> {
    const { job } = run;
    const ctx = new RunContext(this, run);
    let outcome: Outcome;
    try {
      await handler(job, ctx);
      outcome = { kind: 'complete' };
    } catch (err) {
      outcome = this.failureOutcome(run, err);
    }
    this.active--;
    this.schedulePump();
    if (run.doneInTx) {
      if (outcome.kind !== 'complete') {
        this.log.warn(
          { jobId: job.id, queue: job.queue, err: outcome },
          'jobs: handler failed after withLease committed; job stays done',
        );
      }
      this.runs.delete(job.id);
    } else if (run.lost) {
      this.log.warn({ jobId: job.id, queue: job.queue }, 'jobs: lease lost while running; outcome discarded');
      this.runs.delete(job.id);
    } else if (outcome.kind === 'complete') {
      this.toComplete.push(run); // written by the next cycle, scheduled above
    } else {
      this.record(run, outcome);
    }
    this.checkIdle();
  }

  /** JobContext.withLease of `run`. */
  async withLease<T>(run: Run, fn: (tx: Sql) => Promise<T>): Promise<T> {
    if (run.doneInTx) throw new Error(`withLease: job ${run.job.id} is already done by an earlier withLease`);
    run.inTx++;
    try {
      const result = await withJobLease(this.db, run.job, fn);
      run.doneInTx = true;
      return result;
    } catch (err) {
      if (err instanceof LeaseLostError) this.loseLease(run);
      throw err;
    } finally {
      run.inTx--;
    }
  }

  private failureOutcome(run: Run, err: unknown): Outcome {
    const { job } = run;
    const error = describeError(err);
    if (err instanceof PermanentJobError) return { kind: 'fail', error, retryInMs: null };
    if (err instanceof DeferJobError) return { kind: 'release', delayMs: err.delayMs };
    const last = job.attempts >= job.maxAttempts;
    if (err instanceof RetryLaterError) return { kind: 'fail', error, retryInMs: last ? null : err.delayMs };
    const reason: unknown = run.abortReason;
    if (this.stopping && reason instanceof RunnerStoppingError) return { kind: 'release', delayMs: 0 };
    if (last) return { kind: 'fail', error, retryInMs: null };
    let delay: number;
    try {
      delay = run.backoff(job.attempts, err);
      if (!Number.isFinite(delay) || delay < 0) throw new RangeError(`backoff returned ${delay}`);
    } catch (backoffErr) {
      this.log.error({ err: backoffErr, queue: job.queue }, 'jobs: backoff function failed; using the default');
      delay = defaultBackoff(job.attempts, err);
    }
    return { kind: 'fail', error, retryInMs: delay };
  }

  private loseLease(run: Run): void {
    if (run.lost) return;
    run.lost = true;
    abortRun(run, new LeaseLostError(run.job.id));
  }

  // ---- writing outcomes ----------------------------------------------------------------------------------------

  private record(run: Run, outcome: Unsuccessful): void {
    this.pending.push({ run, outcome });
    this.flushing ??= this.flush();
  }

  /**
   * Group commit for failures and releases: one flush in flight; outcomes recorded meanwhile go into the next one.
   * Each flush writes all failures in one statement and all releases in another, every row fenced by its lease.
   */
  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      const fails: Run[] = [];
      const failures: JobFailure[] = [];
      const releases: Run[] = [];
      const delays: JobRelease[] = [];
      for (const { run, outcome } of batch) {
        if (outcome.kind === 'release') {
          releases.push(run);
          delays.push({ ...leaseOf(run), delayMs: outcome.delayMs });
        } else {
          fails.push(run);
          failures.push({ ...leaseOf(run), error: outcome.error, retryInMs: outcome.retryInMs });
        }
      }
      const [f, r] = await Promise.allSettled([failJobs(this.db, failures), releaseJobs(this.db, delays)]);
      const retryFails = this.settle(fails, f, 'fail');
      const retryReleases = this.settle(releases, r, 'release');
      if (retryFails.length + retryReleases.length > 0) {
        // Keep each outcome with its run; try again after a pause.
        const again = new Set([...retryFails, ...retryReleases]);
        this.pending.unshift(...batch.filter((p) => again.has(p.run)));
        await sleep(Math.min(this.pollMs, 1_000));
      }
    }
    this.flushing = null;
    this.checkIdle();
  }

  /** Forgets the runs whose outcome was written or refused; returns those to try again after a failed write. */
  private settle(runs: Run[], result: PromiseSettledResult<Set<string> | Map<string, unknown>>, kind: string): Run[] {
    if (runs.length === 0) return [];
    if (result.status === 'rejected') {
      this.log.error({ err: result.reason, kind, jobs: runs.length }, 'jobs: writing outcomes failed');
      return this.stillLive(runs);
    }
    for (const run of runs) {
      if (!result.value.has(run.job.id)) {
        this.log.warn(
          { jobId: run.job.id, queue: run.job.queue, kind },
          'jobs: lease lost before the outcome was written; refused',
        );
      }
      this.runs.delete(run.job.id);
    }
    return [];
  }

  // ---- leases --------------------------------------------------------------------------------------------------

  /** Extends every lease held (handlers running, outcomes not yet written) in one statement. */
  private async heartbeat(): Promise<void> {
    if (this.heartbeating) return; // the previous one is still waiting on the database
    const held = [...this.runs.values()].filter((r) => !r.lost && !r.doneInTx && r.inTx === 0);
    if (held.length === 0) return;
    this.heartbeating = true;
    try {
      await this.extend(held);
    } finally {
      this.heartbeating = false;
    }
  }

  private async extend(held: Run[]): Promise<void> {
    const startedAt = performance.now();
    let extended: Set<string>;
    try {
      extended = await extendLeases(this.db, held.map(leaseOf), this.leaseMs);
    } catch (err) {
      this.log.error({ err }, 'jobs: lease extension failed');
      // Could not extend: a lease whose local deadline has passed may already be someone else's.
      const now = performance.now();
      for (const run of held) if (now >= run.deadline && this.runs.has(run.job.id)) this.loseLease(run);
      return;
    }
    for (const run of held) {
      if (extended.has(run.job.id)) {
        run.deadline = startedAt + this.leaseMs;
      } else if (this.runs.get(run.job.id) === run && !run.doneInTx && run.inTx === 0) {
        // Refused and still ours (not finished while the statement ran): the lease is gone.
        this.loseLease(run);
      }
    }
  }
}

/** A run's JobContext. A class, made once per run: per-run closures are what a hot queue pays for. */
class RunContext implements JobContext {
  constructor(
    private readonly runner: Runner,
    private readonly run: Run,
  ) {}

  get leaseToken(): string {
    return this.run.job.leaseToken;
  }

  get signal(): AbortSignal {
    const run = this.run;
    if (!run.controller) {
      run.controller = new AbortController();
      if (run.abortReason !== undefined) run.controller.abort(run.abortReason);
    }
    return run.controller.signal;
  }

  get aborted(): boolean {
    return this.run.abortReason !== undefined;
  }

  get abortReason(): unknown {
    return this.run.abortReason;
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    const run = this.run;
    if (run.abortReason !== undefined) {
      listener(run.abortReason);
      return () => {};
    }
    (run.abortListeners ??= []).push(listener);
    return () => {
      const i = run.abortListeners?.indexOf(listener) ?? -1;
      if (i >= 0) run.abortListeners!.splice(i, 1);
    };
  }

  withLease<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.runner.withLease(this.run, fn);
  }
}

/** Calls a run off, once: the first reason sticks; listeners and the signal (if made) hear it. */
function abortRun(run: Run, reason: Error): void {
  if (run.abortReason !== undefined) return;
  run.abortReason = reason;
  run.controller?.abort(reason);
  for (const listener of run.abortListeners?.splice(0) ?? []) listener(reason);
}

function leaseOf(run: Run): { id: string; leaseToken: string } {
  return { id: run.job.id, leaseToken: run.job.leaseToken };
}

function describeError(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
