import type { JobLease } from './job.ts';

/**
 * A run a lease runner holds the lease of (createLeaseRunner): from its claim until its owner settles it (its outcome
 * is written, or it is given up and its lease left to expire). While held, heartbeats extend the lease.
 *
 * A class, made once per run: per-run closures are what a hot queue pays for.
 */
export class LeasedRun<T> {
  /** Why the run was called off (LeaseLostError, RunnerStoppingError); undefined while it is not. */
  abortReason: unknown = undefined;
  /** The lease is known lost (a heartbeat was refused, or a fenced write found it gone). */
  lost = false;
  private listeners: ((reason: unknown) => void)[] | null = null;
  private controller: AbortController | null = null;

  constructor(
    readonly item: T,
    readonly lease: JobLease,
    /** Local monotonic time (performance.now) before which the lease is certainly still live. */
    public deadline: number,
    private readonly onSettle: (run: LeasedRun<T>) => void,
  ) {}

  get id(): string {
    return this.lease.id;
  }

  get aborted(): boolean {
    return this.abortReason !== undefined;
  }

  /**
   * Aborts with the run (made on first access: an AbortSignal with a listener costs ~10 µs and garbage per run, so
   * per-run hot paths use `aborted` and `onAbort`).
   */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortReason !== undefined) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** Calls `listener` once when the run is called off (at once if it already was); returns the unsubscribe. */
  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.abortReason !== undefined) {
      listener(this.abortReason);
      return () => {};
    }
    (this.listeners ??= []).push(listener);
    return () => {
      const i = this.listeners?.indexOf(listener) ?? -1;
      if (i >= 0) this.listeners!.splice(i, 1);
    };
  }

  /** Calls the run off, once: the first reason sticks; listeners and the signal (if made) hear it. */
  abort(reason: Error): void {
    if (this.abortReason !== undefined) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
    for (const listener of this.listeners?.splice(0) ?? []) listener(reason);
  }

  /** The lease is gone: marks it lost and calls the run off with `reason`. */
  lose(reason: Error): void {
    if (this.lost) return;
    this.lost = true;
    this.abort(reason);
  }

  /** The runner no longer holds this lease (outcome written, or left to expire): heartbeats stop extending it. */
  settle(): void {
    this.onSettle(this);
  }
}
