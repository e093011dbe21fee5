/** One failing field of a request: `path` names it (`amount`, `metadata.k`, `networks[1]`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * The one error type routes and operations throw to answer a client. `code` is the stable machine code;
 * each API's envelope renders it (and maps it to its own vocabulary where needed). Anything else thrown
 * is a 500 whose cause is logged, never shown.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { details?: ErrorDetail[]; headers?: Record<string, string>; data?: Record<string, unknown> } = {},
  ) {
    super(message);
  }
}

/** Codes the HTTP kit itself produces, before a route runs. */
export const KitErrorCode = {
  validation: 'VALIDATION_FAILED',
  invalidJson: 'INVALID_JSON',
  badRequest: 'BAD_REQUEST',
  requestTimeout: 'REQUEST_TIMEOUT',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
