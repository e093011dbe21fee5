import type { AddressInfo } from 'node:net';
import { loadConfig, type Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../_test/agentsTestKit.ts';
import { agentsConfigSpec } from '../config.ts';
import { TestClient } from '../realtime/_test/wsClient.ts';
import { CLOSE, REALTIME_PATH } from '../realtime/protocol.ts';

const PASSWORD = 'correct horse battery staple';
const basic = (user: string, pass: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});
const OPERATOR = basic('operator', PASSWORD);

let chain: Chain;
let db: Database;
let h: AgentsHarness;
let wsUrl = '';

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain, env: { OPERATOR_PASSWORD: PASSWORD } });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

describe('operator credentials', () => {
  it('production refuses to start without OPERATOR_PASSWORD, in one message', () => {
    expect(() => loadConfig(agentsConfigSpec, { NODE_ENV: 'production' })).toThrow(/OPERATOR_PASSWORD/);
  });

  it('wrong Basic credentials are refused, and after ten failures even the right ones are rate limited', async () => {
    const none = await call(h.app, 'GET', '/admin/api/services');
    expect([none.status, none.body.error.code]).toEqual([401, 'OPERATOR_AUTH_REQUIRED']);
    expect(none.headers['www-authenticate']).toMatch(/^Basic /);
    // A client address of its own, so the lockout does not touch the other tests.
    const from = { remoteAddress: '10.9.9.9' };
    const attempt = (headers: Record<string, string>) =>
      h.app.inject({ method: 'GET', url: '/admin/api/services', headers, ...from });
    for (let i = 0; i < 10; i++) {
      const r = await attempt(basic('operator', `wrong-${i}`));
      expect(r.statusCode).toBe(401);
    }
    const wrongUser = await attempt(basic('admin', PASSWORD));
    expect(wrongUser.statusCode).toBe(429);
    const right = await attempt(OPERATOR);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    // Another address is unaffected.
    expect((await call(h.app, 'GET', '/admin/api/services', { headers: OPERATOR })).status).toBe(200);
  });
});

describe('operator actions', () => {
  it('turning email.mailbox.create off makes it answer 503 with no challenge; on again, 402', async () => {
    const off = await call(h.app, 'POST', '/admin/api/services/email.mailbox.create/availability', {
      headers: OPERATOR,
      body: { available: false, reason: 'maintenance' },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.service).toMatchObject({ available: false, x402Price: null });
    const r = await call(h.app, 'POST', '/api/v1/email/mailboxes', { body: { localPart: 'x', displayName: 'X' } });
    expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(r.headers['payment-required']).toBeUndefined();
    expect(r.body.error.message).toMatch(/maintenance/);
    const [row] = await db.query<{ disabled: boolean }>(
      `select disabled from agent_service_switches where service_id = 'email.mailbox.create'`,
    );
    expect(row?.disabled).toBe(true); // persisted: every process reads it
    const listed = await call(h.app, 'GET', '/api/v1/services/email.mailbox.create');
    expect(listed.body.data.service.available).toBe(false);

    await call(h.app, 'POST', '/admin/api/services/email.mailbox.create/availability', {
      headers: OPERATOR,
      body: { available: true },
    });
    const back = await call(h.app, 'POST', '/api/v1/email/mailboxes', {
      body: { localPart: 'x', displayName: 'X' },
      headers: { 'idempotency-key': 'operator-back' },
    });
    expect(back.status).toBe(402);
  });

  it('suspending a tenant stops its calls before any challenge; resuming lets them through', async () => {
    const alice = payerClient(chain.payers[0]!);
    const { paid } = await paidCall(h.app, alice, 'POST', '/api/v1/email/mailboxes', {
      localPart: 'suspect',
      displayName: 'S',
    });
    expect(paid.status).toBe(201);
    const token = paid.body.authentication.accessToken as string;
    const auth = { authorization: `Bearer ${token}` };
    const tenants = await call(h.app, 'GET', '/admin/api/tenants', { headers: OPERATOR });
    const t = tenants.body.data.tenants.find((x: { walletAddress: string }) => x.walletAddress === alice.address);
    expect(t).toMatchObject({ status: 'active', resources: { mailboxes: 1 }, spend: { amount: '0.25' } });

    const rt = await call(h.app, 'GET', '/api/v1/events/realtime-token', { headers: auth });
    const socket = await TestClient.open(wsUrl, rt.body.data.realtime.token as string);

    const s = await call(h.app, 'POST', `/admin/api/tenants/${t.tenantId}/suspend`, {
      headers: OPERATOR,
      body: { reason: 'abuse report' },
    });
    expect(s.body.data.tenant.status).toBe('suspended');
    expect((await socket.whenClosed(2_000)).code).toBe(CLOSE.authFailed);
    const reopen = await TestClient.connect(wsUrl);
    reopen.send({ type: 'session.authenticate', token: rt.body.data.realtime.token });
    expect(await reopen.whenClosed()).toMatchObject({ code: CLOSE.authFailed });
    expect(reopen.frames[0]).toMatchObject({ code: 'TENANT_SUSPENDED' });
    const list = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', { headers: auth });
    expect([list.status, list.body.error.code]).toEqual([403, 'TENANT_SUSPENDED']);
    const paidWithToken = await call(h.app, 'POST', '/api/v1/email/mailboxes/update', {
      headers: auth,
      body: { mailboxId: paid.body.data.mailboxId, displayName: 'T' },
    });
    expect(paidWithToken.body.error.code).toBe('TENANT_SUSPENDED');
    expect(paidWithToken.headers['payment-required']).toBeUndefined();
    // A start-here payment from the suspended wallet without token is refused before settlement.
    const before = await chain.balance(alice.address);
    const bootstrap = await paidCall(h.app, alice, 'POST', '/api/v1/email/mailboxes', {
      localPart: 'again',
      displayName: 'A',
    });
    expect(bootstrap.paid.body.error.code).toBe('TENANT_SUSPENDED');
    expect(await chain.balance(alice.address)).toBe(before);

    await call(h.app, 'POST', `/admin/api/tenants/${t.tenantId}/resume`, { headers: OPERATOR });
    expect((await call(h.app, 'GET', '/api/v1/email/mailboxes/query', { headers: auth })).status).toBe(200);
  });

  it('every action is audited; health and reconciliation answer', async () => {
    const audit = await call(h.app, 'GET', '/admin/api/audit', { headers: OPERATOR });
    expect(audit.body.data.audit.map((a: { action: string }) => a.action)).toEqual([
      'tenant.resume',
      'tenant.suspend',
      'tenant.list',
      'service.enable',
      'service.disable',
    ]);
    const health = await call(h.app, 'GET', '/admin/api/health', { headers: OPERATOR });
    expect(health.body.data.realtime).toMatchObject({ sockets: 0 });
    const rec = await call(h.app, 'GET', '/admin/api/reconciliation', { headers: OPERATOR });
    expect(rec.status).toBe(200);
  });
});
