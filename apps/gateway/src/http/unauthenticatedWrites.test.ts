import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiresCredentials, rowCounts, writeRoutes } from '../../../agents/src/_test/routeTable.ts';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';

// Every write route that answers a request without credentials is open to anyone on the internet: it must refuse an
// oversized body before writing anything, and rate limit a single source. The routes come from Fastify's own route
// table, so a new route is walked as soon as it exists.

const ID = 'x_00000000000000000000000001';
let g: TestGateway;

beforeAll(async () => {
  // The server as deployed: its global rate limit on, here with a small budget.
  g = await createTestGateway({ rateLimit: { max: 40, timeWindowMs: 60_000 } });
}, 60_000);
afterAll(async () => g?.close());

describe('unauthenticated write routes of the gateway', () => {
  it('each refuses an oversized body before writing anything, and rate limits one source address', async () => {
    const { app, db } = g;
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Parameters<
      typeof requiresCredentials
    >[0];
    const open: string[] = [];
    const problems: string[] = [];
    let n = 0;
    for (const [method, path] of writeRoutes(app)) {
      const url = path.replace(/:\w+/g, ID);
      n++;
      const probe = await app.inject({ method: method as 'POST', url, payload: {}, remoteAddress: `10.66.0.${n}` });
      if (probe.statusCode === 401 || requiresCredentials(doc, method, path)) continue;
      open.push(`${method} ${path} → ${probe.statusCode}`);

      const before = await rowCounts(db);
      const huge = 'a'.repeat(600 * 1024);
      for (const [type, payload] of [
        ['application/json', JSON.stringify({ x: huge })],
        ['application/x-www-form-urlencoded', `x=${huge}`],
      ] as const) {
        const r = await app.inject({ method: method as 'POST', url, payload, headers: { 'content-type': type } });
        if (![413, 415, 503].includes(r.statusCode))
          problems.push(`${method} ${path} ${type} oversized: ${r.statusCode}`);
      }
      if (JSON.stringify(await rowCounts(db)) !== JSON.stringify(before))
        problems.push(`${method} ${path} wrote for an oversized body`);

      // 130: above every per-route budget (the checkout's open allows 120 a minute).
      const statuses: number[] = [];
      for (let i = 0; i < 130; i++) {
        const r = await app.inject({ method: method as 'POST', url, payload: {}, remoteAddress: `10.98.${n}.1` });
        statuses.push(r.statusCode);
      }
      if (!statuses.includes(429)) problems.push(`${method} ${path} not rate limited: ${[...new Set(statuses)]}`);
      const after = await rowCounts(db);
      const added = Object.keys(after).reduce((s, t) => s + after[t]! - (before[t] ?? 0), 0);
      if (added > 30) problems.push(`${method} ${path}: ${added} rows written by 130 requests of one source`);
    }
    expect(problems).toEqual([]);
    // DELETE /dev/mail/api/messages: the dev profile's mail catcher (no route in production: devMailRoutes.test.ts).
    expect(open).toEqual([
      'DELETE /dev/mail/api/messages → 200',
      'POST /public/auth/email/confirm → 400',
      'POST /public/auth/password/reset → 400',
      'POST /public/payment-intents/:id/open → 404',
      'POST /public/payment-links/:id/intents → 404',
      'POST /public/team/invitations/accept → 400',
      'POST /v1/auth/idp → 400',
      'POST /v1/auth/login → 400',
      'POST /v1/auth/password/forgot → 400',
      'POST /v1/auth/signup → 400',
    ]);
  }, 120_000);
});
