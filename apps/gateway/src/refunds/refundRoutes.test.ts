// The refund routes without a chain: the OpenAPI description, authentication, and the spec's input rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await createTestGateway();
  await gw.db.query(`insert into merchants (id, business_name) values ('mer_refund_routes', 'Shop')`);
  key = (
    await gw.db.tx((tx) =>
      issueApiKey(tx, {
        merchantId: 'mer_refund_routes',
        name: 'dev',
        environment: 'test',
        role: 'developer',
        createdBy: null,
        actor: SYSTEM_ACTOR,
        now: new Date(),
      }),
    )
  ).secret;
});
afterAll(() => gw?.close());

const post = (url: string, payload: Record<string, unknown>, auth = `Bearer ${key}`) =>
  gw.app.inject({ method: 'POST', url, payload, headers: { authorization: auth } });

describe(`refund routes (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('documents every refund operation with its response schema and error codes', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ops = [
      ['/v1/refund-requests', 'post', '201'],
      ['/v1/refund-requests', 'get', '200'],
      ['/v1/refund-requests/{id}', 'get', '200'],
      ['/v1/refund-requests/{id}/proof', 'post', '200'],
      ['/v1/refund-requests/{id}/cancel', 'post', '200'],
    ] as const;
    for (const [path, method, ok] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual(['Refunds']);
      expect(op.responses[ok].content['application/json'].schema).toBeDefined();
      for (const s of ['400', '401', '403', '429']) expect(op.responses[s], `${method} ${path} ${s}`).toBeDefined();
    }
    const create = doc.paths['/v1/refund-requests'].post;
    const props = create.requestBody.content['application/json'].schema.properties;
    expect(props.recipient.pattern).toBe('^0x[0-9a-fA-F]{40}$');
    expect(props.reason.maxLength).toBe(500);
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(create.description).toContain('REFUND_EXCEEDS_REFUNDABLE');
    const proof = doc.paths['/v1/refund-requests/{id}/proof'].post.description as string;
    for (const code of [
      'REFUND_TX_NOT_FOUND',
      'REFUND_TX_PENDING',
      'REFUND_WRONG_TOKEN',
      'REFUND_WRONG_SENDER',
      'REFUND_WRONG_RECIPIENT',
      'REFUND_AMOUNT_TOO_SMALL',
      'REFUND_TX_ALREADY_USED',
    ]) {
      expect(proof).toContain(code);
    }
  });

  it('needs credentials, and validates the spec’s input rules before touching anything', async () => {
    const recipient = `0x${'ab'.repeat(20)}`;
    expect((await post('/v1/refund-requests', {}, '')).statusCode).toBe(401);
    const missing = await post('/v1/refund-requests', { amount: '1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    const paths = missing.json().error.details.map((d: { path: string }) => d.path);
    expect(paths.join(' ')).toMatch(/payment_intent_id/);
    expect(paths.join(' ')).toMatch(/recipient/);
    for (const amount of ['', '1.', '1234567890123', '1.0000001', '-1']) {
      const res = await post('/v1/refund-requests', { payment_intent_id: 'pi_x', amount, recipient });
      expect(res.statusCode, amount).toBe(400);
    }
    const extra = await post('/v1/refund-requests', { payment_intent_id: 'pi_x', amount: '1', recipient, x: 1 });
    expect(extra.statusCode).toBe(400);
    // Valid input for a payment that does not exist (or is another merchant's): 404.
    const unknown = await post('/v1/refund-requests', { payment_intent_id: 'pi_unknown', amount: '1', recipient });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('RESOURCE_NOT_FOUND');
    const proof = await post('/v1/refund-requests/re_unknown/proof', { tx_hash: `0x${'1'.repeat(64)}` });
    expect(proof.statusCode).toBe(404);
    const badCursor = await gw.app.inject({
      method: 'GET',
      url: '/v1/refund-requests?cursor=nope',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(badCursor.statusCode).toBe(400);
  });
});
