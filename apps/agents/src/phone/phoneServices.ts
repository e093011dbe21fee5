import type { TelephonyProvider } from './provider/telephonyProvider.ts';
import type { TwilioSimulator } from './simulator/twilioSimulator.ts';

/** What the phone services need beyond the common context; built once by the runtime from configuration. */
export interface PhoneServices {
  provider: TelephonyProvider;
  /** Public base URL the provider calls back (no trailing slash); signatures are computed over URLs under it. */
  webhookBaseUrl: string;
  /** Days a suspended (expired) number is kept before it is released at the provider. */
  releaseGraceDays: number;
  /** Deadline of one live voice turn. */
  voiceTurnTimeoutMs: number;
  /** Interval of the phone sweep (due calls, expiry warnings, release after grace). */
  sweepMs: number;
  /** The telephony simulator, when it is the provider (dev profile): its REST API and caller socket are served. */
  simulator?: TwilioSimulator;
}

/** Webhook paths (infrastructure routes; not in the catalog). */
export const TWILIO_PATHS = {
  voice: '/provider/twilio/voice',
  status: '/provider/twilio/status',
  relay: '/provider/twilio/relay',
} as const;

export const voiceUrl = (p: PhoneServices, phoneNumberId: string) =>
  `${p.webhookBaseUrl}${TWILIO_PATHS.voice}/${phoneNumberId}`;
export const statusUrl = (p: PhoneServices) => `${p.webhookBaseUrl}${TWILIO_PATHS.status}`;
export const relayUrl = (p: PhoneServices, callId: string) =>
  `${p.webhookBaseUrl.replace(/^http/, 'ws')}${TWILIO_PATHS.relay}?callId=${callId}`;

/** What callers hear when the agent does not speak (short, fixed, documented in the README). */
export const LINES = {
  fallback: "Sorry, I can't answer that right now.",
  unreachable: 'The agent is not available right now. Goodbye.',
  notInService: 'This number is not in service. Goodbye.',
  allowanceExhausted: 'This number has no inbound minutes left. Goodbye.',
} as const;

/** Entitlement of a purchase and of a renewal. */
export const ENTITLEMENT_DAYS = 30;
export const INBOUND_PACKAGE_SECONDS = 600;
export const EXTENSION_SECONDS = 60;
