/**
 * The telephony provider as the phone services see it: numbers, calls and the speech you hear when no agent
 * speaks. One interface; Twilio is the real implementation (twilioProvider.ts). Every method either does what it
 * says at the provider or throws: ProviderTemporaryFailure when a retry may succeed (network, 5xx, 429), an
 * AgentError for a final refusal (no number in that area code). Nothing here touches the database.
 */
export type Country = 'US' | 'CA';

export interface BoughtNumber {
  /** The provider's id of the number (Twilio: PN…). */
  providerSid: string;
  /** E.164 */
  e164: string;
}

export interface PlacedCall {
  /** The provider's id of the call (Twilio: CA…). */
  providerCallId: string;
}

/** What the provider calls back for one number: its voice webhook (inbound calls) and status callbacks. */
export interface NumberHooks {
  voiceUrl: string;
  statusCallbackUrl: string;
}

export interface OutboundCall {
  fromE164: string;
  toE164: string;
  /** Connected seconds the provider allows before hanging up (our own timer enforces it too). */
  timeLimitSeconds: number;
  /** Where call progress is reported. */
  statusCallbackUrl: string;
  /** The live-conversation socket the call connects to once answered. */
  relayUrl: string;
  /** Spoken first, before the caller's first turn. */
  greeting?: string | undefined;
  language?: string | undefined;
}

export interface ProviderCallState {
  providerCallId: string;
  /** Provider status: queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
  status: string;
  /** Connected seconds the provider counted, when it has finished. */
  durationSeconds: number | null;
}

export interface TelephonyProvider {
  readonly name: string;
  /** Whether a voice-capable local number is on offer in the area code now (checked before any payment). */
  hasLocalNumber(country: Country, areaCode: string): Promise<boolean>;
  /** Finds one voice-capable local number in the area code and buys it, pointing its webhooks at us. */
  buyLocalNumber(country: Country, areaCode: string, hooks: NumberHooks, label: string): Promise<BoughtNumber>;
  /** Releases a number for good. Releasing one the provider no longer has is success (idempotent). */
  releaseNumber(providerSid: string): Promise<void>;
  /** Whether the provider still holds the number for us (reconciliation). */
  numberExists(providerSid: string): Promise<boolean>;
  placeCall(call: OutboundCall): Promise<PlacedCall>;
  /** Sets the provider's time limit of a live call (the new total connected seconds). */
  setCallTimeLimit(providerCallId: string, timeLimitSeconds: number): Promise<void>;
  /** Ends a live call (no-op when it already ended). */
  endCall(providerCallId: string): Promise<void>;
  fetchCall(providerCallId: string): Promise<ProviderCallState | null>;
  /** Response document for an inbound call that goes to the live-conversation socket. */
  connectTwiml(relayUrl: string, opts: { greeting?: string | undefined; language?: string | undefined }): string;
  /** Response document that says a short message and hangs up. */
  sayAndHangUpTwiml(message: string, language?: string): string;
  /**
   * Whether a provider request (webhook POST or the socket's handshake) is signed by the provider for exactly this
   * URL and these form parameters.
   */
  verifySignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}
