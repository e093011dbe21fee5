// Payment links over HTTP on a real database: every input rule at its boundaries, idempotent creation, listing,
// (de)activation, roles, tenant isolation, and the public flow a customer's browser drives (link page, one new
// CREATED intent per visit, opening at checkout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';
import { expirePayment } from '../payments/expiry.ts';

let gw: TestGateway;
let owner: string;
let dev: string;
let readOnly: string;
let liveKey: string;
let other: string;

beforeAll(async () => {
  gw = await createTestGateway();
  gw.ctx.networkRegistry = offlineRegistry();
  const s = await signUp(gw.app, { business_name: 'Linkshop' });
  owner = s.token;
  await markEmailVerified(gw.db, s.userId);
  await insertVault(gw.db, s.merchantId, DEVNET_VAULT);
  dev = (await createKey(gw.app, owner, { role: 'developer' })).secret;
  readOnly = (await createKey(gw.app, owner, { role: 'read_only' })).secret;
  liveKey = (await createKey(gw.app, owner, { environment: 'live', role: 'developer' })).secret;
  other = (await createKey(gw.app, (await signUp(gw.app)).token, { role: 'admin' })).secret;
});
afterAll(() => gw?.close());

const create = (payload: unknown, key = dev, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url: '/v1/payment-links',
    headers: { ...bearer(key), ...headers },
    payload: payload as object,
  });
const get = (url: string, key = dev) => gw.app.inject({ method: 'GET', url, headers: bearer(key) });
const patch = (id: string, payload: unknown, key = dev) =>
  gw.app.inject({ method: 'PATCH', url: `/v1/payment-links/${id}`, headers: bearer(key), payload: payload as object });
const start = (id: string) =>
  gw.app.inject({ method: 'POST', url: `/public/payment-links/${id}/intents`, payload: {} });
const open = (id: string, payload: unknown = {}) =>
  gw.app.inject({ method: 'POST', url: `/public/payment-intents/${id}/open`, payload: payload as object });
const base = { name: 'T-shirt', amount: '25' };

describe(`payment links API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('creates a link with the spec defaults, a public url, and an audit entry', async () => {
    const r = await create({ ...base, description: 'Blue, size M', networks: ['devnet'] });
    expect(r.statusCode).toBe(201);
    const l = r.json();
    expect(l).toMatchObject({
      object: 'payment_link',
      active: true,
      name: 'T-shirt',
      amount: '25',
      amount_units: '25000000',
      currency: 'USDC',
      description: 'Blue, size M',
      networks: ['devnet'],
      checkout_methods: ['WALLET', 'ADDRESS'],
      success_url: null,
      intent_expires_in_seconds: 1200,
      livemode: false,
    });
    expect(l.id).toMatch(/^plink_[0-9A-Za-z]{24}$/);
    expect(l.url).toBe(`http://gateway.test/pay/${l.id}`);
    const audit = await gw.db.query<{ action: string; target_id: string }>(
      `select action, target_id from audit_events where target_id = $1`,
      [l.id],
    );
    expect(audit).toEqual([{ action: 'payment_link.created', target_id: l.id }]);
  });

  it.each([
    ['name empty', { name: '' }, 'name'],
    ['name 121 chars', { name: 'x'.repeat(121) }, 'name'],
    ['amount 0', { amount: '0' }, 'amount'],
    ['amount 13 integer digits', { amount: '1234567890123' }, 'amount'],
    ['amount 7 decimals', { amount: '1.1234567' }, 'amount'],
    ['amount negative', { amount: '-1' }, 'amount'],
    ['currency DAI', { currency: 'DAI' }, 'currency'],
    ['description 501 chars', { description: 'd'.repeat(501) }, 'description'],
    ['networks empty', { networks: [] }, 'networks'],
    ['networks 9 items', { networks: Array.from({ length: 9 }, (_, i) => `net-${i}`) }, 'networks'],
    ['network id 1 char', { networks: ['d'] }, 'networks/0'],
    ['network id uppercase', { networks: ['Devnet'] }, 'networks/0'],
    ['network twice', { networks: ['devnet', 'devnet'] }, 'networks'],
    ['checkout_methods empty', { checkout_methods: [] }, 'checkout_methods'],
    ['checkout method CARD', { checkout_methods: ['CARD'] }, 'checkout_methods[0]'],
    ['success_url not a URI', { success_url: 'not a url' }, 'success_url'],
    ['intent_expires_in_seconds 299', { intent_expires_in_seconds: 299 }, 'intent_expires_in_seconds'],
    ['intent_expires_in_seconds 604801', { intent_expires_in_seconds: 604_801 }, 'intent_expires_in_seconds'],
    ['intent_expires_in_seconds 300.5', { intent_expires_in_seconds: 300.5 }, 'intent_expires_in_seconds'],
    ['unknown field', { color: 'blue' }, ''],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_name, over, path) => {
    const r = await create({ ...base, ...over });
    expect(r.statusCode).toBe(400);
    const e = r.json().error;
    expect(e.code).toBe('VALIDATION_FAILED');
    if (path) expect(JSON.stringify(e.details)).toContain(path.split('/')[0]);
  });

  it('refuses a missing name or amount, and a network the environment does not have', async () => {
    expect((await create({ amount: '1' })).json().error.code).toBe('VALIDATION_FAILED');
    expect((await create({ name: 'x' })).json().error.code).toBe('VALIDATION_FAILED');
    const r = await create({ ...base, networks: ['base'] });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('NETWORK_NOT_SUPPORTED');
  });

  it.each([
    ['name 1 char', { name: 'x' }],
    ['name 120 chars', { name: 'x'.repeat(120) }],
    ['the largest amount', { amount: '999999999999.999999' }],
    ['the smallest amount', { amount: '0.000001' }],
    ['description 500 chars', { description: 'd'.repeat(500) }],
    ['intent_expires_in_seconds 300', { intent_expires_in_seconds: 300 }],
    ['intent_expires_in_seconds 604800', { intent_expires_in_seconds: 604_800 }],
    ['EURC', { currency: 'EURC' }],
    ['ADDRESS only', { checkout_methods: ['ADDRESS'] }],
    ['a success_url', { success_url: 'https://shop.example/thanks' }],
  ])('accepts %s', async (_name, over) => {
    const r = await create({ ...base, ...over });
    expect(r.statusCode).toBe(201);
    for (const [k, v] of Object.entries(over)) {
      if (k === 'amount') expect(r.json().amount).toBe(v);
      else expect(r.json()[k]).toEqual(v);
    }
  });

  it('takes a success_url exactly when creating an intent would: http(s) only, max 2000, never javascript:', async () => {
    const cases: [string, boolean][] = [
      ['javascript:alert(1)', false],
      ['JavaScript:alert(document.cookie)', false],
      ['data:text/html,<script>alert(1)</script>', false],
      ['file:///etc/passwd', false],
      ['vbscript:msgbox(1)', false],
      ['shopapp://thanks', false],
      ['//shop.example/thanks', false],
      [`https://shop.example/${'x'.repeat(1979)}`, true],
      [`https://shop.example/${'x'.repeat(1980)}`, false],
      ['https://shop.example/thanks?order=1#top', true],
      ['HTTP://shop.example/thanks', true],
    ];
    for (const [url, ok] of cases) {
      const link = await create({ ...base, success_url: url });
      const intent = await gw.app.inject({
        method: 'POST',
        url: '/v1/payment-intents',
        headers: bearer(dev),
        payload: { amount: '1', networks: ['devnet'], success_url: url },
      });
      expect([url.slice(0, 40), link.statusCode, intent.statusCode]).toEqual([
        url.slice(0, 40),
        ok ? 201 : 400,
        ok ? 201 : 400,
      ]);
      if (!ok) expect(link.json().error.details.map((d: { path: string }) => d.path)).toContain('success_url');
    }
    // Nothing a link refused can reach its intents or the public view: the column refuses it too.
    const [row] = await gw.db.query<{ id: string }>('select id from payment_links limit 1');
    await expect(
      gw.db.query(`update payment_links set success_url = 'javascript:alert(1)' where id = $1`, [row!.id]),
    ).rejects.toThrow(/payment_links_success_url_http/);
  });

  it('replays a creation with the same Idempotency-Key and refuses the key with another body', async () => {
    const key = { 'idempotency-key': `plink-${Date.now()}` };
    const a = await create(base, dev, key);
    const b = await create(base, dev, key);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    const c = await create({ ...base, amount: '26' }, dev, key);
    expect(c.statusCode).toBe(409);
    expect(c.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const tooLong = await create(base, dev, { 'idempotency-key': 'k'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('lists newest first with limit 1 to 100 and an opaque cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ ...base, name: `page-${i}` })).json().id);
    expect((await get('/v1/payment-links?limit=0')).statusCode).toBe(400);
    expect((await get('/v1/payment-links?limit=101')).statusCode).toBe(400);
    expect((await get('/v1/payment-links?limit=100')).statusCode).toBe(200);
    const p1 = (await get('/v1/payment-links?limit=2')).json();
    expect(p1.data.map((l: { id: string }) => l.id)).toEqual([ids[2], ids[1]]);
    expect(p1.has_more).toBe(true);
    const p2 = (await get(`/v1/payment-links?limit=1&cursor=${p1.next_cursor}`)).json();
    expect(p2.data[0].id).toBe(ids[0]);
    expect((await get('/v1/payment-links?cursor=garbage')).statusCode).toBe(400);
  });

  it('PATCH needs at least one editable field, each checked; read-only keys get 403 on every write; reads work for them', async () => {
    const l = (await create(base)).json();
    const refused = async (body: unknown, path: string) => {
      const r = await patch(l.id, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    expect((await patch(l.id, {})).statusCode).toBe(400);
    await refused({ active: 'no' }, 'active');
    await refused({ name: '' }, 'name');
    await refused({ name: 'x'.repeat(121) }, 'name');
    await refused({ checkout_methods: [] }, 'checkout_methods');
    await refused({ checkout_methods: ['CARD'] }, 'checkout_methods[0]');
    await refused({ success_url: 'javascript:alert(1)' }, 'success_url');
    await refused({ intent_expires_in_seconds: 299 }, 'intent_expires_in_seconds');
    await refused({ intent_expires_in_seconds: 604_801 }, 'intent_expires_in_seconds');
    // The price and the networks are the link's terms: not editable.
    await refused({ amount: '30' }, 'amount');
    await refused({ networks: ['devnet'] }, 'networks');
    expect((await get(`/v1/payment-links/${l.id}`)).json()).toMatchObject({ name: 'T-shirt', active: true });
    const ro = await patch(l.id, { active: false }, readOnly);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().error.code).toBe('PERMISSION_DENIED');
    expect((await create(base, readOnly)).statusCode).toBe(403);
    expect((await get(`/v1/payment-links/${l.id}`, readOnly)).statusCode).toBe(200);
    const off = await patch(l.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    expect((await patch(l.id, { active: false })).json().active).toBe(false); // unchanged, no second audit
    const actions = await gw.db.query<{ action: string }>(
      `select action from audit_events where target_id = $1 order by seq`,
      [l.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['payment_link.created', 'payment_link.deactivated']);
  });

  it('PATCH edits the name, description, methods, success URL and time to pay; later payments get them, earlier ones keep theirs; audited once per change', async () => {
    const l = (
      await create({ ...base, description: 'Blue', networks: ['devnet'], success_url: 'https://a.example/' })
    ).json();
    const before = (await start(l.id)).json();
    const r = await patch(l.id, {
      name: 'T-shirt (organic)',
      description: '',
      checkout_methods: ['ADDRESS', 'ADDRESS'],
      success_url: 'https://b.example/thanks',
      intent_expires_in_seconds: 3600,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: l.id,
      name: 'T-shirt (organic)',
      description: null,
      checkout_methods: ['ADDRESS'],
      success_url: 'https://b.example/thanks',
      intent_expires_in_seconds: 3600,
      amount: '25',
      networks: ['devnet'],
      active: true,
    });
    const after = (await start(l.id)).json();
    const intent = async (id: string) => (await get(`/v1/payment-intents/${id}`)).json();
    expect(await intent(before.payment_intent_id)).toMatchObject({ success_url: 'https://a.example/' });
    expect(await intent(after.payment_intent_id)).toMatchObject({ success_url: 'https://b.example/thanks' });
    // The same values again change nothing; null removes the success URL.
    const same = await patch(l.id, { name: 'T-shirt (organic)', intent_expires_in_seconds: 3600 });
    expect(same.json().updated_at).toBe(r.json().updated_at);
    expect((await patch(l.id, { success_url: null })).json().success_url).toBeNull();
    const audits = await gw.db.query<{ action: string; data: Record<string, unknown> }>(
      `select action, data from audit_events where target_id = $1 order by seq`,
      [l.id],
    );
    expect(audits).toEqual([
      expect.objectContaining({ action: 'payment_link.created' }),
      {
        action: 'payment_link.updated',
        data: {
          name: 'T-shirt (organic)',
          description: null,
          checkout_methods: ['ADDRESS'],
          success_url: 'https://b.example/thanks',
          intent_expires_in_seconds: 3600,
        },
      },
      { action: 'payment_link.updated', data: { success_url: null } },
    ]);
  });

  it('another merchant, or the other environment, gets 404 for a link id', async () => {
    const l = (await create(base)).json();
    for (const key of [other, liveKey]) {
      expect((await get(`/v1/payment-links/${l.id}`, key)).json().error.code).toBe('RESOURCE_NOT_FOUND');
      expect((await patch(l.id, { active: false }, key)).statusCode).toBe(404);
      expect((await get(`/v1/payment-links/${l.id}/payment-intents`, key)).statusCode).toBe(404);
    }
    expect((await get(`/v1/payment-links/${l.id}`)).json().active).toBe(true);
    expect((await get('/v1/payment-links/plink_unknown')).statusCode).toBe(404);
  });
});

describe('the public link flow', () => {
  it('shows the link page data without credentials, and nothing of the merchant but its name and support contact', async () => {
    const l = (await create({ ...base, description: 'Soft cotton', networks: ['devnet'] })).json();
    const r = await gw.app.inject({ method: 'GET', url: `/public/payment-links/${l.id}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      id: l.id,
      object: 'payment_link',
      active: true,
      name: 'T-shirt',
      description: 'Soft cotton',
      amount: '25',
      amount_units: '25000000',
      currency: 'USDC',
      networks: ['devnet'],
      checkout_methods: ['WALLET', 'ADDRESS'],
      business_name: 'Linkshop',
      // The support contact the merchant gave (PATCH /v1/account): none yet.
      support_email: null,
      support_url: null,
      livemode: false,
      // Its network has a vault and is served: a payment can start.
      accepting_payments: true,
    });
    // No networks on the link: the networks a payment started now would get (those with a vault).
    const d = (await create(base)).json();
    expect((await gw.app.inject({ method: 'GET', url: `/public/payment-links/${d.id}` })).json().networks).toEqual([
      'devnet',
    ]);
    const unknown = await gw.app.inject({ method: 'GET', url: '/public/payment-links/plink_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', type: 'invalid_request_error' });
    expect(unknown.json().error.request_id).toMatch(/^req_/);
  });

  it('gives every visit its own CREATED intent, opened at checkout; an inactive link refuses new ones only', async () => {
    const l = (await create({ ...base, networks: ['devnet'], intent_expires_in_seconds: 600 })).json();
    const a = await start(l.id);
    const b = await start(l.id);
    expect(a.statusCode).toBe(201);
    const ai = a.json();
    const bi = b.json();
    expect(ai.payment_intent_id).not.toBe(bi.payment_intent_id);
    expect(ai.checkout_url).toBe(`http://gateway.test/checkout/${ai.payment_intent_id}`);
    const pa = (await get(`/v1/payment-intents/${ai.payment_intent_id}`)).json();
    const pb = (await get(`/v1/payment-intents/${bi.payment_intent_id}`)).json();
    expect(pa).toMatchObject({
      status: 'CREATED',
      payment_link_id: l.id,
      amount: '25',
      currency: 'USDC',
      description: 'T-shirt',
      checkout_methods: ['WALLET', 'ADDRESS'],
    });
    expect(pa.networks[0].deposit_address).not.toBe(pb.networks[0].deposit_address);
    const listed = (await get(`/v1/payment-links/${l.id}/payment-intents`)).json();
    expect(listed.data.map((p: { id: string }) => p.id).sort()).toEqual(
      [ai.payment_intent_id, bi.payment_intent_id].sort(),
    );
    expect(listed.data[0].networks[0]).toHaveProperty('deposit_address');

    // A CREATED intent does not expire: its clock has not started.
    gw.clock.advance(3600);
    await expirePayment(gw.ctx, ai.payment_intent_id);
    expect((await get(`/v1/payment-intents/${ai.payment_intent_id}`)).json().status).toBe('CREATED');

    expect((await open(ai.payment_intent_id, { network: 'base-sepolia' })).statusCode).toBe(400);
    const opened = await open(ai.payment_intent_id, { network: 'devnet' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id: ai.payment_intent_id, status: 'AWAITING_PAYMENT' });
    const now = gw.clock.now().getTime();
    const after = (await get(`/v1/payment-intents/${ai.payment_intent_id}`)).json();
    expect(new Date(after.expires_at).getTime()).toBe(now + 600_000);
    expect((await open(ai.payment_intent_id)).json()).toEqual({ id: ai.payment_intent_id, status: 'AWAITING_PAYMENT' });
    const noBody = await gw.app.inject({ method: 'POST', url: `/public/payment-intents/${ai.payment_intent_id}/open` });
    expect(noBody.statusCode).toBe(200);
    const noBodyStart = await gw.app.inject({ method: 'POST', url: `/public/payment-links/${l.id}/intents` });
    expect(noBodyStart.statusCode).toBe(201);
    const junk = await gw.app.inject({
      method: 'POST',
      url: `/public/payment-links/${l.id}/intents`,
      payload: { amount: '0.01' },
    });
    expect(junk.statusCode).toBe(400); // a customer cannot change the link's terms
    const detail = (await get(`/v1/payments/${ai.payment_intent_id}`)).json();
    expect(detail.timeline.map((e: { status: string }) => e.status)).toEqual(['CREATED', 'AWAITING_PAYMENT']);
    expect((await open('pi_unknown')).statusCode).toBe(404);

    // Deactivated: a third visit is refused with a clear error; the second customer's intent still opens.
    await patch(l.id, { active: false });
    const third = await start(l.id);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('PAYMENT_LINK_INACTIVE');
    expect(third.json().error.message).toMatch(/no longer accepting payments/);
    expect((await gw.app.inject({ method: 'GET', url: `/public/payment-links/${l.id}` })).json().active).toBe(false);
    expect((await open(bi.payment_intent_id)).json().status).toBe('AWAITING_PAYMENT');
    // Reactivated: visits work again.
    await patch(l.id, { active: true });
    expect((await start(l.id)).statusCode).toBe(201);

    // The opened intent expires on its own clock.
    gw.clock.advance(601);
    await expirePayment(gw.ctx, ai.payment_intent_id);
    expect((await get(`/v1/payment-intents/${ai.payment_intent_id}`)).json().status).toBe('EXPIRED');
    expect((await start('plink_nope')).statusCode).toBe(404);
  });

  it('a link deactivated in another process is refused by the writing statement itself', async () => {
    const l = (await create(base)).json();
    expect((await start(l.id)).statusCode).toBe(201); // the terms are now cached in this process
    // Deactivate behind the cache's back, as another API process would.
    await gw.db.query('update payment_links set active = false where id = $1', [l.id]);
    const r = await start(l.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('PAYMENT_LINK_INACTIVE');
    const [n] = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from payment_intents where payment_link_id = $1',
      [l.id],
    );
    expect(n!.n).toBe(1);
  });
});

describe('OpenAPI', () => {
  it('documents every payment link, invoice and public operation with its success and error responses', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    const ops: [string, string, string, string[]][] = [
      ['post', '/v1/payment-links', '201', ['400', '401', '403', '409', '429']],
      ['get', '/v1/payment-links', '200', ['400', '401', '403', '429']],
      ['get', '/v1/payment-links/{id}', '200', ['401', '403', '404']],
      ['patch', '/v1/payment-links/{id}', '200', ['400', '401', '403', '404']],
      ['get', '/v1/payment-links/{id}/payment-intents', '200', ['401', '404']],
      ['get', '/public/payment-links/{id}', '200', ['404', '429']],
      ['post', '/public/payment-links/{id}/intents', '201', ['404', '409', '429']],
      ['post', '/public/payment-intents/{id}/open', '200', ['400', '404', '429']],
      ['post', '/v1/invoices', '201', ['400', '401', '403', '409', '429']],
      ['get', '/v1/invoices', '200', ['400', '401', '403', '429']],
      ['get', '/v1/invoices/{id}', '200', ['401', '403', '404']],
      ['post', '/v1/invoices/{id}/void', '200', ['401', '403', '404', '409']],
      ['get', '/public/invoices/{id}', '200', ['404', '429']],
      ['get', '/public/invoices/{id}/pdf', '200', ['404', '429']],
    ];
    for (const [method, path, ok, errors] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      for (const s of [ok, ...errors]) expect(op!.responses, `${method} ${path} ${s}`).toHaveProperty(s);
      if (path.startsWith('/public/')) expect(op!.security).toEqual([]);
    }
    const intent = JSON.stringify(doc.paths['/v1/payment-intents']);
    expect(intent).toContain('CREATED');
  });
});

describe('public rate limit', () => {
  // Last in the file: it spends this client address's budget for starting payments.
  it('limits starting payments per client address (60 a minute) with 429 RATE_LIMITED', async () => {
    const l = (await create(base)).json();
    let limited: Awaited<ReturnType<typeof start>> | undefined;
    for (let i = 0; i < 61 && !limited; i++) {
      const r = await start(l.id);
      if (r.statusCode === 429) limited = r;
      else expect(r.statusCode).toBe(201);
    }
    expect(limited?.json().error).toMatchObject({ code: 'RATE_LIMITED', type: 'rate_limit_error' });
    expect(limited?.headers['retry-after']).toBeDefined();
  });
});
