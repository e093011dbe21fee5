import type { Logger } from 'pino';

type Step = { name: string; run: () => Promise<void> };

/**
 * Graceful shutdown. Components register a step when they start; on SIGTERM/SIGINT (or `shutdown()`) the steps
 * run in reverse order of registration — servers stop accepting and finish in-flight requests, workers finish
 * their jobs, then the database closes. A second signal, or the deadline, exits at once.
 */
export class Shutdown {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly deadlineMs = 25_000,
  ) {}

  /** True once shutdown has begun. */
  get stopping(): boolean {
    return this.running !== undefined;
  }

  add(name: string, run: () => Promise<void>): void {
    this.steps.push({ name, run });
  }

  /** Installs signal handlers that shut down and then exit the process. */
  installSignalHandlers(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.running) {
        this.logger.warn({ signal }, 'second signal: exiting now');
        process.exit(1);
      }
      this.logger.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        this.logger.error('shutdown deadline passed: exiting');
        process.exit(1);
      }, this.deadlineMs);
      timer.unref();
      void this.shutdown().then(() => process.exit(0));
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  shutdown(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        try {
          await step.run();
        } catch (err) {
          this.logger.error({ err, step: step.name }, 'shutdown step failed');
        }
      }
    })();
    return this.running;
  }
}
