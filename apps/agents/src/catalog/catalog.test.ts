import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness } from '../_test/agentsTestKit.ts';
import { AGENT_ERRORS } from '../http/errors.ts';
import { Catalog, priceUnits, SERVICES } from './catalog.ts';

// Discovery and availability without a chain: payments are not configured, so every paid service is unavailable
// and answers 503 before any challenge, while free services keep working.
let db: Database;
let h: AgentsHarness;

beforeAll(async () => {
  db = await openAgentsDb();
  h = await startAgents({ db });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

describe('catalog', () => {
  it('prices are exact base units', () => {
    expect(priceUnits('0.25')).toBe(250_000n);
    expect(priceUnits('5.00')).toBe(5_000_000n);
    expect(priceUnits('0.01')).toBe(10_000n);
    expect(() => priceUnits('0.0000001')).toThrow();
  });

  it('holds every service of the spec with its fixed price and auth mode', () => {
    const table: Record<string, [string | null, string]> = {
      'email.mailbox.create': ['0.25', 'x402'],
      'email.mailbox.update': ['0.01', 'bearer'],
      'email.mailbox.delete': ['0.01', 'bearer'],
      'email.message.send': ['0.02', 'bearer'],
      'email.message.query': [null, 'bearer'],
      'phone.number.us.30d': ['5.00', 'x402'],
      'phone.number.ca.30d': ['5.00', 'x402'],
      'phone.number.renew.30d': ['5.00', 'bearer'],
      'phone.call.outbound.1m': ['0.30', 'bearer'],
      'phone.call.outbound.5m': ['1.50', 'bearer'],
      'phone.call.extend.1m': ['0.30', 'bearer'],
      'phone.call.inbound.add.10m': ['3.00', 'bearer'],
      'phone.number.release': [null, 'bearer'],
      'domain.register': [null, 'none'],
    };
    for (const [id, [price, auth]] of Object.entries(table)) {
      const s = SERVICES.find((x) => x.serviceId === id);
      expect([id, s?.price, s?.auth]).toEqual([id, price, auth]);
    }
    expect(SERVICES.filter((s) => s.startHere).map((s) => s.serviceId)).toEqual([
      'email.mailbox.create',
      'phone.number.us.30d',
      'phone.number.ca.30d',
    ]);
    expect(SERVICES).toHaveLength(25);
  });

  it('is available only with payments configured, and never for telephony without a provider', () => {
    const x402 = {
      scheme: 'exact' as const,
      network: 'eip155:31337',
      asset: '0x' + '1'.repeat(40),
      payTo: '0x' + '2'.repeat(40),
      maxTimeoutSeconds: 300,
      extra: { name: 'USDT0', version: '1' },
    };
    const providers = { discovery: null, email: null, events: null, phone: 'no provider', domain: null };
    const on = new Catalog({ paymentUnavailable: null, x402, providers });
    expect(on.find('email.mailbox.create')).toMatchObject({
      available: true,
      paid: true,
      registerOnOkx: true,
      x402Price: { ...x402, amount: '250000' },
    });
    expect(on.find('phone.number.us.30d')).toMatchObject({ available: false, x402Price: null, registerOnOkx: false });
    expect(on.startHereFor('phone.number.renew.30d').serviceId).toBe('email.mailbox.create');
    const off = new Catalog({ paymentUnavailable: 'X402_NETWORK is not configured', x402: null, providers });
    expect(off.find('email.mailbox.create')).toMatchObject({ available: false, x402Price: null });
    expect(off.find('email.mailbox.list')).toMatchObject({ available: true });
  });
});

describe('discovery routes', () => {
  it('GET /api/v1: identity, authentication rules and the compact catalog', async () => {
    const r = await call(h.app, 'GET', '/api/v1');
    expect(r.status).toBe(200);
    expect(r.body.requestId).toMatch(/^req_/);
    expect(r.body.guide).toBe('/llms.txt');
    expect(r.body.data.authentication.startHere).toEqual([
      'email.mailbox.create',
      'phone.number.us.30d',
      'phone.number.ca.30d',
    ]);
    expect(r.body.data.services).toHaveLength(25);
  });

  it('GET /api/v1/services and /{serviceId}; domain.register exactly as the spec says', async () => {
    const all = await call(h.app, 'GET', '/api/v1/services');
    expect(all.body.data.services).toHaveLength(25);
    const d = await call(h.app, 'GET', '/api/v1/services/domain.register');
    expect(d.body.data.service).toMatchObject({
      available: false,
      paid: false,
      x402Price: null,
      registerOnOkx: false,
      startHere: false,
    });
    const unknown = await call(h.app, 'GET', '/api/v1/services/nope');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect(unknown.body.guides).toEqual({
      llms: '/llms.txt',
      serviceCatalog: '/api/v1/services',
      openapi: '/openapi.json',
    });
  });

  it('serves OpenAPI 3.1 with the service routes, /llms.txt and /docs', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/email/mailboxes'].post['x-service-id']).toBe('email.mailbox.create');
    expect(doc.paths['/api/v1/email/messages/send'].post['x-price-usdt']).toBe('0.02');
    expect(doc.paths['/api/v1/phone/calls/{callId}'].get).toBeDefined();
    expect(doc.info.description).toContain('ONBOARDING_REQUIRED | 428');
    const llms = await h.app.inject({ method: 'GET', url: '/llms.txt' });
    expect(llms.headers['content-type']).toContain('text/plain');
    expect(llms.body).toContain('ONBOARDING_REQUIRED');
    const docs = await h.app.inject({ method: 'GET', url: '/docs' });
    for (const code of Object.keys(AGENT_ERRORS)) expect(docs.body).toContain(`| ${code} |`);
  });

  it('paid services without payment configuration answer 503 before any challenge; free ones still authenticate', async () => {
    const create = await call(h.app, 'POST', '/api/v1/email/mailboxes', { body: { localPart: 'a', displayName: 'A' } });
    expect([create.status, create.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(create.headers['payment-required']).toBeUndefined();
    const list = await call(h.app, 'GET', '/api/v1/email/mailboxes/query');
    expect([list.status, list.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
    const domain = await call(h.app, 'POST', '/api/v1/domains/register');
    expect([domain.status, domain.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(domain.body.error.message).toBe(
      'domain.register is unavailable: Domain registration is not offered; no payment is ever taken for it. ' +
        'Do not send payment for it.',
    );
    expect(await db.query('select * from agent_paid_requests')).toHaveLength(0);
  });
});
