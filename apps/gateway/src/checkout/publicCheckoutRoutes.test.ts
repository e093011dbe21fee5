import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { PUBLIC_INTENT_RATE_LIMIT } from './publicCheckoutRoutes.ts';

let g: TestGateway;
beforeAll(async () => {
  g = await createTestGateway();
});
afterAll(() => g?.close());

describe(`public payment intent view (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers an unknown id with 404 RESOURCE_NOT_FOUND in the envelope, uncached, under its own rate limit', async () => {
    const r = await g.app.inject({ method: 'GET', url: '/public/payment-intents/pi_unknown' });
    expect(r.statusCode).toBe(404);
    expect(r.json().error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', type: 'invalid_request_error' });
    expect(r.headers['x-ratelimit-limit']).toBe(String(PUBLIC_INTENT_RATE_LIMIT.max));
  });

  it('is documented without credentials', async () => {
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const op = doc.paths['/public/payment-intents/{id}'].get;
    expect(op.security).toEqual([]);
    expect(Object.keys(op.responses['200'].content['application/json'].schema.properties)).not.toContain(
      'customer_email',
    );
  });

  it('serves no pages unless the server was given a build', async () => {
    const r = await g.app.inject({ method: 'GET', url: '/checkout/pi_x' });
    expect(r.statusCode).toBe(404);
  });
});
