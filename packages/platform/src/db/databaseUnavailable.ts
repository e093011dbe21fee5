/**
 * The database cannot be reached now: no connection within the connect timeout (a server that does not answer,
 * a pool whose connections are all held). A request that meets it answers 503 SERVICE_UNAVAILABLE in its API's
 * envelope (http/createHttpServer.ts) instead of hanging; a job or a watcher poll retries it as any failure.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'DATABASE_UNAVAILABLE';
}

/**
 * postgres.js's connection failures (CONNECT_TIMEOUT, a refused or reset socket, a connection closed under the
 * query) and PostgreSQL's "cannot connect now" (57P03) and "too many connections" (53300): the database, not the
 * request, is the problem.
 */
const UNAVAILABLE_CODES = new Set([
  'DATABASE_UNAVAILABLE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return err instanceof DatabaseUnavailableError || (typeof code === 'string' && UNAVAILABLE_CODES.has(code));
}
