import { httpConfigSpec } from '../http/httpConfig.ts';
import { field, hexKey, int, oneOf, str, url } from './configSpec.ts';

/** What the platform layer itself reads. Apps add fragments of their own beside it. */
export const platformConfigSpec = {
  home: field({
    env: 'TENDER_HOME',
    doc: 'Directory for local state (PGlite data, devnet state, dev.json)',
    parse: str,
    default: '.tender',
  }),
  databaseUrl: field({
    env: 'DATABASE_URL',
    doc: 'PostgreSQL URL; PGlite under TENDER_HOME when unset (dev only)',
    parse: url('postgres', 'postgresql'),
    required: 'production',
    secret: true,
  }),
  databasePoolSize: field({
    env: 'DATABASE_POOL_SIZE',
    doc: 'PostgreSQL connections per process',
    parse: int(1, 500),
    default: 10,
  }),
  databaseConnectTimeoutSeconds: field({
    env: 'DATABASE_CONNECT_TIMEOUT_SECONDS',
    doc: 'Seconds a request waits for a PostgreSQL connection (to connect, or a free one of the pool) before it answers 503 SERVICE_UNAVAILABLE',
    parse: int(1, 120),
    default: 5,
  }),
  logLevel: field({
    env: 'LOG_LEVEL',
    doc: 'pino log level',
    parse: oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
    default: 'info',
  }),
  secretKeys: field({
    env: 'SECRET_BOX_KEYS',
    doc: 'Keys that encrypt secrets at rest: comma-separated `<keyId>:<64 hex>`; the first encrypts, all decrypt',
    parse: parseKeyRing,
    required: 'production',
    secret: true,
  }),
  host: field({ env: 'HOST', doc: 'Interface the HTTP servers bind to', parse: str, default: '127.0.0.1' }),
  ...httpConfigSpec,
} as const;

export interface KeyRing {
  /** Key id used for new ciphertexts. */
  current: string;
  keys: Record<string, string>;
}

export function parseKeyRing(raw: string): KeyRing {
  const keys: Record<string, string> = {};
  let current: string | undefined;
  for (const part of raw.split(',')) {
    const [id, hex] = part.trim().split(':');
    if (!id || !hex || !/^[A-Za-z0-9_-]{1,32}$/.test(id)) throw new Error('entries must be `<keyId>:<64 hex>`');
    keys[id] = hexKey(32)(hex);
    current ??= id;
  }
  if (!current) throw new Error('needs at least one key');
  return { current, keys };
}
