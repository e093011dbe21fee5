// Every failure the SDK reports is one of two classes: the API answered with its error envelope (TenderError), or no
// answer came (TenderConnectionError). Callers branch on `type`, `code` and `status`, never on message text.

/** One field the API refused, as in `error.details`. */
export interface TenderErrorDetail {
  path: string;
  message: string;
}

/** The API answered with an error envelope `{ error: { type, code, message, details?, request_id } }`. */
export class TenderError extends Error {
  override name = 'TenderError';
  readonly status: number;
  /** invalid_request_error, authentication_error, permission_error, rate_limit_error, api_error … */
  readonly type: string;
  /** VALIDATION_FAILED, RESOURCE_NOT_FOUND, IDEMPOTENCY_KEY_REUSED … */
  readonly code: string;
  readonly details: TenderErrorDetail[];
  /** Quote it to support: it names the request in the gateway's logs. */
  readonly requestId: string | null;

  constructor(
    status: number,
    body: { type?: string; code?: string; message?: string; details?: TenderErrorDetail[]; request_id?: string },
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.type = body.type ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    this.code = body.code ?? `HTTP_${status}`;
    this.details = body.details ?? [];
    this.requestId = body.request_id ?? null;
  }
}

/** No answer: the connection failed, was dropped, or timed out. A create retried with its key is safe. */
export class TenderConnectionError extends Error {
  override name = 'TenderConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
