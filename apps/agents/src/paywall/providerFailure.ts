/**
 * Thrown by adapters when a provider (SMTP relay, telephony) failed in a way a retry can fix. After settlement the
 * paywall answers PROVIDER_TEMPORARY_FAILURE and keeps the payment for the retry (same key and proof).
 */
export class ProviderTemporaryFailure extends Error {
  override name = 'ProviderTemporaryFailure';
}
