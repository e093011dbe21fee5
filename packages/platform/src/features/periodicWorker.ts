import type { FeatureWorker } from './feature.ts';

export interface PeriodicWorkerOptions {
  name: string;
  /** Between the starts of two passes; a pass still running when the next is due makes that one skip. */
  everyMs: number;
  /** One pass. `signal` aborts once the worker stops: a long pass ends after the step in flight. */
  pass(signal: AbortSignal): Promise<unknown>;
  /** A pass that threw (it is logged by the caller; the next pass runs as planned). */
  onError(err: unknown): void;
  /** See FeatureWorker.role. Default `workers`. */
  role?: string;
}

/**
 * Background work done in passes on a timer (a sweep, a pruning, a table's upkeep): passes never overlap in a process,
 * the timer never keeps the process alive, and stop aborts the pass in flight and waits for it to end.
 */
export function periodicWorker(opts: PeriodicWorkerOptions): FeatureWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopping: AbortController | undefined;
  return {
    name: opts.name,
    ...(opts.role ? { role: opts.role } : {}),
    async start() {
      const stop = (stopping = new AbortController());
      timer = setInterval(() => {
        if (running) return;
        running = opts
          .pass(stop.signal)
          .then(
            () => undefined,
            (err: unknown) => opts.onError(err),
          )
          .finally(() => (running = null));
      }, opts.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopping?.abort();
      await running;
    },
  };
}
