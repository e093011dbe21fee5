import { randomBytes } from 'node:crypto';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAgentsDb,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
  createAgentsTestServer,
} from '../_test/agentsTestKit.ts';
import { requiresCredentials, rowCounts, schemaBytes, writeRoutes } from '../_test/routeTable.ts';
import { TWILIO_PATHS } from '../phone/phoneServices.ts';
import type { App } from '@tender/platform';

// Every write route that answers a request without credentials is open to anyone on the internet: it must refuse an
// oversized body before writing anything, and rate limit a single source. The routes are read from Fastify's own
// route table, so a new route is walked as soon as it exists.

const TELEPHONY = {
  TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
  TWILIO_AUTH_TOKEN: 'walk-auth-token-0123456789abcdef',
  TELEPHONY_WEBHOOK_BASE_URL: 'https://agents.example',
};
const ID = '00000000-0000-4000-8000-000000000001';
const isProvider = (path: string) => path.startsWith('/provider/');

let chain: Chain;
let db: Database;
let h: AgentsHarness;
let app: App;

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain, env: TELEPHONY });
  // The server as deployed: its rate limit on (the harness turns it off), here with a small budget.
  app = await createAgentsTestServer(h.ctx, {
    rateLimit: { max: 40, timeWindowMs: 60_000 },
    roles: new Set(['api']),
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

describe('unauthenticated write routes of the agents service', () => {
  it('each refuses an oversized body before writing anything, and rate limits one source address', async () => {
    const routes = writeRoutes(app);
    expect(routes.length).toBeGreaterThan(20);
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as Parameters<
      typeof requiresCredentials
    >[0];
    const open: string[] = [];
    let n = 0;
    for (const [method, path] of routes) {
      const url = path.replace(/:\w+/g, ID);
      const remoteAddress = `10.66.${Math.floor(++n / 250)}.${n % 250}`;
      const probe = await app.inject({ method: method as 'POST', url, payload: {}, remoteAddress });
      // Credentials come first on these (401 or 428 before the body matters), or the description requires them.
      if (probe.statusCode === 401 || probe.statusCode === 428 || requiresCredentials(doc, method, path)) continue;
      open.push(`${method} ${path}`);

      const before = await rowCounts(db);
      const huge = 'a'.repeat(600 * 1024);
      for (const [type, payload] of [
        ['application/json', JSON.stringify({ x: huge })],
        ['application/x-www-form-urlencoded', `x=${huge}`],
      ] as const) {
        const r = await app.inject({ method: method as 'POST', url, payload, headers: { 'content-type': type } });
        // 413 at the parser's cap, 415 for a type the route does not parse, or 503 from onRequest (an unavailable
        // service answers before its body is read).
        expect([413, 415, 503], `${method} ${path} ${type}: ${r.statusCode} ${r.body.slice(0, 200)}`).toContain(
          r.statusCode,
        );
      }
      expect(await rowCounts(db), `${method} ${path} wrote for an oversized body`).toEqual(before);

      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) {
        const r = isProvider(path)
          ? await app.inject({
              method: 'POST',
              url,
              payload: `CallSid=CA${i}&CallStatus=completed`,
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'forged' },
              remoteAddress: '10.99.0.1',
            })
          : await app.inject({ method: method as 'POST', url, payload: {}, remoteAddress: `10.98.${n}.1` });
        statuses.push(r.statusCode);
      }
      expect(statuses, `${method} ${path} is not rate limited`).toContain(429);
      const after = await rowCounts(db);
      const added = Object.keys(after).reduce((s, t) => s + after[t]! - (before[t] ?? 0), 0);
      expect(added, `${method} ${path}: rows written by 130 requests of one source`).toBeLessThanOrEqual(30);
    }
    expect(open).toEqual([
      'POST /api/v1/domains/register',
      'POST /api/v1/email/mailboxes',
      'POST /api/v1/phone/purchase-canada-number-30-days',
      'POST /api/v1/phone/purchase-us-number-30-days',
      'POST /owner/api/sign-in/nonce',
      'POST /owner/api/sign-in',
      'POST /provider/twilio/status',
      'POST /provider/twilio/voice/:phoneNumberId',
    ]);
  }, 120_000);

  it('a flood of 1,500 forged provider webhooks costs (almost) no storage: 60 KB bodies are refused unread, smaller ones only sampled', async () => {
    const url = TWILIO_PATHS.status;
    // Incompressible junk, as an attacker would send (TOAST compresses repeated characters to almost nothing).
    const form = (bytes: number, i: number) =>
      `CallSid=CA${String(i).padStart(32, '0')}&CallStatus=completed&Junk=${randomBytes((bytes * 3) / 4).toString('base64url')}`;
    const post = (payload: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bogus' },
        remoteAddress,
      });

    // The reported flood: 1,500 POSTs of 60 KB, spread over many addresses so no per-source limit hides the cost.
    let bytes0 = await schemaBytes(db);
    const big: Record<number, number> = {};
    for (let i = 0; i < 1500; i++) {
      const r = await post(form(60 * 1024, i), `10.${50 + Math.floor(i / 250)}.${i % 250}.7`);
      big[r.statusCode] = (big[r.statusCode] ?? 0) + 1;
    }
    const grownBig = (await schemaBytes(db)) - bytes0;

    // Bodies under the cap (12 KB), from 1,500 addresses: refused, counted, stored only as a bounded sample.
    bytes0 = await schemaBytes(db);
    const small: Record<number, number> = {};
    for (let i = 0; i < 1500; i++) {
      const r = await post(form(12 * 1024, i), `10.${60 + Math.floor(i / 250)}.${i % 250}.8`);
      small[r.statusCode] = (small[r.statusCode] ?? 0) + 1;
    }
    const grownSmall = (await schemaBytes(db)) - bytes0;

    // One address: 429 once it used up its refusals, before its body is read.
    const one: Record<number, number> = {};
    for (let i = 0; i < 100; i++) {
      const r = await post(form(1024, i), '10.70.0.9');
      one[r.statusCode] = (one[r.statusCode] ?? 0) + 1;
    }
    const sampled = await db.query<{ params: Record<string, unknown> }>(
      `select params from agent_phone_provider_requests where accepted = false`,
    );
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    console.log(
      `forged webhook flood: 1,500 × 60 KB → ${JSON.stringify(big)}, ${grownBig} bytes (${(grownBig / 1500).toFixed(1)} per request); ` +
        `1,500 × 12 KB → ${JSON.stringify(small)}, ${grownSmall} bytes (${(grownSmall / 1500).toFixed(1)} per request); ` +
        `one address × 100 → ${JSON.stringify(one)}; ${sampled.length} refusals stored`,
    );
    expect(big).toEqual({ 413: 1500 });
    expect(small).toEqual({ 403: 1500 });
    expect(one[429]).toBeGreaterThanOrEqual(70);
    expect(sampled.length).toBeLessThanOrEqual(30);
    for (const s of sampled) expect(JSON.stringify(s.params).length).toBeLessThan(2_000);
    expect(grownSmall / 1500).toBeLessThan(200);
    expect(metrics.body).toMatch(
      /tender_agents_provider_requests_refused_total\{provider="twilio",kind="status",reason="signature does not match"\} \d+/,
    );
  }, 180_000);
});
