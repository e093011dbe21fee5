import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../auth/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { createKey, createTestGateway, signUp, type SignedUp, type TestGateway } from '../_test/testGateway.ts';
import { createCredentialWatch, type CredentialWatchOptions } from './credentialWatch.ts';
import type { GatewayError } from './errors.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`credentials of long-lived responses (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway();
  });
  afterAll(() => g?.close());

  const sessionPrincipal = async (s: SignedUp): Promise<Principal> => {
    const [row] = await g.db.query<{ id: string }>('select id from sessions where user_id = $1', [s.userId]);
    return {
      merchantId: s.merchantId,
      role: 'owner',
      environment: 'test',
      kind: 'session',
      keyId: null,
      sessionId: row!.id,
      userId: s.userId,
      ip: null,
    };
  };

  /** Watches `principal` with a fresh watch; `revoked` resolves with the error it ended with. */
  const watch = async (principal: Principal, permission: Permission, opts: CredentialWatchOptions = {}) => {
    const w = createCredentialWatch(g.ctx, opts);
    let resolve!: (e: GatewayError) => void;
    const revoked = new Promise<GatewayError>((r) => (resolve = r));
    const stop = await w.watch(principal, permission, resolve);
    return { revoked, stop, close: () => w.close() };
  };
  const within = <T>(p: Promise<T>, ms: number) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
    ]);

  it('ends a session when its user’s role change takes away the permission, on the NOTIFY of the change', async () => {
    const s = await signUp(g.app);
    // The periodic re-check is out of the way: only the notification can end it in time.
    const w = await watch(await sessionPrincipal(s), 'account:manage', { recheckMs: 600_000 });
    await new Promise((r) => setTimeout(r, 200));
    await g.db.query(`update users set role = 'admin' where id = $1`, [s.userId]); // keeps read, loses account:manage
    const why = await within(w.revoked, 3_000);
    expect([why.code, why.message]).toEqual([
      'PERMISSION_DENIED',
      'The admin role does not have the account:manage permission this endpoint needs',
    ]);
    await w.close();
  });

  it('keeps a session whose role change keeps the permission', async () => {
    const s = await signUp(g.app);
    const w = await watch(await sessionPrincipal(s), 'read', { recheckMs: 100 });
    await g.db.query(`update users set role = 'read_only' where id = $1`, [s.userId]);
    await expect(within(w.revoked, 600)).rejects.toThrow(/not within/);
    await w.close();
  });

  it('ends a session past its idle deadline on the periodic re-check, which never counts as activity', async () => {
    const s = await signUp(g.app);
    const principal = await sessionPrincipal(s);
    const seen = async () =>
      (await g.db.query<{ t: Date }>('select last_seen_at as t from sessions where id = $1', [principal.sessionId]))[0]!
        .t;
    const lastSeen = await seen();
    const w = await watch(principal, 'read', { recheckMs: 100 });
    g.clock.advance(g.ctx.auth.sessionIdleSeconds - 5);
    await expect(within(w.revoked, 400)).rejects.toThrow(/not within/);
    g.clock.advance(10);
    const why = await within(w.revoked, 2_000);
    expect([why.code, why.message]).toEqual(['INVALID_SESSION', 'This session ended after inactivity; sign in again']);
    expect(await seen()).toEqual(lastSeen);
    await w.close();
  });

  it('ends a key revoked while no notification arrives (listening down) within one re-check period', async () => {
    const s = await signUp(g.app);
    const key = await createKey(g.app, s.token, { role: 'read_only' });
    const principal: Principal = {
      merchantId: s.merchantId,
      role: 'read_only',
      environment: 'test',
      kind: 'api_key',
      keyId: key.id,
      sessionId: null,
      userId: null,
      ip: null,
    };
    const w = await watch(principal, 'read', { recheckMs: 300, listen: false });
    await g.db.query('update api_keys set revoked_at = now() where id = $1', [key.id]);
    const why = await within(w.revoked, 2_000);
    expect([why.code, why.message]).toEqual(['INVALID_API_KEY', 'This API key has been revoked']);
    await w.close();
  });

  it('ends a watch at once when the credential was revoked between authentication and the watch', async () => {
    const s = await signUp(g.app);
    const principal = await sessionPrincipal(s);
    await g.db.query('update sessions set revoked_at = now() where id = $1', [principal.sessionId]);
    const w = await watch(principal, 'read', { recheckMs: 600_000 });
    const why = await within(w.revoked, 2_000);
    expect(why.code).toBe('INVALID_SESSION');
    await w.close();
  });
});
