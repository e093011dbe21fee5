import { performance } from 'node:perf_hooks';
import type { Database, Sql } from '../db/database.ts';
import { type BackoffFn, defaultBackoff } from './backoff.ts';
import { completeAndClaimJobs } from './completeAndClaimJobs.ts';
import { extendLeases } from './extendLeases.ts';
import { failJobs, type JobFailure } from './failJobs.ts';
import {
  consoleJobLogger,
  createLeaseRunner,
  type JobLogger,
  type LeaseLoopSettings,
  type LeaseRunner,
  type WorkRunner,
} from './createLeaseRunner.ts';
import type { Job, JobLease } from './job.ts';
import { DeferJobError, LeaseLostError, PermanentJobError, RetryLaterError, RunnerStoppingError } from './jobErrors.ts';
import { assertJobsChannel } from './jobsChannel.ts';
import type { LeasedRun } from './leasedRun.ts';
import { releaseJobs, type JobRelease } from './releaseJobs.ts';
import { requeueExpiredJobs } from './requeueExpiredJobs.ts';
import { withJobLease } from './withJobLease.ts';

export type { JobLogger } from './createLeaseRunner.ts';

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

/** The lease loop's settings, besides the queues (each poll tick also takes back the jobs of expired leases). */
export interface JobRunnerOptions extends LeaseLoopSettings {
  db: Database;
  queues: Record<string, JobHandler | QueueDefinition>;
  /** Handlers running at once. Default 10. */
  concurrency?: number;
}

export interface StopOptions {
  /**
   * Stop waiting for in-flight handlers after this long. Their leases then simply expire and the jobs run again
   * elsewhere. Default: wait until all have finished.
   */
  timeoutMs?: number;
}

export interface JobRunner extends WorkRunner {
  /**
   * Graceful stop, safe to call from a signal handler and more than once: stops claiming, aborts handlers' signals,
   * waits for running handlers, records their outcomes, releases jobs it claimed but did not start. Jobs whose
   * handler failed because of the stop are released without counting an attempt.
   */
  stop(opts?: StopOptions): Promise<void>;
}

export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  return new Runner(opts);
}

/** What the job runner keeps per run, besides its lease (the lease runner's LeasedRun). */
interface JobRun {
  job: Job;
  /** undefined: not one of this runner's queues (completeAndClaimJobs only takes ours; released if it happens). */
  def: QueueDef | undefined;
  /** withLease transactions in progress: heartbeats skip the job meanwhile (the tx holds its row lock). */
  inTx: number;
  /** A withLease transaction committed: the job is done. */
  doneInTx: boolean;
}

type Run = LeasedRun<JobRun>;
type QueueDef = { handler: JobHandler; backoff: BackoffFn; retainDone: boolean };
type Unsuccessful = { kind: 'fail'; error: string; retryInMs: number | null } | { kind: 'release'; delayMs: number };
type Outcome = { kind: 'complete' } | Unsuccessful;

/**
 * The job runner on the shared lease loop (createLeaseRunner): its cycle also writes the completions recorded so far
 * (completeAndClaimJobs: one commit for both), failures and releases are group-committed, and `withLease` commits a
 * run's effect with its completion.
 */
class Runner implements JobRunner {
  private readonly db: Database;
  private readonly defs = new Map<string, QueueDef>();
  private readonly queueNames: string[];
  private readonly pollMs: number;
  private readonly log: JobLogger;
  private readonly loop: LeaseRunner<JobRun>;
  /** Runs whose handler succeeded, to be completed by the next cycle. */
  private toComplete: Run[] = [];
  private queueOffset = 0;
  /** Failures and releases waiting to be written (rarer than completions), batched: one statement per kind. */
  private pending: { run: Run; outcome: Unsuccessful }[] = [];
  private flushing: Promise<void> | null = null;

  constructor(opts: JobRunnerOptions) {
    const db = (this.db = opts.db);
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
    this.pollMs = opts.pollMs ?? 1_000;
    this.log = opts.logger ?? consoleJobLogger('jobs');
    this.loop = createLeaseRunner<JobRun>({
      name: 'jobs',
      db,
      concurrency: opts.concurrency ?? 10,
      leaseMs: opts.leaseMs,
      pollMs: this.pollMs,
      heartbeatMs: opts.heartbeatMs,
      listen: opts.listen,
      logger: this.log,
      wakesOn: (queue) => this.defs.has(queue),
      leaseOf: (r) => r.job,
      claim: (limit, leaseMs) => this.cycle(limit, leaseMs),
      hasWrites: () => this.toComplete.length > 0,
      run: (run) => this.execute(run),
      release: (runs) =>
        releaseJobs(
          db,
          runs.map((r) => ({ ...leaseOf(r.job), delayMs: 0 })),
        ).then(() => {}),
      extend: (leases, leaseMs) => extendLeases(db, leases, leaseMs),
      // Every lease held (handlers running, outcomes not yet written), but not while a withLease tx checks it.
      extendable: (run) => !run.lost && !run.item.doneInTx && run.item.inTx === 0,
      beforeStart: () => assertJobsChannel(db),
      onPoll: () => this.requeueExpired(),
      idle: () => !this.flushing && this.pending.length === 0,
    });
  }

  get inFlight(): number {
    return this.loop.inFlight;
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  stop(opts: StopOptions = {}): Promise<void> {
    return this.loop.stop(opts);
  }

  // ---- the cycle -----------------------------------------------------------------------------------------------

  /** Writes every completion recorded so far and claims up to `limit` jobs, in one statement. */
  private async cycle(limit: number, leaseMs: number): Promise<JobRun[]> {
    const complete = this.toComplete.splice(0);
    let res: Awaited<ReturnType<typeof completeAndClaimJobs>>;
    try {
      res = await completeAndClaimJobs(this.db, {
        complete: complete.filter((r) => r.item.def?.retainDone !== false).map((r) => leaseOf(r.item.job)),
        discard: complete.filter((r) => r.item.def?.retainDone === false).map((r) => leaseOf(r.item.job)),
        queues: this.rotatedQueues(),
        limit,
        leaseMs,
      });
    } catch (err) {
      // Completions are retried while their lease can still be live (after that the write would be refused anyway
      // and the job is requeued on expiry); the loop pauses.
      this.log.error({ err, completions: complete.length }, 'jobs: claim/complete cycle failed');
      this.toComplete.unshift(...stillLive(complete));
      throw err;
    }
    for (const run of complete) {
      if (!res.completed.has(run.id)) {
        this.log.warn(
          { jobId: run.id, queue: run.item.job.queue },
          'jobs: lease lost before the completion was written; refused',
        );
      }
      run.settle();
    }
    return res.jobs.map((job) => ({ job, def: this.defs.get(job.queue), inTx: 0, doneInTx: false }));
  }

  private rotatedQueues(): string[] {
    const n = this.queueNames.length;
    if (n === 1) return this.queueNames;
    this.queueOffset = (this.queueOffset + 1) % n;
    return [...this.queueNames.slice(this.queueOffset), ...this.queueNames.slice(0, this.queueOffset)];
  }

  private async requeueExpired(): Promise<void> {
    try {
      const requeued = await requeueExpiredJobs(this.db);
      for (const r of requeued) {
        this.log.warn({ jobId: r.id, queue: r.queue, state: r.state }, 'jobs: lease expired; job taken back');
      }
    } catch (err) {
      this.log.error({ err }, 'jobs: requeue of expired leases failed');
    }
  }

  // ---- running -------------------------------------------------------------------------------------------------

  /** Runs the handler in a slot; the lease stays held until its outcome is written. */
  private async execute(run: Run): Promise<void> {
    const { job, def } = run.item;
    if (!def) return this.record(run, { kind: 'release', delayMs: 0 });
    let outcome: Outcome;
    try {
      await def.handler(job, new RunContext(this, run));
      outcome = { kind: 'complete' };
    } catch (err) {
      outcome = this.failureOutcome(run, def, err);
    }
    if (run.item.doneInTx) {
      if (outcome.kind !== 'complete') {
        this.log.warn(
          { jobId: job.id, queue: job.queue, err: outcome },
          'jobs: handler failed after withLease committed; job stays done',
        );
      }
      run.settle();
    } else if (run.lost) {
      this.log.warn({ jobId: job.id, queue: job.queue }, 'jobs: lease lost while running; outcome discarded');
      run.settle();
    } else if (outcome.kind === 'complete') {
      this.toComplete.push(run); // written by the next cycle, which the loop schedules once this slot is free
    } else {
      this.record(run, outcome);
    }
  }

  /** JobContext.withLease of `run`. */
  async withLease<T>(run: Run, fn: (tx: Sql) => Promise<T>): Promise<T> {
    if (run.item.doneInTx) throw new Error(`withLease: job ${run.id} is already done by an earlier withLease`);
    run.item.inTx++;
    try {
      const result = await withJobLease(this.db, run.item.job, fn);
      run.item.doneInTx = true;
      return result;
    } catch (err) {
      if (err instanceof LeaseLostError) this.loop.lose(run);
      throw err;
    } finally {
      run.item.inTx--;
    }
  }

  private failureOutcome(run: Run, def: QueueDef, err: unknown): Outcome {
    const { job } = run.item;
    const error = describeError(err);
    if (err instanceof PermanentJobError) return { kind: 'fail', error, retryInMs: null };
    if (err instanceof DeferJobError) return { kind: 'release', delayMs: err.delayMs };
    const last = job.attempts >= job.maxAttempts;
    if (err instanceof RetryLaterError) return { kind: 'fail', error, retryInMs: last ? null : err.delayMs };
    if (this.loop.stopping && run.abortReason instanceof RunnerStoppingError) return { kind: 'release', delayMs: 0 };
    if (last) return { kind: 'fail', error, retryInMs: null };
    let delay: number;
    try {
      delay = def.backoff(job.attempts, err);
      if (!Number.isFinite(delay) || delay < 0) throw new RangeError(`backoff returned ${delay}`);
    } catch (backoffErr) {
      this.log.error({ err: backoffErr, queue: job.queue }, 'jobs: backoff function failed; using the default');
      delay = defaultBackoff(job.attempts, err);
    }
    return { kind: 'fail', error, retryInMs: delay };
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
          delays.push({ ...leaseOf(run.item.job), delayMs: outcome.delayMs });
        } else {
          fails.push(run);
          failures.push({ ...leaseOf(run.item.job), error: outcome.error, retryInMs: outcome.retryInMs });
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
    this.loop.checkIdle();
  }

  /** Forgets the runs whose outcome was written or refused; returns those to try again after a failed write. */
  private settle(runs: Run[], result: PromiseSettledResult<Set<string> | Map<string, unknown>>, kind: string): Run[] {
    if (runs.length === 0) return [];
    if (result.status === 'rejected') {
      this.log.error({ err: result.reason, kind, jobs: runs.length }, 'jobs: writing outcomes failed');
      return stillLive(runs);
    }
    for (const run of runs) {
      if (!result.value.has(run.id)) {
        this.log.warn(
          { jobId: run.id, queue: run.item.job.queue, kind },
          'jobs: lease lost before the outcome was written; refused',
        );
      }
      run.settle();
    }
    return [];
  }
}

/** A run's JobContext. A class, made once per run: per-run closures are what a hot queue pays for. */
class RunContext implements JobContext {
  constructor(
    private readonly runner: Runner,
    private readonly run: Run,
  ) {}

  get leaseToken(): string {
    return this.run.item.job.leaseToken;
  }

  get signal(): AbortSignal {
    return this.run.signal;
  }

  get aborted(): boolean {
    return this.run.aborted;
  }

  get abortReason(): unknown {
    return this.run.abortReason;
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    return this.run.onAbort(listener);
  }

  withLease<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.runner.withLease(this.run, fn);
  }
}

/** Keeps the runs whose lease may still be live; settles the others (their jobs are requeued on expiry). */
function stillLive(runs: Run[]): Run[] {
  const now = performance.now();
  return runs.filter((run) => {
    if (now < run.deadline) return true;
    run.settle();
    return false;
  });
}

function leaseOf(job: Job): JobLease {
  return { id: job.id, leaseToken: job.leaseToken };
}

function describeError(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
