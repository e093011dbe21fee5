import { readFile } from 'node:fs/promises';
import { ConfigError, createLogger, loadConfig, type Database } from '@tender/platform';
import { testPort } from '@tender/platform/testing';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb, startAgents, TEST_DOMAIN, type AgentsHarness } from '../../_test/agentsTestKit.ts';
import { agentsConfigSpec } from '../../config.ts';
import { createAgentsServices } from '../../runtime.ts';
import { startPrism, type Prism } from '../_test/prism.ts';
import { createTwilioProvider } from '../provider/twilioProvider.ts';
import { SIMULATOR_PATHS } from './simulatorRoutes.ts';
import { readPinnedSubset, TWILIO_OPENAPI_SUBSET } from './twilioOpenApiSubset.ts';
import type { TwilioSimulator } from './twilioSimulator.ts';

// The simulator against Twilio's contract: every request the Twilio adapter sends it also goes to Prism serving
// Twilio's full pinned description (the validation the adapter tests use), and every answer is checked against the
// response schemas of the same description. Then which provider the runtime picks, and production's refusal.

let db: Database;
let prism: Prism;
let h: AgentsHarness;
let sim: TwilioSimulator;
let base = '';
const answers: { method: string; path: string; status: number; problems: string[] }[] = [];

beforeAll(async () => {
  [db, prism] = await Promise.all([openAgentsDb(), startPrism()]);
  const port = await testPort();
  base = `http://127.0.0.1:${port}`;
  h = await startAgents({
    db,
    simulatorSecondMs: 20,
    env: { TELEPHONY_PROVIDER: 'simulator', AGENTS_PORT: String(port), PHONE_SWEEP_MS: '600000' },
  });
  await h.app.listen({ host: '127.0.0.1', port });
  sim = h.ctx.phone!.simulator!;
}, 120_000);

afterAll(async () => {
  await h?.close();
  await Promise.all([prism?.close(), db?.close()]);
});

/** The library's HTTP client: each request to Prism first (validated there), then to the simulator. */
class ToPrismAndSimulator extends RequestClient {
  override async request<T>(o: RequestClient.RequestOptions<T>) {
    await prism.httpClient.request(o);
    const res = await super.request({
      ...o,
      uri: o.uri.replace(/^https:\/\/api\.twilio\.com/, `${base}${SIMULATOR_PATHS.api}`),
    });
    const path = new URL(o.uri).pathname;
    const checked = sim.validator.validate({ method: o.method.toUpperCase(), path, query: {}, form: {} });
    const raw: unknown = res.body;
    const body = typeof raw === 'string' ? (raw ? (JSON.parse(raw) as unknown) : null) : raw;
    const problems =
      checked.ok && res.statusCode < 400 ? sim.validator.validateResponse(checked.op, res.statusCode, body) : [];
    answers.push({ method: o.method, path, status: res.statusCode, problems });
    return res;
  }
}

describe('telephony simulator: Twilio’s contract', () => {
  it('its OpenAPI subset is exactly the extraction of the pinned full description', async () => {
    const committed = JSON.parse(await readFile(TWILIO_OPENAPI_SUBSET, 'utf8')) as unknown;
    expect(committed).toEqual(await readPinnedSubset());
  });

  it('every request of the Twilio adapter passes Prism’s validation; every answer matches Twilio’s schemas', async () => {
    const twilio = createTwilioProvider({
      accountSid: sim.accountSid,
      authToken: sim.authToken,
      httpClient: new ToPrismAndSimulator({ autoRetry: false, timeout: 10_000 }),
    });
    expect(await twilio.hasLocalNumber('US', '212')).toBe(true);
    const hooks = { voiceUrl: `${base}/provider/twilio/voice/x`, statusCallbackUrl: `${base}/provider/twilio/status` };
    const bought = await twilio.buyLocalNumber('US', '212', hooks, 'contract');
    expect(bought.e164).toBe('+12125550150');
    expect(bought.providerSid).toMatch(/^PN[0-9a-f]{32}$/);
    const second = await twilio.buyLocalNumber('CA', '212', hooks, 'contract 2');
    expect(second.e164).toBe('+12125550151');
    expect(await twilio.numberExists(bought.providerSid)).toBe(true);

    const placed = await twilio.placeCall({
      fromE164: bought.e164,
      toE164: '+12125550102', // no answer: rings for 60 simulated seconds
      timeLimitSeconds: 60,
      statusCallbackUrl: `${base}/provider/twilio/status`,
      relayUrl: `${base.replace(/^http/, 'ws')}/provider/twilio/relay?callId=x`,
      greeting: 'Hello',
    });
    expect(placed.providerCallId).toMatch(/^CA[0-9a-f]{32}$/);
    await twilio.setCallTimeLimit(placed.providerCallId, 120);
    expect(await twilio.fetchCall(placed.providerCallId)).toMatchObject({ status: 'ringing', durationSeconds: null });
    await twilio.endCall(placed.providerCallId);
    expect(await twilio.fetchCall(placed.providerCallId)).toMatchObject({ status: 'canceled', durationSeconds: 0 });
    await twilio.endCall(placed.providerCallId); // already over: Twilio's 400, which the adapter takes as done

    await twilio.releaseNumber(bought.providerSid);
    await twilio.releaseNumber(bought.providerSid); // idempotent (404)
    expect(await twilio.numberExists(bought.providerSid)).toBe(false);

    expect(prism.violations).toEqual([]);
    expect(answers.filter((a) => a.problems.length)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual([
      200, 200, 201, 200, 201, 200, 201, 200, 200, 200, 200, 400, 204, 404, 404,
    ]);
  });

  it('refuses what Twilio refuses, with Twilio’s error body: invalid parameters, wrong credentials, a foreign caller id', async () => {
    const auth = `Basic ${Buffer.from(`${sim.accountSid}:${sim.authToken}`).toString('base64')}`;
    const post = (path: string, form: Record<string, string>, authorization = auth) =>
      fetch(`${base}${SIMULATOR_PATHS.api}/2010-04-01/Accounts/${sim.accountSid}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number; message: string } }));
    const invalid = await post('/Calls.json', {
      To: '+12125550100',
      From: '+12125550151',
      Twiml: '<Response/>',
      TimeLimit: 'soon',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('form/TimeLimit must be integer');
    const wrong = await post(
      '/Calls.json',
      { To: '+12125550100', From: '+12125550151', Twiml: '<Response/>' },
      'Basic eDp5',
    );
    expect([wrong.status, wrong.body.code]).toEqual([401, 20003]);
    const foreign = await post('/Calls.json', { To: '+12125550100', From: '+14155550150', Twiml: '<Response/>' });
    expect([foreign.status, foreign.body.code]).toEqual([400, 21210]);
    const taken = await post('/IncomingPhoneNumbers.json', { PhoneNumber: '+12125550151' });
    expect([taken.status, taken.body.code]).toEqual([400, 21422]);
  });
});

describe('which telephony provider the runtime picks', () => {
  const twilioAccount = {
    TWILIO_ACCOUNT_SID: 'AC' + '1'.repeat(32),
    TWILIO_AUTH_TOKEN: 'picks-auth-token-0123456789abcdef',
    TELEPHONY_WEBHOOK_BASE_URL: 'https://agents.example',
  };
  const pick = async (env: Record<string, string>, profile: 'dev' | 'production', roles?: string[]) => {
    const config = { ...loadConfig(agentsConfigSpec, { EMAIL_DOMAIN: TEST_DOMAIN, ...env }), profile };
    const built = await createAgentsServices(config, {
      db,
      logger: createLogger({ level: 'silent' }),
      ...(roles ? { roles } : {}),
    });
    await built.close();
    return built;
  };

  it('dev without a Twilio account: the simulator; a configured Twilio account always wins', async () => {
    const dev = await pick({}, 'dev');
    expect(dev.ctx.phone?.simulator).toBeDefined();
    expect(dev.summary.join('\n')).toContain('phone: telephony simulator');
    for (const env of [twilioAccount, { ...twilioAccount, TELEPHONY_PROVIDER: 'simulator' }]) {
      const withTwilio = await pick(env, 'dev');
      expect(withTwilio.ctx.phone?.simulator).toBeUndefined();
      expect(withTwilio.ctx.phone?.webhookBaseUrl).toBe('https://agents.example');
    }
    const split = await pick({}, 'dev', ['api', 'realtime']);
    expect(split.ctx.phone).toBeNull();
    expect(split.ctx.catalog.find('phone.number.us.30d')?.available).toBe(false);
  });

  it('production never runs the simulator: unavailable without Twilio, a start error when asked for', async () => {
    const prod = await pick({}, 'production');
    expect(prod.ctx.phone).toBeNull();
    const err = await pick({ TELEPHONY_PROVIDER: 'simulator' }, 'production').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('the telephony simulator runs on the dev profile only');
  });
});
