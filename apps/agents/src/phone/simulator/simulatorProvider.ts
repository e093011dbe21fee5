import RequestClient from 'twilio/lib/base/RequestClient.js';
import { createTwilioProvider } from '../provider/twilioProvider.ts';
import type { TelephonyProvider } from '../provider/telephonyProvider.ts';
import { SIMULATOR_PATHS } from './simulatorRoutes.ts';
import type { TwilioSimulator } from './twilioSimulator.ts';

/**
 * The Twilio adapter, unchanged, talking to the simulator: the library's own HTTP client with
 * https://api.twilio.com rewritten to the simulator's REST API on the local agents server (as the tests point it at
 * Prism), authenticated with the simulator's account.
 */
export function createSimulatorProvider(sim: TwilioSimulator, localBaseUrl: string): TelephonyProvider {
  const api = `${localBaseUrl}${SIMULATOR_PATHS.api}`;
  class SimulatorClient extends RequestClient {
    override async request<T>(o: RequestClient.RequestOptions<T>) {
      return super.request({ ...o, uri: o.uri.replace(/^https:\/\/api\.twilio\.com/, api) });
    }
  }
  return createTwilioProvider({
    accountSid: sim.accountSid,
    authToken: sim.authToken,
    httpClient: new SimulatorClient({ autoRetry: false, timeout: 15_000 }),
  });
}
