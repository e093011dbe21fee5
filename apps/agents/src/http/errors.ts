import { HttpError, type ErrorEnvelope } from '@tender/platform';

/** Paths every error points an agent to. */
export const GUIDES = { llms: '/llms.txt', serviceCatalog: '/api/v1/services', openapi: '/openapi.json' } as const;

/**
 * Every agent-API error code and its HTTP status, in one table (the spec fixes 402, 428 and 503; the rest are
 * ours and documented in /docs and the OpenAPI description).
 */
export const AGENT_ERRORS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  AUTH_REQUIRED: 401,
  INVALID_TOKEN: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  RESOURCE_NOT_OWNED: 403,
  NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_CONFLICT: 409,
  PAYMENT_PENDING: 409,
  NUMBER_RELEASED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  ONBOARDING_REQUIRED: 428,
  IDEMPOTENCY_KEY_REQUIRED: 428,
  RATE_LIMITED: 429,
  ALLOWANCE_EXHAUSTED: 402,
  NUMBER_EXPIRING: 409,
  INTERNAL_ERROR: 500,
  PROVIDER_TEMPORARY_FAILURE: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type AgentErrorCode = keyof typeof AGENT_ERRORS;

export class AgentError extends HttpError {
  constructor(
    code: AgentErrorCode,
    message: string,
    extra: { headers?: Record<string, string>; data?: Record<string, unknown> } = {},
  ) {
    super(AGENT_ERRORS[code], code, message, extra);
  }
}

/**
 * `{error: {code, message, requestId}, guides: {llms, serviceCatalog, openapi}}`. Validation details are folded
 * into the message (the spec's error object has no details field); ONBOARDING_REQUIRED and similar carry their
 * extra fields under `error` via `extra.data`.
 */
export const agentsEnvelope: ErrorEnvelope = {
  render(err, requestId) {
    const details = err.extra.details?.map((d) => `${d.path} ${d.message}`).join('; ');
    return {
      error: {
        code: err.code,
        message: details ? `${err.message}: ${details}` : err.message,
        requestId,
        ...(err.extra.data ?? {}),
      },
      guides: GUIDES,
    };
  },
};

/** Success envelope: `{data, requestId, guide}`. */
export function ok<T>(
  data: T,
  requestId: string,
  guide: string = GUIDES.llms,
): { data: T; requestId: string; guide: string } {
  return { data, requestId, guide };
}
