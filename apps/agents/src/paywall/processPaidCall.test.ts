import { randomUUID } from 'node:crypto';
import type { Database } from '@tender/platform';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAgentsDb,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../_test/agentsTestKit.ts';
import { AgentError } from '../http/errors.ts';
import type { PaidCall, PaidOutcome } from './paidCall.ts';
import { processPaidCall } from './processPaidCall.ts';

// The paid flow without any HTTP framework: a PaidCall in, a discriminated outcome out. The route adapter only
// answers what this returns (paywall.test.ts covers the same contract over HTTP).

let chain: Chain;
let db: Database;
let h: AgentsHarness;

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

function paidCallOf(over: Partial<PaidCall<{ n: number }>>): PaidCall<{ n: number }> {
  const record = h.ctx.catalog.records.find((r) => r.paid && r.auth === 'x402' && r.available)!;
  const { def } = h.ctx.catalog.get(record.serviceId);
  return {
    service: def,
    record,
    operation: { serviceId: def.serviceId, perform: async (_ctx, call) => ({ data: { n: call.input.n } }) },
    tenant: null,
    input: { n: 7 },
    requestId: `req-${randomUUID()}`,
    url: def.path,
    request: { params: {}, query: {}, body: { n: 7 } },
    signature: undefined,
    idempotencyKey: undefined,
    ...over,
  };
}

function errorOf(outcome: PaidOutcome): AgentError {
  if (outcome.kind !== 'challenge' && outcome.kind !== 'refused') throw new Error(`not an error: ${outcome.kind}`);
  expect(outcome.error).toBeInstanceOf(AgentError);
  return outcome.error as AgentError;
}

describe('processPaidCall', () => {
  it('challenges, refuses a keyless replay, performs once and replays the stored answer', async () => {
    const url = paidCallOf({}).url;
    const challenge = await processPaidCall(h.ctx, paidCallOf({ url: `${url}?ignored=1` }));
    expect(challenge.kind).toBe('challenge');
    const required = errorOf(challenge).extra.headers?.['payment-required'];
    expect(required).toBeTypeOf('string');
    // The challenge names the resource by its public URL, without the query.
    expect(decodePaymentRequiredHeader(required!).resource.url).toBe(`${h.ctx.config.publicUrl}${url}`);

    const badKey = await processPaidCall(h.ctx, paidCallOf({ idempotencyKey: 'has space' }));
    expect(badKey.kind).toBe('refused');
    expect(errorOf(badKey).code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const { header: signature } = await payerClient(chain.payers[0]!).pay(required!);
    const keyless = await processPaidCall(h.ctx, paidCallOf({ signature }));
    expect(keyless.kind).toBe('refused');
    expect(errorOf(keyless).code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const performed = await processPaidCall(h.ctx, paidCallOf({ signature, idempotencyKey: key }));
    if (performed.kind !== 'performed') throw new Error(`expected performed, got ${performed.kind}`);
    expect(performed.response.headers['payment-response']).toBeTypeOf('string');
    expect(performed.response.body).toMatchObject({ data: { n: 7 }, authentication: { status: 'issued' } });

    const requestId = `req-${randomUUID()}`;
    const replay = await processPaidCall(h.ctx, paidCallOf({ signature, idempotencyKey: key, requestId }));
    if (replay.kind !== 'replay') throw new Error(`expected replay, got ${replay.kind}`);
    expect(replay.response.headers['idempotent-replayed']).toBe('true');
    expect(replay.response.body).toMatchObject({ data: { n: 7 }, requestId });

    const conflict = await processPaidCall(
      h.ctx,
      paidCallOf({ signature, idempotencyKey: key, request: { params: {}, query: {}, body: { n: 8 } } }),
    );
    expect(errorOf(conflict).code).toBe('IDEMPOTENCY_CONFLICT');
  });
});
