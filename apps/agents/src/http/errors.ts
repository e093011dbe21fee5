import { detailSentence, HttpError, validationMessage, type ErrorEnvelope } from '@tender/platform';

/** Paths every error points an agent to. */
export const GUIDES = { llms: '/llms.txt', serviceCatalog: '/api/v1/services', openapi: '/openapi.json' } as const;

/**
 * Every agent-API error code and its HTTP status, in one table (the spec fixes 402, 428 and 503; the rest are
 * ours and documented in /docs and the OpenAPI description). 402 is reserved for x402 challenges (always with a
 * PAYMENT-REQUIRED header), so no other condition uses it.
 */
export const AGENT_ERRORS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  AUTH_REQUIRED: 401,
  INVALID_TOKEN: 401,
  PAYMENT_REQUIRED: 402,
  PAYMENT_INVALID: 402,
  FORBIDDEN: 403,
  RESOURCE_NOT_OWNED: 403,
  PAYER_MISMATCH: 403,
  TENANT_SUSPENDED: 403,
  NOT_FOUND: 404,
  RESOURCE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  IDEMPOTENCY_CONFLICT: 409,
  PAYMENT_PENDING: 409,
  PROOF_ALREADY_USED: 409,
  ADDRESS_TAKEN: 409,
  ALLOWANCE_EXHAUSTED: 409,
  NUMBER_EXPIRING: 409,
  NO_NUMBER_AVAILABLE: 409,
  CALL_NOT_ACTIVE: 409,
  NUMBER_RELEASED: 410,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RECIPIENT_NOT_DELIVERABLE: 422,
  REFUND_OWED: 422,
  ONBOARDING_REQUIRED: 428,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  PROVIDER_TEMPORARY_FAILURE: 502,
  PROVIDER_REFUSED: 502,
  SERVICE_UNAVAILABLE: 503,
  // WebSocket only (an error frame during replay); listed so the table names every code of the API.
  REPLAY_UNAVAILABLE: 503,
  // Events and the realtime socket (error frames carry the same codes; the status applies to REST answers).
  EVENT_EXPIRED: 409,
  LEASE_EXPIRED: 409,
  TURN_CLOSED: 409,
  PROTOCOL_ERROR: 400,
  UPGRADE_REQUIRED: 426,
  // Owner dashboard and operator admin (not agent endpoints).
  SIGN_IN_REJECTED: 401,
  OWNER_SESSION_REQUIRED: 401,
  OPERATOR_AUTH_REQUIRED: 401,
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
    // Every detail as a sentence, in the message (the kit's validation message is the first of them: not repeated).
    const list = err.extra.details ?? [];
    const all = list.map(detailSentence).join('; ');
    const message = !all ? err.message : err.message === validationMessage(list) ? all : `${err.message}: ${all}`;
    return {
      error: {
        code: err.code,
        message,
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

/** What every error code means for an agent (for /docs, /llms.txt and the OpenAPI description). */
export const ERROR_ACTIONS: Record<AgentErrorCode, string> = {
  VALIDATION_FAILED: 'a field is missing or invalid (named in the message); fix the request',
  INVALID_JSON: 'the body is not JSON; send application/json',
  BAD_REQUEST: 'the request is malformed; fix it',
  AUTH_REQUIRED:
    'token missing or revoked; send Authorization: Bearer at_v1_… or provision through a start-here service',
  INVALID_TOKEN: 'token invalid; use the correct non-revoked token',
  PAYMENT_REQUIRED:
    'HTTP 402 with PAYMENT-REQUIRED; quote, pay, replay unchanged with PAYMENT-SIGNATURE and Idempotency-Key',
  PAYMENT_INVALID:
    'the PAYMENT-SIGNATURE does not match the advertised terms (reason given); sign a new payment for the terms in PAYMENT-REQUIRED',
  FORBIDDEN: 'not allowed for this tenant',
  RESOURCE_NOT_OWNED: 'the resource belongs to another tenant; use an owned one',
  PAYER_MISMATCH: 'the x402 payer differs from the wallet of the bearer token; pay from the token wallet',
  TENANT_SUSPENDED: 'the operator suspended this wallet; nothing is charged; contact the operator',
  NOT_FOUND: 'no such route',
  RESOURCE_NOT_FOUND: 'unknown id; refresh owned resources',
  METHOD_NOT_ALLOWED: 'wrong method for this path (Allow header)',
  IDEMPOTENCY_CONFLICT: 'key reused with a different body, service or payment; use the original request or a new key',
  PAYMENT_PENDING: 'payment in progress; do not pay twice; retry unchanged after Retry-After',
  PROOF_ALREADY_USED: 'this payment proof already paid for another request; sign a new payment',
  ADDRESS_TAKEN: 'the mailbox address belongs to another tenant or is active; choose another localPart',
  ALLOWANCE_EXHAUSTED: 'inbound allowance used up; buy inbound minutes',
  NUMBER_EXPIRING: 'renew through phone.number.renew.30d',
  NUMBER_RELEASED: 'number released irreversibly; buy a new one',
  REQUEST_TIMEOUT:
    'the request did not arrive whole in time (HTTP_REQUEST_TIMEOUT_MS); the connection was closed; send it again',
  NO_NUMBER_AVAILABLE:
    'the provider offers no number in this area code now; try another areaCode (nothing was charged)',
  CALL_NOT_ACTIVE: 'the call has ended (or never connected); extend only a live call',
  PAYLOAD_TOO_LARGE: 'the body exceeds the limit',
  URI_TOO_LONG: 'a path segment is longer than 200 characters; use the ids the API gave you',
  HEADERS_TOO_LARGE: 'the request line and headers exceed 16 KiB; send fewer or smaller headers',
  UNSUPPORTED_MEDIA_TYPE: 'send Content-Type: application/json',
  REFUND_OWED:
    'the payment settled but the operation can never succeed for this input; the payment is recorded as a refund owed to the payer (refund id given); do not retry unchanged',
  RECIPIENT_NOT_DELIVERABLE: 'a recipient cannot be reached (no outbound relay for other domains); nothing was charged',
  ONBOARDING_REQUIRED: 'secondary paid request without token; call the returned start-here service; do not pay',
  IDEMPOTENCY_KEY_REQUIRED:
    'the paid replay (PAYMENT-SIGNATURE) lacks Idempotency-Key, or a key sent is malformed; send Idempotency-Key: <a new UUID per logical operation; the same on the paid replay>; nothing was charged',
  RATE_LIMITED: 'too many requests; retry after Retry-After',
  INTERNAL_ERROR: 'unexpected error (logged); retry later with the same key and proof',
  PROVIDER_TEMPORARY_FAILURE: 'retry the same operation with the same key and proof after backoff (no second charge)',
  PROVIDER_REFUSED:
    'the provider refused the operation for good (its HTTP status, code and message in error.provider); nothing was charged; change the input (or, after a settled payment, a refund owed is recorded instead: REFUND_OWED)',
  SERVICE_UNAVAILABLE: 'the service is not available (catalog says why); do not pay',
  REPLAY_UNAVAILABLE: 'socket error when the inbox cannot be read during replay; replay later via REST',
  EVENT_EXPIRED: 'the event expired unacknowledged; it is never delivered again and cannot be acknowledged',
  LEASE_EXPIRED:
    'this socket holds no live delivery lease for the event (it ran out or another socket holds it); nothing changed; acknowledge its redelivery or use POST /api/v1/events/ack',
  TURN_CLOSED: 'the voice turn was already answered, cancelled or timed out; later voice.response is rejected',
  PROTOCOL_ERROR:
    'WebSocket misuse (unknown message, event.ack for a voice turn, voice.response for a durable event, …); fix the client',
  UPGRADE_REQUIRED: 'the realtime endpoint speaks WebSocket only; connect with a WebSocket client',
  SIGN_IN_REJECTED:
    'dashboard only: the wallet signature, nonce, domain, chain or expiry of the sign-in message was refused; request a new nonce and sign again',
  OWNER_SESSION_REQUIRED: 'dashboard only: sign in with the owning wallet (Authorization: Bearer os_v1_…)',
  OPERATOR_AUTH_REQUIRED: 'admin only: send the operator HTTP Basic credentials',
};
