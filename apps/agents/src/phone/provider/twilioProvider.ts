import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import type VoiceResponse from 'twilio/lib/twiml/VoiceResponse.js';
import { ProviderRefusal, ProviderTemporaryFailure } from '../../paywall/providerFailure.ts';
import type { Country, TelephonyProvider } from './telephonyProvider.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /**
   * Replaces the library's HTTP client (tests point it at a Twilio stand-in). The default talks to
   * https://api.twilio.com with the library's own retries off: a retry is our job, keyed by our idempotency.
   */
  httpClient?: RequestClient;
  /** Voice of spoken messages (TwiML <Say>); Twilio's default when unset. */
  language?: string;
}

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Twilio through its official library: AvailablePhoneNumbers/Local + IncomingPhoneNumbers for numbers, Calls for
 * outbound calls (TimeLimit enforces the authorised seconds at the provider; updating it extends a live call),
 * TwiML <Connect><ConversationRelay> for the live conversation, validateRequest for webhook signatures.
 * Recording is never requested (Record=false is Twilio's default and we never send a recording parameter).
 */
export function createTwilioProvider(opts: TwilioOptions): TelephonyProvider {
  const client = twilio(opts.accountSid, opts.authToken, {
    httpClient: opts.httpClient ?? new RequestClient({ autoRetry: false, timeout: 15_000 }),
  });

  const offered = async (country: Country, areaCode: string): Promise<string[]> => {
    const list = await guard(() =>
      client.availablePhoneNumbers(country).local.list({ areaCode: Number(areaCode), voiceEnabled: true, limit: 5 }),
    );
    return list.map((c) => c.phoneNumber).filter((n) => E164.test(n));
  };

  return {
    name: 'twilio',

    async hasLocalNumber(country, areaCode) {
      return (await offered(country, areaCode)).length > 0;
    },

    async buyLocalNumber(country, areaCode, hooks, label) {
      const candidates = await offered(country, areaCode);
      if (candidates.length === 0) {
        // Numbers come and go; the precheck found one a moment ago. The paid request keeps its payment for a retry.
        throw new ProviderTemporaryFailure(`no voice number available in area code ${areaCode} (${country})`);
      }
      let lastErr: unknown;
      for (const phoneNumber of candidates) {
        try {
          const bought = await guard(() =>
            client.incomingPhoneNumbers.create({
              phoneNumber,
              friendlyName: label.slice(0, 64),
              voiceUrl: hooks.voiceUrl,
              voiceMethod: 'POST',
              statusCallback: hooks.statusCallbackUrl,
              statusCallbackMethod: 'POST',
            }),
          );
          // The number we asked for is the number bought (Twilio answers with it in E.164).
          return { providerSid: bought.sid, e164: E164.test(bought.phoneNumber) ? bought.phoneNumber : phoneNumber };
        } catch (err) {
          lastErr = err;
          if (!(err instanceof ProviderTemporaryFailure)) continue; // taken meanwhile: the next candidate
          throw err;
        }
      }
      // Every candidate refused. Taken meanwhile (Twilio 21422) may differ on a retry; any other refusal (the
      // account may not buy numbers: test credentials, a suspended account) is final and answered as such.
      if (lastErr instanceof ProviderRefusal && lastErr.provider.code !== '21422') throw lastErr;
      throw new ProviderTemporaryFailure(`buying a number in ${areaCode} failed: ${String(lastErr)}`);
    },

    async releaseNumber(providerSid) {
      try {
        await guard(() => client.incomingPhoneNumbers(providerSid).remove());
      } catch (err) {
        if (isStatus(err, 404)) return;
        throw err;
      }
    },

    async numberExists(providerSid) {
      try {
        await guard(() => client.incomingPhoneNumbers(providerSid).fetch());
        return true;
      } catch (err) {
        if (isStatus(err, 404)) return false;
        throw err;
      }
    },

    async placeCall(c) {
      const twiml = connectTwiml(c.relayUrl, { greeting: c.greeting, language: c.language });
      const call = await guard(() =>
        client.calls.create({
          to: c.toE164,
          from: c.fromE164,
          twiml,
          timeLimit: c.timeLimitSeconds,
          statusCallback: c.statusCallbackUrl,
          // Twilio's default status event is `completed` alone, which is all we need: the connection starts when
          // the relay socket sends `setup`. (An explicit StatusCallbackEvent list is form-encoded as repeated keys,
          // which the schema-validating stand-in reads as a single value.)
          statusCallbackMethod: 'POST',
        }),
      );
      return { providerCallId: call.sid };
    },

    async setCallTimeLimit(providerCallId, timeLimitSeconds) {
      await guard(() => client.calls(providerCallId).update({ timeLimit: timeLimitSeconds }));
    },

    async endCall(providerCallId) {
      try {
        await guard(() => client.calls(providerCallId).update({ status: 'completed' }));
      } catch (err) {
        if (isStatus(err, 404) || isStatus(err, 400)) return; // gone, or no longer in progress
        throw err;
      }
    },

    async fetchCall(providerCallId) {
      try {
        const c = await guard(() => client.calls(providerCallId).fetch());
        const duration = c.duration == null ? null : Number(c.duration);
        return {
          providerCallId: c.sid,
          status: String(c.status),
          durationSeconds: Number.isFinite(duration) ? duration : null,
        };
      } catch (err) {
        if (isStatus(err, 404)) return null;
        throw err;
      }
    },

    connectTwiml,

    sayAndHangUpTwiml(message, language) {
      const r = new twilio.twiml.VoiceResponse();
      // Twilio's typings list the Say voices' language tags; any other tag is Twilio's to refuse, as before.
      r.say(language ? { language: language as NonNullable<VoiceResponse.SayAttributes['language']> } : {}, message);
      r.hangup();
      return r.toString();
    },

    verifySignature(signature, url, params) {
      if (!signature) return false;
      return twilio.validateRequest(opts.authToken, signature, url, params);
    },
  };
}

function connectTwiml(relayUrl: string, o: { greeting?: string | undefined; language?: string | undefined }): string {
  const r = new twilio.twiml.VoiceResponse();
  const connect = r.connect();
  connect.conversationRelay({
    url: relayUrl,
    ...(o.greeting ? { welcomeGreeting: o.greeting } : {}),
    ...(o.language ? { language: o.language } : {}),
    dtmfDetection: true,
  });
  return r.toString();
}

interface RestError {
  status?: number;
  code?: number;
  message?: string;
}

function isStatus(err: unknown, status: number): boolean {
  return err instanceof ProviderRefusal && err.provider.status === status;
}

/**
 * Maps the library's failures: no HTTP answer, 5xx and 429 → ProviderTemporaryFailure (retry); other 4xx →
 * ProviderRefusal with Twilio's status, error code and message (a caller decides; unhandled, it is the answer:
 * 502 PROVIDER_REFUSED before payment, a refund owed after settlement).
 */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as RestError;
    const status = typeof e.status === 'number' ? e.status : 0;
    if (status === 0 || status >= 500 || status === 429) {
      throw new ProviderTemporaryFailure(`telephony provider: ${status || 'no answer'} ${e.message ?? String(err)}`);
    }
    throw new ProviderRefusal({
      name: 'twilio',
      status,
      code: e.code == null ? null : String(e.code),
      message: (e.message ?? '').slice(0, 500),
    });
  }
}
