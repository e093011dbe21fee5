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
      this.exit(0);
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  /**
   * Shuts down, then exits with `code`. A step that hangs (a drain waiting on a peer that died) cannot keep the
   * process alive: past the deadline it exits with 1 at once, which the system survives as it survives a crash.
   */
  exit(code: number): void {
    const timer = setTimeout(() => {
      this.logger.error('shutdown deadline passed: exiting');
      process.exit(1);
    }, this.deadlineMs);
    timer.unref();
    void this.shutdown().then(() => process.exit(code));
  }

  shutdown(): Promise<void> {
    this.running ??= (async () => {
      for (const step of [...this.steps].reverse()) {
        const slow = setTimeout(
          () => this.logger.warn({ step: step.name }, 'shutdown step still running after 5 s'),
          5_000,
        );
        slow.unref();
        try {
          await step.run();
        } catch (err) {
          this.logger.error({ err, step: step.name }, 'shutdown step failed');
        } finally {
          clearTimeout(slow);
        }
      }
    })();
    return this.running;
  }
}
