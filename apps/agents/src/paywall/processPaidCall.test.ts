import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '@tender/platform';
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
import type { HDAccount } from 'viem/accounts';
import { createMailbox, mailboxCreatePrecheck, type CreateMailboxInput } from '../email/mailboxes.ts';
import type { Facilitator } from '../facilitator/facilitator.ts';
import { announceTransfer } from '../facilitator/settlementScope.ts';
import type { AgentsContext } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import { ensureTenant } from '../tenants/tenants.ts';
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

// An operation that only writes (Operation.writesOnly) writes while the payment settles, in the transaction that
// completes the request once the settlement succeeded (PostgreSQL: PGlite's one connection performs after it). Each
// outcome of the settlement leaves what the operation performed after it would have left.
describe.skipIf(!process.env.DATABASE_URL)('an operation that only writes, during the settlement (PostgreSQL)', () => {
  const service = () => h.ctx.catalog.get('email.mailbox.create');
  /** A mailbox for `payer` (whose tenant exists), its write and the settlement traced into `trace`. */
  async function mailboxCall(payer: HDAccount, localPart: string, trace: string[]) {
    await ensureTenant(db, payer.address);
    const { def, record } = service();
    const call: PaidCall<CreateMailboxInput> = {
      service: def,
      record,
      operation: {
        serviceId: def.serviceId,
        precheck: mailboxCreatePrecheck,
        writesOnly: true,
        perform: async (ctx, c) => {
          const outcome = await createMailbox(ctx, c);
          return {
            write: async (tx) => {
              const data = await outcome.write!(tx);
              trace.push('written');
              return data;
            },
          };
        },
      },
      tenant: null,
      input: { localPart, displayName: 'Agent' },
      requestId: `req-${randomUUID()}`,
      url: def.path,
      request: { params: {}, query: {}, body: { localPart, displayName: 'Agent' } },
      signature: undefined,
      idempotencyKey: undefined,
    };
    const challenge = await processPaidCall(h.ctx, call);
    const required = errorOf(challenge).extra.headers!['payment-required']!;
    const { header: signature } = await payerClient(payer).pay(required);
    return { ...call, signature, idempotencyKey: randomUUID() };
  }
  /** The facilitator's settle replaced for one test; `settle` gets the real one. */
  async function withSettle<T>(settle: (real: Facilitator['settle']) => Facilitator['settle'], run: () => Promise<T>) {
    const payments = h.ctx.payments!;
    const real = payments.facilitator;
    payments.facilitator = { ...real, settle: settle(real.settle.bind(real)) };
    try {
      return await run();
    } finally {
      payments.facilitator = real;
    }
  }
  const rowOf = async (key: string) =>
    (
      await db.query<{ id: string; state: string; response_status: number | null }>(
        `select id, state, response_status from agent_paid_requests where idempotency_key = $1`,
        [key],
      )
    )[0];
  const mailboxesOf = (localPart: string) =>
    db.query(`select created_by_request from agent_mailboxes where local_part = $1`, [localPart]);
  /** Resolves once the trace holds `step`, or after 2 s (an operation performed after the settlement never does). */
  const reached = async (trace: string[], step: string) => {
    for (let waited = 0; !trace.includes(step) && waited < 2_000; waited += 5)
      await new Promise((r) => setTimeout(r, 5));
  };

  it('writes while the payment settles and commits the writes with the completion', async () => {
    const trace: string[] = [];
    const lp = `during-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const outcome = await withSettle(
      (real) => async (payload, req) => {
        await reached(trace, 'written'); // the operation has written: its transaction waits for this settlement
        const settled = await real(payload, req);
        trace.push('settled');
        return settled;
      },
      () => processPaidCall(h.ctx, call),
    );
    if (outcome.kind !== 'performed') throw (outcome as { error: Error }).error;
    expect(trace).toEqual(['written', 'settled']);
    const row = await rowOf(call.idempotencyKey!);
    expect(row).toMatchObject({ state: 'completed', response_status: 201 });
    expect(await mailboxesOf(lp)).toEqual([{ created_by_request: row!.id }]);
    const completed = await db.query(`select 1 from agent_events where dedupe_key = $1`, [
      `payment.completed:${row!.id}`,
    ]);
    expect(completed).toHaveLength(1);
  });

  /** The same database through one connection: a settlement that wrote before the transaction left would wait on it. */
  async function withOneConnection<T>(run: (ctx: AgentsContext) => Promise<T>): Promise<T> {
    const one = await openDatabase({
      url: process.env.DATABASE_URL,
      schema: (db as { schema?: string }).schema,
      poolSize: 1,
    });
    try {
      return await run({ ...h.ctx, db: one });
    } finally {
      await one.close();
    }
  }

  it('a settlement that fails after the operation wrote drops the row and keeps none of the writes', async () => {
    const trace: string[] = [];
    const lp = `refused-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const outcome = await withSettle(
      () => async (_payload, req) => {
        await reached(trace, 'written');
        return { success: false, errorReason: 'insufficient_funds', transaction: '', network: req.network };
      },
      () => withOneConnection((ctx) => processPaidCall(ctx, call)),
    );
    expect(trace).toEqual(['written']);
    expect(outcome.kind).toBe('challenge');
    expect(errorOf(outcome).code).toBe('PAYMENT_INVALID');
    expect(await rowOf(call.idempotencyKey!)).toBeUndefined();
    expect(await mailboxesOf(lp)).toEqual([]);
  });

  it('an unknown settlement outcome keeps nothing written; the retry settles and writes once', async () => {
    const trace: string[] = [];
    const lp = `unknown-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const first = await withSettle(
      () => async () => {
        await reached(trace, 'written');
        throw new Error('facilitator unreachable');
      },
      () => withOneConnection((ctx) => processPaidCall(ctx, call)),
    );
    expect(trace).toEqual(['written']);
    expect(errorOf(first).code).toBe('PAYMENT_PENDING');
    expect(await rowOf(call.idempotencyKey!)).toMatchObject({ state: 'pending' });
    expect(await mailboxesOf(lp)).toEqual([]);

    const retry = await processPaidCall(h.ctx, { ...call, requestId: `req-${randomUUID()}` });
    if (retry.kind !== 'performed') throw new Error(`expected performed, got ${retry.kind}`);
    const row = await rowOf(call.idempotencyKey!);
    expect(row).toMatchObject({ state: 'completed', response_status: 201 });
    expect(await mailboxesOf(lp)).toEqual([{ created_by_request: row!.id }]);
  });

  /**
   * Whether the completion ran in the transaction still waiting for the settlement: it alone locks the paid row (its
   * update, uncommitted). Polled for up to 2 s.
   */
  const completionLocks = async (key: string) => {
    for (let waited = 0; waited < 2_000; waited += 5) {
      const locked = await db
        .tx((tx) => tx.query(`select 1 from agent_paid_requests where idempotency_key = $1 for update nowait`, [key]))
        .then(
          () => false,
          (err: { code?: string }) => err.code === '55P03',
        );
      if (locked) return true;
      await new Promise((r) => setTimeout(r, 5));
    }
    return false;
  };
  const completedEventsOf = (rowId: string) =>
    db.query<{ transaction: string }>(
      `select payload->>'transaction' as transaction from agent_events where dedupe_key = $1`,
      [`payment.completed:${rowId}`],
    );
  /** The transaction PAYMENT-RESPONSE names. */
  const transactionOf = ({ response }: Extract<PaidOutcome, { kind: 'performed' }>) =>
    (JSON.parse(Buffer.from(response.headers['payment-response']!, 'base64').toString()) as { transaction: string })
      .transaction;

  it('completes while the receipt is awaited once the transfer is broadcast, and commits when the settlement returns that forecast', async () => {
    const trace: string[] = [];
    const lp = `forecast-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const outcome = await withSettle(
      (real) => async (payload, req) => {
        await reached(trace, 'written');
        const settled = await real(payload, req); // broadcast, then mined: the completion runs meanwhile
        if (await completionLocks(call.idempotencyKey!)) trace.push('completed');
        trace.push('settled');
        return settled;
      },
      () => processPaidCall(h.ctx, call),
    );
    if (outcome.kind !== 'performed') throw (outcome as { error: Error }).error;
    expect(trace).toEqual(['written', 'completed', 'settled']);
    const row = await rowOf(call.idempotencyKey!);
    expect(row).toMatchObject({ state: 'completed', response_status: 201 });
    expect(await mailboxesOf(lp)).toEqual([{ created_by_request: row!.id }]);
    expect(await completedEventsOf(row!.id)).toEqual([{ transaction: transactionOf(outcome) }]);
  });

  it('a settlement that returns another record than its forecast rolls the completion back and stores its own', async () => {
    const trace: string[] = [];
    const lp = `reforecast-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const other = `0x${'ab'.repeat(32)}`;
    const outcome = await withSettle(
      (real) => async (payload, req) => {
        await reached(trace, 'written');
        const settled = await real(payload, req);
        if (await completionLocks(call.idempotencyKey!)) trace.push('completed');
        trace.push('settled');
        return { ...settled, transaction: other };
      },
      () => processPaidCall(h.ctx, call),
    );
    if (outcome.kind !== 'performed') throw (outcome as { error: Error }).error;
    expect(trace).toEqual(['written', 'completed', 'settled', 'written']); // performed again, after the settlement
    expect(transactionOf(outcome)).toBe(other);
    const row = await rowOf(call.idempotencyKey!);
    expect(row).toMatchObject({ state: 'completed', response_status: 201 });
    expect(await mailboxesOf(lp)).toEqual([{ created_by_request: row!.id }]);
    expect(await completedEventsOf(row!.id)).toEqual([{ transaction: other }]);
  });

  it('a broadcast transfer whose settlement fails keeps none of the completion', async () => {
    const trace: string[] = [];
    const lp = `reverted-${randomUUID().slice(0, 8)}`;
    const call = await mailboxCall(chain.payers[1]!, lp, trace);
    const hash = `0x${'cd'.repeat(32)}` as const;
    const outcome = await withSettle(
      () => async (_payload, req) => {
        await reached(trace, 'written');
        announceTransfer(hash); // as the built-in facilitator does once it sent the transfer
        if (await completionLocks(call.idempotencyKey!)) trace.push('completed');
        return { success: false, errorReason: 'transaction_failed', transaction: hash, network: req.network };
      },
      () => withOneConnection((ctx) => processPaidCall(ctx, call)),
    );
    expect(trace).toEqual(['written', 'completed']);
    expect(errorOf(outcome).code).toBe('PAYMENT_INVALID');
    expect(await rowOf(call.idempotencyKey!)).toBeUndefined();
    expect(await mailboxesOf(lp)).toEqual([]);
    const completed = await db.query(`select 1 from agent_events where payload->>'transaction' = $1`, [hash]);
    expect(completed).toEqual([]);
  });

  it('an operation that fails while the payment settles is answered once it settled, and stored', async () => {
    const trace: string[] = [];
    const call = await mailboxCall(chain.payers[1]!, `failing-${randomUUID().slice(0, 8)}`, trace);
    call.operation = {
      ...call.operation,
      perform: async () => ({
        write: async () => {
          trace.push('failed');
          throw new AgentError('VALIDATION_FAILED', 'refused by the operation');
        },
      }),
    };
    const outcome = await withSettle(
      (real) => async (payload, req) => {
        await reached(trace, 'failed');
        const settled = await real(payload, req);
        trace.push('settled');
        return settled;
      },
      () => processPaidCall(h.ctx, call),
    );
    if (outcome.kind !== 'failed') throw new Error(`expected failed, got ${outcome.kind}`);
    expect(trace).toEqual(['failed', 'settled']);
    expect(outcome.response.status).toBe(400);
    expect(outcome.response.headers['payment-response']).toBeTypeOf('string');
    expect(await rowOf(call.idempotencyKey!)).toMatchObject({ state: 'completed', response_status: 400 });
  });
});
