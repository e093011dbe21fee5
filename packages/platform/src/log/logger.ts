import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Paths pino censors wherever they appear. Secrets (passwords, tokens, keys, signatures) must never reach a log;
 * request logging records method, url and status only, never bodies or the Authorization header.
 */
export const REDACT_PATHS = [
  'password',
  '*.password',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'accessToken',
  '*.accessToken',
  'apiKey',
  '*.apiKey',
  'privateKey',
  '*.privateKey',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["payment-signature"]',
  'headers.authorization',
  'databaseUrl',
  '*.databaseUrl',
  'id_token',
  '*.id_token',
];

export function createLogger(
  opts: { level?: string; name?: string; destination?: pino.DestinationStream } = {},
): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      ...(opts.name ? { name: opts.name } : {}),
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
    },
    opts.destination,
  );
}
