import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './audit.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`GET /v1/audit-events (${db})`, () => {
  let g: TestGateway;
  let owner: SignedUp;
  beforeAll(async () => {
    g = await createTestGateway();
    owner = await signUp(g.app);
    await markEmailVerified(g.db, owner.userId);
  });
  afterAll(() => g?.close());

  const events = (query = '', token = owner.token, headers: Record<string, string> = {}) =>
    g.app.inject({ method: 'GET', url: `/v1/audit-events${query}`, headers: { ...bearer(token), ...headers } });

  it('lists newest first with actor, target, ip and data, and never a secret', async () => {
    const k = await createKey(g.app, owner.token, { name: 'ci', role: 'read_only' });
    await g.app.inject({ method: 'POST', url: `/v1/api-keys/${k.id}/revoke`, headers: bearer(owner.token) });
    const r = await events();
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.object).toBe('list');
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'api_key.revoked',
      'api_key.created',
      'account.signed_up',
    ]);
    expect(body.data[1]).toMatchObject({
      object: 'audit_event',
      environment: 'test',
      actor: { type: 'user', id: owner.userId },
      target: { type: 'api_key', id: k.id },
      ip: '127.0.0.1',
      data: { name: 'ci', role: 'read_only', last4: k.secret.slice(-4) },
    });
    expect(body.data[1].id).toMatch(/^aev_/);
    expect(JSON.stringify(body)).not.toContain(k.secret);
    expect(JSON.stringify(body)).not.toContain(owner.token);
  });

  it('pages with limit 1 to 100 and an opaque cursor, without gaps or repeats', async () => {
    for (let i = 0; i < 4; i++) await createKey(g.app, owner.token, { name: `p${i}` });
    const all = (await events('?limit=100')).json().data.map((e: { id: string }) => e.id);
    expect(all.length).toBeGreaterThanOrEqual(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; has_more: boolean; next_cursor: string | null } = (
        await events(`?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json();
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await events('?limit=1')).json().data).toHaveLength(1);
    // Default page size 20.
    expect((await events()).json().data.length).toBe(Math.min(20, all.length));
  });

  it.each([['?limit=0'], ['?limit=101'], ['?limit=1.5'], ['?cursor=xyz'], ['?cursor=WyJrIiwiMSJd'], ['?since=1']])(
    'refuses %s with 400',
    async (q) => {
      const r = await events(q);
      expect([r.statusCode, r.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    },
  );

  it('shows a test credential account-wide and test events, not live ones (and the reverse)', async () => {
    const live = await createKey(g.app, owner.token, { environment: 'live', name: 'live-one' });
    const test = await createKey(g.app, owner.token, { environment: 'test', role: 'read_only', name: 'test-one' });
    const liveAdmin = await createKey(g.app, owner.token, {
      environment: 'live',
      role: 'read_only',
      name: 'live-reader',
    });
    const ofTest = (await events('?limit=100', test.secret)).json().data;
    expect(ofTest.some((e: { target: { id: string } | null }) => e.target?.id === live.id)).toBe(false);
    expect(ofTest.some((e: { action: string }) => e.action === 'account.signed_up')).toBe(true);
    expect(ofTest.every((e: { environment: string | null }) => e.environment !== 'live')).toBe(true);
    const ofLive = (await events('?limit=100', liveAdmin.secret)).json().data;
    expect(ofLive.some((e: { target: { id: string } | null }) => e.target?.id === live.id)).toBe(true);
    expect(ofLive.some((e: { target: { id: string } | null }) => e.target?.id === test.id)).toBe(false);
    // A session in live mode sees the live events too.
    const session = (await events('?limit=100', owner.token, { 'tender-environment': 'live' })).json().data;
    expect(session.some((e: { target: { id: string } | null }) => e.target?.id === live.id)).toBe(true);
  });

  it('needs audit:read: read_only and admin keys read it, a developer key gets 403', async () => {
    const dev = await createKey(g.app, owner.token, { role: 'developer' });
    const r = await events('', dev.secret);
    expect([r.statusCode, r.json().error.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect((await events('', (await createKey(g.app, owner.token, { role: 'admin' })).secret)).statusCode).toBe(200);
    expect((await events('', (await createKey(g.app, owner.token, { role: 'read_only' })).secret)).statusCode).toBe(
      200,
    );
    expect((await g.app.inject({ method: 'GET', url: '/v1/audit-events' })).statusCode).toBe(401);
  });

  it('audit() joins the caller’s transaction: an event of a rolled-back change does not exist', async () => {
    const at = g.clock.now();
    await expect(
      g.db.tx(async (tx) => {
        await audit(tx, {
          merchantId: owner.merchantId,
          action: 'payment_intent.created',
          actor: { type: 'system', id: null, ip: null },
          environment: 'test',
          at,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await g.db.tx((tx) =>
      audit(tx, {
        merchantId: owner.merchantId,
        action: 'refund.requested',
        actor: { type: 'system', id: null, ip: null },
        environment: 'test',
        target: { type: 'refund_request', id: 'rr_1' },
        data: { amount: '1.00' },
        at,
      }),
    );
    const actions = (await events('?limit=100')).json().data.map((e: { action: string }) => e.action);
    expect(actions).not.toContain('payment_intent.created');
    expect(actions[0]).toBe('refund.requested');
  });
});
