// PATCH /v1/account over HTTP on a real database: the fields, their rules in people's words, roles, tenants, the
// audit entry, and the support contact on every public page response (link, invoice, checkout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let g: TestGateway;
beforeAll(async () => {
  g = await createTestGateway();
  g.ctx.networkRegistry = offlineRegistry();
});
afterAll(() => g?.close());

const patch = (token: string, payload: unknown) =>
  g.app.inject({ method: 'PATCH', url: '/v1/account', headers: bearer(token), payload: payload as object });
const me = async (token: string) =>
  (await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) })).json().merchant;

async function merchant(name: string): Promise<SignedUp> {
  const s = await signUp(g.app, { business_name: name });
  await markEmailVerified(g.db, s.userId);
  await insertVault(g.db, s.merchantId, DEVNET_VAULT);
  return s;
}

/** A session of a user with `role` on the merchant of `s` (as the team feature would add one). */
async function sessionAs(s: SignedUp, role: 'admin' | 'developer' | 'read_only'): Promise<string> {
  const other = await signUp(g.app);
  await g.db.query('update users set merchant_id = $2, role = $3 where id = $1', [other.userId, s.merchantId, role]);
  // A session acts with the role of its user's membership in the session's merchant (merchant_members).
  await g.db.query('insert into merchant_members (merchant_id, user_id, role, created_at) values ($1, $2, $3, now())', [
    s.merchantId,
    other.userId,
    role,
  ]);
  await g.db.query('update sessions set merchant_id = $2 where user_id = $1', [other.userId, s.merchantId]);
  return other.token;
}

describe(`business profile (${db})`, () => {
  it('sets the name and support contact, audited, and every public page response carries them', async () => {
    const s = await merchant('Old Name');
    const r = await patch(s.token, {
      business_name: '  Corner Bakery ',
      support_email: 'help@corner.example',
      support_url: 'https://corner.example/help',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: s.merchantId,
      business_name: 'Corner Bakery',
      support_email: 'help@corner.example',
      support_url: 'https://corner.example/help',
    });
    expect(await me(s.token)).toMatchObject({ business_name: 'Corner Bakery', support_email: 'help@corner.example' });

    const [event] = await g.db.query<{ actor_id: string; data: Record<string, unknown> }>(
      `select actor_id, data from audit_events where merchant_id = $1 and action = 'account.profile_updated'`,
      [s.merchantId],
    );
    expect(event).toEqual({
      actor_id: s.userId,
      data: {
        business_name: { from: 'Old Name', to: 'Corner Bakery' },
        support_email: { from: null, to: 'help@corner.example' },
        support_url: { from: null, to: 'https://corner.example/help' },
      },
    });

    const key = (await createKey(g.app, s.token, { role: 'developer' })).secret;
    const post = async (url: string, payload: object) => {
      const r = await g.app.inject({ method: 'POST', url, headers: bearer(key), payload });
      expect([url, r.statusCode]).toEqual([url, 201]);
      return r.json();
    };
    const contact = {
      business_name: 'Corner Bakery',
      support_email: 'help@corner.example',
      support_url: 'https://corner.example/help',
    };
    const link = await post('/v1/payment-links', { name: 'Bread', amount: '4', networks: ['devnet'] });
    const invoice = await post('/v1/invoices', {
      customer_name: 'Ada',
      customer_email: 'ada@customer.example',
      line_items: [{ description: 'Cake', unit_amount: '30' }],
    });
    for (const url of [
      `/public/payment-links/${link.id}`,
      `/public/invoices/${invoice.id}`,
      `/public/payment-intents/${invoice.payment_intent_id}`,
    ]) {
      const page = await g.app.inject({ method: 'GET', url });
      expect([url, page.statusCode, page.json()]).toEqual([url, 200, expect.objectContaining(contact)]);
    }

    // null or "" removes a support field; the others stay.
    const removed = await patch(s.token, { support_email: null, support_url: '' });
    expect(removed.json()).toMatchObject({ business_name: 'Corner Bakery', support_email: null, support_url: null });
    const page = (await g.app.inject({ method: 'GET', url: `/public/payment-links/${link.id}` })).json();
    expect(page).toMatchObject({ support_email: null, support_url: null });
  });

  it('refuses bad input field by field in people’s words and changes nothing', async () => {
    const s = await merchant('Steady Shop');
    const cases: [object, string, string][] = [
      [{ business_name: ' x ' }, 'business_name', 'Enter a business name of 2 to 120 characters'],
      [{ business_name: 'a'.repeat(121) }, 'business_name', 'Enter a business name of 2 to 120 characters'],
      [{ business_name: 'Two\nlines' }, 'business_name', 'The business name cannot contain line breaks or tabs'],
      [
        { support_email: 'not an address' },
        'support_email',
        'Enter an email address such as help@example.com (max 320)',
      ],
      [
        { support_url: 'corner.example' },
        'support_url',
        'Enter a full web address starting with https://, such as https://example.com/help',
      ],
      [{ support_url: 'javascript:alert(1)' }, 'support_url', 'The support URL must start with https:// or http://'],
      [
        { support_url: 'https://me:pw@corner.example' },
        'support_url',
        'The support URL cannot contain a user name or password',
      ],
    ];
    for (const [body, path, message] of cases) {
      // A valid field in the same request is not applied either.
      const r = await patch(s.token, {
        ...body,
        support_email: (body as { support_email?: string }).support_email ?? 'ok@shop.example',
      });
      expect([r.statusCode, r.json().error.code, r.json().error.details]).toEqual([
        400,
        'VALIDATION_FAILED',
        [{ path, message }],
      ]);
    }
    for (const body of [{}, { business_name: 'Fine', plan: 'gold' }, { business_name: 5 }]) {
      const r = await patch(s.token, body);
      expect([r.statusCode, r.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await me(s.token)).toMatchObject({ business_name: 'Steady Shop', support_email: null, support_url: null });
    const events = await g.db.query(
      `select 1 from audit_events where merchant_id = $1 and action = 'account.profile_updated'`,
      [s.merchantId],
    );
    expect(events).toEqual([]);
  });

  it('owners and admins may edit; developers, read-only members and API keys may not; tenants stay apart', async () => {
    const s = await merchant('Role Shop');
    const other = await merchant('Neighbour');
    const admin = await sessionAs(s, 'admin');
    expect((await patch(admin, { support_email: 'admin@role.example' })).statusCode).toBe(200);
    for (const role of ['developer', 'read_only'] as const) {
      const r = await patch(await sessionAs(s, role), { business_name: 'Hijacked' });
      expect([r.statusCode, r.json().error.code]).toEqual([403, 'PERMISSION_DENIED']);
    }
    const key = (await createKey(g.app, s.token, { role: 'admin' })).secret;
    const byKey = await patch(key, { business_name: 'Hijacked' });
    expect([byKey.statusCode, byKey.json().error.code]).toEqual([403, 'SESSION_REQUIRED']);
    expect(await me(s.token)).toMatchObject({ business_name: 'Role Shop', support_email: 'admin@role.example' });
    // The neighbour's profile is untouched.
    expect(await me(other.token)).toMatchObject({ business_name: 'Neighbour', support_email: null });
  });
});
