/**
 * The lease a write was conditioned on is no longer held: the token does not match the job's current lease, the
 * lease expired, or the job is no longer running. Nothing was changed (the surrounding transaction rolls back).
 */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(
    readonly jobId: string,
    message = `lease on job ${jobId} is no longer held`,
  ) {
    super(message);
  }
}

/** Thrown by a handler: the job cannot succeed by retrying; it goes to `dead` at once. */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Thrown by a handler: retry after exactly `delayMs` (no backoff, no jitter), e.g. honouring a Retry-After.
 * The run still counts as an attempt: when attempts are used up the job goes to `dead` like any other failure.
 */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
  constructor(
    readonly delayMs: number,
    message = `retry requested in ${delayMs} ms`,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`RetryLaterError: invalid delay ${delayMs}`);
  }
}

/**
 * Thrown by a handler that did not start its work because something it needs is busy (a receiving host with a
 * queue, say): the job is given back, due again after `delayMs`, and the run does not count as an attempt. Jobs
 * waiting their turn meanwhile run first. Not for failures: deferring never makes a job dead.
 */
export class DeferJobError extends Error {
  override readonly name = 'DeferJobError';
  constructor(
    readonly delayMs: number,
    message = `deferred for ${delayMs} ms`,
  ) {
    super(message);
    if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`DeferJobError: invalid delay ${delayMs}`);
  }
}

/** The reason an in-flight handler's signal carries when the runner is stopping. */
export class RunnerStoppingError extends Error {
  override readonly name = 'RunnerStoppingError';
  constructor() {
    super('job runner is stopping');
  }
}
