import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebhookEvent } from '@tender/gateway';
import { createWebhookReceiver } from './webhook-receiver.ts';

// The example receiver over real HTTP, fed requests signed here from the spec (not with Tender's code).
const secret = 'whsec_example0000000000000000000000000000';
let server: http.Server;
let url: string;
const handled: WebhookEvent[] = [];

beforeAll(async () => {
  server = createWebhookReceiver({ secrets: [secret], onEvent: (e) => void handled.push(e), log: () => {} });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/tender`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const body = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'payment.confirmed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: '2026-10-01',
    data: { object: { id: 'pi_1', order_reference: 'A-1', amount: '10', currency: 'USDC' } },
  });
const sign = (raw: string, t = Math.floor(Date.now() / 1000), key = secret) =>
  `t=${t},v1=${createHmac('sha256', key).update(`${t}.${raw}`).digest('hex')}`;
const post = async (raw: string, signature?: string) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'tender-signature': signature } : {}) },
    body: raw,
  });
  return `${r.status} ${await r.text()}`;
};

it('handles a signed event once, and answers a replay 200 without handling it again', async () => {
  const raw = body('evt_once');
  expect(await post(raw, sign(raw))).toBe('200 ok');
  expect(await post(raw, sign(raw))).toBe('200 duplicate');
  expect(handled.map((e) => e.id)).toEqual(['evt_once']);
});

it('answers 401 to missing, bad, tampered and stale signatures, and handles none of them', async () => {
  const raw = body('evt_bad');
  expect(await post(raw)).toBe('401 missing_signature');
  expect(await post(raw, 'garbage')).toBe('401 malformed_signature');
  expect(await post(raw, sign(raw, undefined, 'whsec_wrong'))).toBe('401 invalid_signature');
  expect(await post(raw.replace('"10"', '"1000"'), sign(raw))).toBe('401 invalid_signature');
  expect(await post(raw, sign(raw, Math.floor(Date.now() / 1000) - 301))).toBe('401 stale_signature');
  expect(handled.map((e) => e.id)).not.toContain('evt_bad');
});
