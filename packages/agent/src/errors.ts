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
