import type { AddressInfo } from 'node:net';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness } from '../_test/agentsTestKit.ts';
import { makeTenant } from '../events/_test/eventsKit.ts';
import { setTenantSuspended } from '../operator/tenantsAdmin.ts';
import { spawnAgents, type AgentsChild } from '../realtime/_test/processes.ts';
import { TestClient } from '../realtime/_test/wsClient.ts';
import { CLOSE, REALTIME_PATH } from '../realtime/protocol.ts';
import { issueRealtimeToken } from '../realtime/realtimeTokens.ts';
import { replaceAccessToken, revokeAccessTokens } from './replaceAccessToken.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Revocation is immediate: REST at once, and every socket opened through the token closed in every process. */
describe('replacing an access token (one process, PGlite or PostgreSQL)', () => {
  let db: Database;
  let h: AgentsHarness;
  let wsUrl: string;
  beforeAll(async () => {
    db = await openAgentsDb();
    h = await startAgents({ db });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  });
  afterAll(async () => {
    await h?.close();
    await db?.close();
  });

  it('closes the sockets of the old token (and only those) at once, refuses it over REST, and the new one works', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    const rt = (await issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })).token;
    const otherRt = (await issueRealtimeToken(db, { tenantId: other.id, authorization: `Bearer ${other.token}` }))
      .token;
    const [a, b, bystander] = await Promise.all([
      TestClient.open(wsUrl, rt),
      TestClient.open(wsUrl, rt),
      TestClient.open(wsUrl, otherRt),
    ]);

    const r = await replaceAccessToken(db, { tenantId: t.id, by: 'owner' });
    const closed = await Promise.all([a.whenClosed(2_000), b.whenClosed(2_000)]);
    expect(closed.map((c) => c.code)).toEqual([CLOSE.authFailed, CLOSE.authFailed]);
    expect(a.frames.at(-1)).toMatchObject({ type: 'error', code: 'AUTH_REQUIRED' });
    expect(bystander.closed).toBeNull();

    const old = await call(h.app, 'GET', '/api/v1/events/realtime-token', { headers: bearer(t.token) });
    expect([old.status, old.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
    // A realtime token of the old access token authenticates nothing any more.
    const again = await TestClient.connect(wsUrl);
    again.send({ type: 'session.authenticate', token: rt });
    expect(await again.whenClosed()).toMatchObject({ code: CLOSE.authFailed });
    const fresh = await call(h.app, 'GET', '/api/v1/events/realtime-token', { headers: bearer(r.token) });
    expect(fresh.status).toBe(200);
    const c = await TestClient.open(wsUrl, fresh.body.data.realtime.token as string);
    await c.close();
    await bystander.close();
  });

  it('revoking without a replacement leaves the tenant with no live token, and closes its sockets at once', async () => {
    const t = await makeTenant(db);
    const rt = (await issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })).token;
    const socket = await TestClient.open(wsUrl, rt);
    const started = Date.now();
    expect((await revokeAccessTokens(db, { tenantId: t.id, by: 'owner' })).revoked).toHaveLength(1);
    expect((await socket.whenClosed(2_000)).code).toBe(CLOSE.authFailed);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(socket.frames.at(-1)).toMatchObject({ type: 'error', code: 'AUTH_REQUIRED' });
    expect((await revokeAccessTokens(db, { tenantId: t.id, by: 'owner' })).revoked).toHaveLength(0);
    const r = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', { headers: bearer(t.token) });
    expect(r.body.error.code).toBe('AUTH_REQUIRED');
  });

  it('suspending a tenant closes its sockets at once (only its own); its realtime tokens open none until it is resumed', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    const rt = (await issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })).token;
    const otherRt = (await issueRealtimeToken(db, { tenantId: other.id, authorization: `Bearer ${other.token}` }))
      .token;
    const [a, bystander] = await Promise.all([TestClient.open(wsUrl, rt), TestClient.open(wsUrl, otherRt)]);
    const started = Date.now();
    const suspend = { tenantId: t.id, reason: 'abuse', operator: 'op', ip: '127.0.0.1' };
    await setTenantSuspended(db, { ...suspend, suspended: true });
    expect((await a.whenClosed(2_000)).code).toBe(CLOSE.authFailed);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(a.frames.at(-1)).toMatchObject({ type: 'error', code: 'TENANT_SUSPENDED' });
    expect(bystander.closed).toBeNull();
    const refused = await TestClient.connect(wsUrl);
    refused.send({ type: 'session.authenticate', token: rt });
    expect(await refused.whenClosed()).toMatchObject({ code: CLOSE.authFailed });
    await setTenantSuspended(db, { ...suspend, reason: null, suspended: false });
    const back = await TestClient.open(wsUrl, rt);
    await back.close();
    await bystander.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('replacing an access token across processes (PostgreSQL only)', () => {
  let db: Database & { schema?: string };
  const children: AgentsChild[] = [];
  beforeAll(async () => {
    db = (await openAgentsDb()) as Database & { schema?: string };
    for (let i = 0; i < 2; i++)
      children.push(await spawnAgents({ url: process.env.DATABASE_URL!, schema: db.schema! }));
  }, 60_000);
  afterAll(async () => {
    for (const c of children) c.child.kill('SIGTERM');
    await Promise.all(children.map((c) => c.exited()));
    await db?.close();
  });

  it('a socket held by another process is closed at once, and that process refuses the old token over REST', async () => {
    const t = await makeTenant(db);
    const rt = (await issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })).token;
    const sockets = await Promise.all(children.map((c) => TestClient.open(c.wsUrl, rt)));
    const started = Date.now();
    const r = await replaceAccessToken(db, { tenantId: t.id, by: 'owner' });
    const closed = await Promise.all(sockets.map((s) => s.whenClosed(2_000)));
    const ms = Date.now() - started;
    expect(closed.map((c) => c.code)).toEqual([CLOSE.authFailed, CLOSE.authFailed]);
    expect(ms).toBeLessThan(2_000);
    for (const c of children) {
      const old = await fetch(`http://127.0.0.1:${c.port}/api/v1/email/mailboxes/query`, { headers: bearer(t.token) });
      expect(old.status).toBe(401);
      expect(((await old.json()) as { error: { code: string } }).error.code).toBe('AUTH_REQUIRED');
      const fresh = await fetch(`http://127.0.0.1:${c.port}/api/v1/email/mailboxes/query`, {
        headers: bearer(r.token),
      });
      expect(fresh.status).toBe(200);
    }
  });
});
