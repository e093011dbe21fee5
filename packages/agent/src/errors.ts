// Failures an agent branches on. The service's own refusals keep its `code` (INSUFFICIENT_FUNDS, RESOURCE_NOT_OWNED,
// ONBOARDING_REQUIRED …); the agent's own guards are separate classes, raised before anything is paid.

/** The service answered with its error envelope. `retryable` codes were already retried with the same key and proof. */
export class AgentApiError extends Error {
  override name = 'AgentApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A price above the agent's per-call or per-day limit: refused before signing anything. */
export class SpendLimitError extends Error {
  override name = 'SpendLimitError';
  constructor(
    readonly limit: 'perCall' | 'perDay',
    readonly priceUnits: bigint,
    readonly limitUnits: bigint,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The service no longer accepts the agent's access token: it was replaced or revoked by the wallet's owner (code
 * AUTH_REQUIRED or INVALID_TOKEN), or the operator suspended the wallet (TENANT_SUSPENDED). Retrying cannot help:
 * the call rejects with it, the socket stops reconnecting, and `onAuthError` handlers hear it once. Give the agent
 * the replacement token (`useAccessToken`) to go on.
 */
export class AgentAuthError extends AgentApiError {
  override name = 'AgentAuthError';
}

/** Service codes that mean the credentials themselves are refused (not the request). */
export const AUTH_FAILURE_CODES: ReadonlySet<string> = new Set(['AUTH_REQUIRED', 'INVALID_TOKEN', 'TENANT_SUSPENDED']);
