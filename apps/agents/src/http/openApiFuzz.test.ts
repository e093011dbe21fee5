import type { Database } from '@tender/platform';
import { fuzzOpenApi, fuzzRuns, fuzzSeed, type OpenApiDoc } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../_test/agentsTestKit.ts';

// Every route of /openapi.json with generated and hostile paths, queries and bodies, with a tenant's token and
// anonymously, payments configured on a devnet (so paid routes validate and challenge): no 5xx other than a
// service the catalog declares unavailable, every error in the agents envelope with the request id.
// Bounded for CI (seeded); FUZZ_RUNS=<n per route> runs more, FUZZ_SEED=<n> replays another sequence.

let chain: Chain;
let db: Database;
let h: AgentsHarness;
let headerSets: Record<string, string>[] = [];
const known: Record<string, string[]> = {};

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
  const created = await paidCall(h.app, payerClient(chain.payers[0]!), 'POST', '/api/v1/email/mailboxes', {
    localPart: 'fuzzer',
    displayName: 'Fuzzer',
  });
  expect(created.paid.status).toBe(201);
  const token = String(created.paid.body.authentication.accessToken);
  known.mailboxId = [String(created.paid.body.data.mailboxId)];
  known.serviceId = h.ctx.catalog.records.map((r) => r.serviceId);
  headerSets = [{ authorization: `Bearer ${token}` }, { authorization: `Bearer ${token}` }, {}];
});
afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

describe('agents OpenAPI fuzz', () => {
  it('answers every generated request below 500, every error in the envelope with its request id', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDoc;
    const started = Date.now();
    const report = await fuzzOpenApi({
      app: h.app,
      doc,
      headers: () => headerSets,
      runs: fuzzRuns(12),
      seed: fuzzSeed(20261123),
      knownValues: known,
      allowed503: (code) => code === 'SERVICE_UNAVAILABLE',
      checkError: (_status, body, requestId) => {
        const b = body as { error?: Record<string, unknown>; guides?: Record<string, unknown> } | undefined;
        const e = b?.error;
        if (!e) return 'no error object';
        for (const k of ['code', 'message', 'requestId']) if (typeof e[k] !== 'string') return `no ${k}`;
        if (!requestId || e.requestId !== requestId) return 'requestId differs from the request-id header';
        if (typeof b?.guides?.llms !== 'string') return 'no guides';
        return null;
      },
    });
    console.log(
      `agents fuzz: ${report.cases} cases over ${report.operations} operations in ${Date.now() - started} ms; ` +
        `statuses ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.operations).toBeGreaterThan(20);
    expect(report.failures.slice(0, 20)).toEqual([]);
  });
});
