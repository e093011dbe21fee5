import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * Fastify's per-request logger (`req.log`), made only when something is logged at a level the server's logger
 * writes: pino builds a child per request (its bindings serialised through the redaction paths), which costs
 * measurably on every request (bench/intents) even when nothing is ever logged. Until then this stands in for it;
 * the child it makes is the one Fastify's default factory would make (`logger.child(bindings, opts)`).
 */
export class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly opts: ChildLoggerOptions,
  ) {}

  /** The real child, made on first use. */
  get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.opts));
  }

  get level(): string {
    return this.made?.level ?? (this.opts.level || this.parent.level);
  }

  set level(level: string) {
    this.real.level = level;
  }

  /** Whether a call at `level` writes anything; a route-level log level always makes the child. */
  private writes(level: Level): boolean {
    return !!this.made || !!this.opts.level || (this.parent as unknown as Logger).isLevelEnabled(level);
  }

  fatal(...a: Parameters<FastifyBaseLogger['fatal']>): void {
    if (this.writes('fatal')) this.real.fatal(...a);
  }
  error(...a: Parameters<FastifyBaseLogger['error']>): void {
    if (this.writes('error')) this.real.error(...a);
  }
  warn(...a: Parameters<FastifyBaseLogger['warn']>): void {
    if (this.writes('warn')) this.real.warn(...a);
  }
  info(...a: Parameters<FastifyBaseLogger['info']>): void {
    if (this.writes('info')) this.real.info(...a);
  }
  debug(...a: Parameters<FastifyBaseLogger['debug']>): void {
    if (this.writes('debug')) this.real.debug(...a);
  }
  trace(...a: Parameters<FastifyBaseLogger['trace']>): void {
    if (this.writes('trace')) this.real.trace(...a);
  }
  silent(): void {}
  child(...a: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...a);
  }
  isLevelEnabled(level: string): boolean {
    if (this.made) return (this.made as unknown as Logger).isLevelEnabled(level);
    return LEVELS.includes(level as Level) ? this.writes(level as Level) : false;
  }
}

/** Fastify's `childLoggerFactory`: a LazyChildLogger per request. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, opts) as unknown as FastifyBaseLogger;
}
