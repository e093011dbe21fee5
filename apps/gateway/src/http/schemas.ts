import { Type, type TSchema } from 'typebox';

/** Shared OpenAPI/validation building blocks for gateway routes. */

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp' });
/** A date-time a client sends (filters): UTC only, so that the same string means the same instant everywhere. */
export const IsoUtc = (description: string) =>
  Type.String({
    format: 'date-time',
    pattern: 'Z$',
    description: `${description}; ISO 8601 UTC date-time ending in Z`,
  });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A string from a fixed list (OpenAPI `enum`); a bad value fails with "must be one of …". */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A URL the hosted pages send a customer's browser to (`success_url`, `cancel_url` of intents and payment links):
 * http(s) only, the same rule wherever a merchant enters one. Any other scheme (javascript:, data:, file:, a custom
 * app scheme) would run or open something in the customer's browser on Tender's origin. (Webhook endpoint URLs
 * are not redirects: they have their own rules and SSRF guard, webhooks/ssrfGuard.ts.)
 */
export const REDIRECT_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';
export const RedirectUrl = (description: string) =>
  Type.String({
    format: 'uri',
    maxLength: 2000,
    pattern: REDIRECT_URL_PATTERN,
    description: `${description}: an http:// or https:// URL, max 2000 characters`,
  });

/** Email fields: the spec's "email, max 320". */
export const EmailField = Type.String({ format: 'email', maxLength: 320, description: 'Email address (max 320)' });

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      type: Type.String({ description: 'invalid_request_error, authentication_error, permission_error, …' }),
      code: Type.String({ description: 'Stable machine code, e.g. VALIDATION_FAILED, INVALID_SESSION' }),
      message: Type.String(),
      request_id: Type.String({ description: 'req_…; also in the Request-Id header' }),
      details: Type.Optional(
        Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
          description: 'Every failing field, for VALIDATION_FAILED',
        }),
      ),
    }),
  },
  { description: 'Error envelope' },
);

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed (VALIDATION_FAILED with details) or another invalid request',
  401: 'Missing or invalid credentials',
  403: 'Credentials valid but not allowed here',
  404: 'Not found (or not this merchant’s)',
  409: 'Conflicts with the current state',
  429: 'Rate limited (RATE_LIMITED); Retry-After says when to retry',
  502: 'An upstream service refused',
  503: 'A needed service is not configured or not reachable',
};

/** Response schemas for the error statuses a route can answer, all in the envelope. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((s) => [s, Type.Object(ErrorBody.properties, { description: ERROR_DESCRIPTIONS[s] ?? 'Error' })]),
  );
}

/** `limit` (1 to 100) and an opaque `cursor` for list endpoints. */
export const ListQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: '1 to 100; default 20' })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 500, description: 'Opaque: the next_cursor of the previous page' }),
  ),
};

export const listOf = <T extends TSchema>(item: T, description: string) =>
  Type.Object(
    {
      object: Type.Literal('list'),
      data: Type.Array(item),
      has_more: Type.Boolean(),
      next_cursor: Type.Union([Type.String(), Type.Null()], {
        description: 'Pass as `cursor` to get the next (older) page; null on the last page',
      }),
    },
    { description },
  );
