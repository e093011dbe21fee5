import { AgentError } from '../http/errors.ts';

/**
 * Thrown by adapters when a provider (SMTP relay, telephony) failed in a way a retry can fix. After settlement the
 * paywall answers PROVIDER_TEMPORARY_FAILURE and keeps the payment for the retry (same key and proof).
 */
export class ProviderTemporaryFailure extends Error {
  override name = 'ProviderTemporaryFailure';
}

/** What a provider said when it refused: its HTTP status, its own error code and message (Twilio: 21211, …). */
export interface ProviderAnswer {
  name: string;
  status: number;
  code: string | null;
  message: string;
}

/**
 * A final refusal by a provider (a 4xx with its error code: a number it will not call, credentials that may not do
 * this, …): the same input gets the same answer. Before payment it is the answer itself (502 PROVIDER_REFUSED,
 * nothing charged, the provider's code and message under error.provider); after settlement the paywall records a
 * refund owed to the payer (422 REFUND_OWED), since a retry can never succeed.
 */
export class ProviderRefusal extends AgentError {
  override name = 'ProviderRefusal';
  constructor(readonly provider: ProviderAnswer) {
    super(
      'PROVIDER_REFUSED',
      `The ${provider.name} provider refused the operation (HTTP ${provider.status}` +
        `${provider.code ? `, error ${provider.code}` : ''}): ${provider.message || 'no message'}. ` +
        'Retrying the same input gets the same answer.',
      { data: { provider } },
    );
  }
}
