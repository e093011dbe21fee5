import { HttpError, renderedDetails, type ErrorDetail, type ErrorEnvelope } from '@tender/platform';

/**
 * Every error code the gateway answers with, its HTTP status and its `type`. One table: routes and operations
 * throw `new GatewayError(code, message)`, the envelope looks the rest up here. Documented in the OpenAPI
 * description and the README.
 */
export const GATEWAY_ERRORS = {
  VALIDATION_FAILED: [400, 'invalid_request_error'],
  INVALID_JSON: [400, 'invalid_request_error'],
  BAD_REQUEST: [400, 'invalid_request_error'],
  ENVIRONMENT_MISMATCH: [400, 'invalid_request_error'],
  EMAIL_TOKEN_INVALID: [400, 'invalid_request_error'],
  EMAIL_TOKEN_EXPIRED: [400, 'invalid_request_error'],
  PASSWORD_RESET_TOKEN_INVALID: [400, 'invalid_request_error'],
  PASSWORD_RESET_TOKEN_EXPIRED: [400, 'invalid_request_error'],
  // Team invitations (team/acceptInvitation.ts): unknown token, past its 7 days, already accepted, revoked.
  INVITATION_TOKEN_INVALID: [400, 'invalid_request_error'],
  INVITATION_EXPIRED: [400, 'invalid_request_error'],
  INVITATION_USED: [400, 'invalid_request_error'],
  INVITATION_REVOKED: [400, 'invalid_request_error'],
  // Payments: the request names a network or currency this environment cannot take.
  NETWORK_NOT_SUPPORTED: [400, 'invalid_request_error'],
  NETWORK_UNAVAILABLE: [400, 'invalid_request_error'],
  CURRENCY_NOT_SUPPORTED: [400, 'invalid_request_error'],
  VAULT_NOT_CONFIGURED: [400, 'invalid_request_error'],
  // Payment links and invoices: none of the networks they would offer has a vault (nobody could pay them).
  VAULT_REQUIRED: [400, 'invalid_request_error'],
  VAULT_ADDRESS_REJECTED: [400, 'invalid_request_error'],
  // Vault proofs (settings/vaultProof.ts): no signature, a message or signature that proves nothing, another signer.
  VAULT_PROOF_REQUIRED: [400, 'invalid_request_error'],
  VAULT_PROOF_INVALID: [400, 'invalid_request_error'],
  VAULT_PROOF_WRONG_SIGNER: [400, 'invalid_request_error'],
  // Webhooks: a URL the SSRF guard refuses (scheme, credentials, non-public address, does not resolve).
  WEBHOOK_URL_REJECTED: [400, 'invalid_request_error'],
  // Refund proofs: the named transaction does not do what the refund needs (refunds/refundTransferMatch.ts).
  REFUND_TX_NOT_FOUND: [400, 'invalid_request_error'],
  REFUND_TX_FAILED: [400, 'invalid_request_error'],
  REFUND_NO_TRANSFER: [400, 'invalid_request_error'],
  REFUND_WRONG_TOKEN: [400, 'invalid_request_error'],
  REFUND_WRONG_SENDER: [400, 'invalid_request_error'],
  REFUND_WRONG_RECIPIENT: [400, 'invalid_request_error'],
  REFUND_AMOUNT_TOO_SMALL: [400, 'invalid_request_error'],
  REFUND_NETWORK_REQUIRED: [400, 'invalid_request_error'],
  REFUND_WRONG_NETWORK: [400, 'invalid_request_error'],
  AUTHENTICATION_REQUIRED: [401, 'authentication_error'],
  INVALID_CREDENTIALS: [401, 'authentication_error'],
  INVALID_API_KEY: [401, 'authentication_error'],
  INVALID_SESSION: [401, 'authentication_error'],
  INVALID_ID_TOKEN: [401, 'authentication_error'],
  REAUTHENTICATION_FAILED: [401, 'authentication_error'],
  // The operator console /admin/api: HTTP Basic (the platform's operatorAuth answers it).
  OPERATOR_AUTH_REQUIRED: [401, 'authentication_error'],
  PERMISSION_DENIED: [403, 'permission_error'],
  SESSION_REQUIRED: [403, 'permission_error'],
  EMAIL_NOT_VERIFIED: [403, 'permission_error'],
  // The operator suspended the merchant: its keys and sessions, and its pages' new payments, are refused.
  MERCHANT_SUSPENDED: [403, 'permission_error'],
  // Team (team/): the signed-in user's email is not the invited one; a role the caller may not grant or act on;
  // a user who belongs to no merchant any more (sign-in) or not to the one asked for (switch).
  INVITATION_EMAIL_MISMATCH: [403, 'permission_error'],
  ROLE_NOT_ALLOWED: [403, 'permission_error'],
  NO_MERCHANT_MEMBERSHIP: [403, 'permission_error'],
  NOT_A_MEMBER: [403, 'permission_error'],
  // A session cookie on an unsafe request from another origin (auth/sessionCookie.ts).
  CSRF_REJECTED: [403, 'permission_error'],
  NOT_FOUND: [404, 'invalid_request_error'],
  RESOURCE_NOT_FOUND: [404, 'invalid_request_error'],
  METHOD_NOT_ALLOWED: [405, 'invalid_request_error'],
  IDEMPOTENCY_KEY_REUSED: [409, 'idempotency_error'],
  IDEMPOTENCY_REQUEST_IN_PROGRESS: [409, 'idempotency_error'],
  CONFLICT: [409, 'invalid_request_error'],
  NO_EMAIL: [409, 'invalid_request_error'],
  EMAIL_ALREADY_VERIFIED: [409, 'invalid_request_error'],
  EMAIL_UNCHANGED: [409, 'invalid_request_error'],
  EMAIL_IN_USE: [409, 'invalid_request_error'],
  IDP_ACCOUNT_EXISTS: [409, 'invalid_request_error'],
  // Team: the invited address belongs to an account (use its password or its session), the person is a member
  // already, an open invitation exists for the address, the invitation is no longer pending, the last owner.
  INVITATION_ACCOUNT_EXISTS: [409, 'invalid_request_error'],
  ALREADY_MEMBER: [409, 'invalid_request_error'],
  INVITATION_PENDING: [409, 'invalid_request_error'],
  INVITATION_NOT_PENDING: [409, 'invalid_request_error'],
  LAST_OWNER: [409, 'invalid_request_error'],
  // Another merchant has proven this vault address on the network and environment.
  VAULT_ADDRESS_TAKEN: [409, 'invalid_request_error'],
  WEBHOOK_ENDPOINT_LIMIT: [409, 'invalid_request_error'],
  WEBHOOK_ENDPOINT_DISABLED: [409, 'invalid_request_error'],
  REQUEST_TIMEOUT: [408, 'invalid_request_error'],
  // Refunds: the request conflicts with the payment's or the refund's state. REFUND_TX_PENDING is retryable.
  PAYMENT_NOT_PAID: [409, 'invalid_request_error'],
  REFUND_EXCEEDS_REFUNDABLE: [409, 'invalid_request_error'],
  REFUND_NOT_PENDING: [409, 'invalid_request_error'],
  REFUND_TX_PENDING: [409, 'invalid_request_error'],
  REFUND_TX_ALREADY_USED: [409, 'invalid_request_error'],
  // Resolving a payment: the decision does not fit the payment as it stands.
  PAYMENT_NOT_UNDERPAID: [409, 'invalid_request_error'],
  UNDERPAYMENT_AMOUNT_CHANGED: [409, 'invalid_request_error'],
  REFUND_NO_EXCESS: [409, 'invalid_request_error'],
  REFUND_EXCEEDS_EXCESS: [409, 'invalid_request_error'],
  REFUND_NO_FOREIGN_FUNDS: [409, 'invalid_request_error'],
  // Payment links and invoices: the link or invoice is in a state that refuses the request.
  PAYMENT_LINK_INACTIVE: [409, 'invalid_request_error'],
  INVOICE_PAID: [409, 'invalid_request_error'],
  INVOICE_PAYMENT_IN_PROGRESS: [409, 'invalid_request_error'],
  // A customer page asked to start a payment the merchant cannot take yet (no vault, no network served): said to the
  // customer in the customer's words, never the merchant's setup instructions.
  MERCHANT_NOT_READY: [409, 'invalid_request_error'],
  // Resending an invoice (POST /v1/invoices/{id}/send): void, or its mail is already waiting for the relay.
  INVOICE_VOID: [409, 'invalid_request_error'],
  INVOICE_EMAIL_QUEUED: [409, 'invalid_request_error'],
  PAYLOAD_TOO_LARGE: [413, 'invalid_request_error'],
  URI_TOO_LONG: [414, 'invalid_request_error'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'invalid_request_error'],
  RATE_LIMITED: [429, 'rate_limit_error'],
  HEADERS_TOO_LARGE: [431, 'invalid_request_error'],
  INTERNAL_ERROR: [500, 'api_error'],
  EMAIL_SEND_FAILED: [502, 'api_error'],
  SERVICE_UNAVAILABLE: [503, 'api_error'],
  EMAIL_UNAVAILABLE: [503, 'api_error'],
  IDP_NOT_CONFIGURED: [503, 'api_error'],
  IDP_UNAVAILABLE: [503, 'api_error'],
  WEBHOOKS_UNAVAILABLE: [503, 'api_error'],
} as const satisfies Record<string, readonly [number, string]>;

export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

export class GatewayError extends HttpError {
  constructor(
    code: GatewayErrorCode,
    message: string,
    extra: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(GATEWAY_ERRORS[code][0], code, message, extra);
  }
}

const typeByStatus = (status: number): string =>
  status === 401
    ? 'authentication_error'
    : status === 403
      ? 'permission_error'
      : status === 429
        ? 'rate_limit_error'
        : status >= 500
          ? 'api_error'
          : 'invalid_request_error';

/** `{error: {type, code, message, request_id, details?}}` */
export const gatewayEnvelope: ErrorEnvelope = {
  render(err, requestId) {
    const known = (GATEWAY_ERRORS as Record<string, readonly [number, string]>)[err.code];
    return {
      error: {
        type: known?.[1] ?? typeByStatus(err.status),
        code: err.code,
        message: err.message,
        request_id: requestId,
        ...(err.extra.details ? { details: renderedDetails(err.extra.details) } : {}),
      },
    };
  },
};
