import { fuzzOpenApi, fuzzRuns, fuzzSeed, type OpenApiDoc } from '@tender/platform/testing';
import type { DevnetManifest } from '@tender/evm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetworkRegistry } from '../networks/registry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';

// Every route of /v1/openapi.json with generated and hostile paths, queries and bodies, as a signed-up merchant
// (API key and session) and anonymously: no 5xx, every error in the gateway's envelope with the request id.
// Bounded for CI (seeded); FUZZ_RUNS=<n per route> runs more, FUZZ_SEED=<n> replays another sequence.

/**
 * Forged cursors, each well-formed base64url: every list's tag with parts of the wrong type, out of bigint's range,
 * negative, non-numeric, dates PostgreSQL cannot take, and wrong-shaped JSON. Each list must answer 400 (a part
 * reaching a `::bigint` or `::timestamptz` cast was a 500).
 */
const FORGED_CURSORS: readonly string[] = (() => {
  const b64 = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
  const tags = ['evt', 'inv', 'plink', 'plink_pi', 'a', 'we', 'whd', 're', 'k'];
  const seqs = ['9999999999999999999', '-1', '1.5', 'x', ''];
  const instants = ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '2026-02-30T00:00:00Z', 'soon'];
  return [
    ...tags.flatMap((t) => [
      ...seqs.map((s) => b64(JSON.stringify([t, s]))),
      b64(JSON.stringify([t, 1e30])),
      ...instants.map((at) => b64(JSON.stringify([t, at, 'x']))),
      b64(JSON.stringify([t, '2026-01-01T00:00:00Z', { id: 1 }])),
    ]),
    b64('{"seq":"1"}'),
    b64('null'),
    b64('[[[]]]'),
    b64('not json'),
  ];
})();

let g: TestGateway;
let headerSets: Record<string, string>[] = [];
const known: Record<string, string[]> = {};

// Intents need a network with a vault; addresses are computed off-chain, so the devnet's RPC is never called.
const addr = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const manifest: DevnetManifest = {
  rpcUrl: 'http://127.0.0.1:9',
  chainId: 31337,
  genesisHash: `0x${'11'.repeat(32)}`,
  genesisTimestamp: 1,
  contracts: { depositFactory: addr(0xfac) },
  tokens: { USDC: addr(0xa1), EURC: addr(0xa2), USDT: addr(0xa3), bridgedUSDC: addr(0xa4), plainERC20: addr(0xa5) },
  accounts: [addr(1)],
  deployer: addr(1),
};

beforeAll(async () => {
  g = await createTestGateway({ rateLimit: false });
  g.ctx.networkRegistry = createNetworkRegistry(
    { profile: 'dev', depositFactoryAddress: addr(0xf00) },
    { devnet: manifest },
  );
  const owner = await signUp(g.app);
  await markEmailVerified(g.db, owner.userId);
  const key = await createKey(g.app, owner.token);
  await insertVault(g.db, owner.merchantId, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  const intent = await g.app.inject({
    method: 'POST',
    url: '/v1/payment-intents',
    headers: bearer(key.secret),
    payload: { amount: '10', networks: ['devnet'], order_reference: 'fuzz-1', metadata: { k: 'v' } },
  });
  expect(intent.statusCode).toBe(201);
  known.id = [intent.json().id];
  known.network = ['devnet'];
  headerSets = [bearer(key.secret), bearer(key.secret), bearer(owner.token), {}];
});
afterAll(() => g?.close());

describe('gateway OpenAPI fuzz', () => {
  it('answers every generated request below 500, every error in the envelope with its request id', async () => {
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as OpenApiDoc;
    const started = Date.now();
    const report = await fuzzOpenApi({
      app: g.app,
      doc,
      headers: () => headerSets,
      runs: fuzzRuns(12),
      knownValues: known,
      querySweep: { cursor: FORGED_CURSORS },
      seed: fuzzSeed(20261123),
      // Ending or revoking the fuzzer's own credentials, or removing its vault, would only turn the rest into
      // 401s and 400s. The live stream answers an accepted request with a response that never ends (inject waits
      // for its end): its refusals are tested in events/eventRoutes.test.ts, its stream over real sockets there.
      skip: (method, path) =>
        path === '/v1/auth/logout' ||
        path === '/v1/events/stream' ||
        path === '/v1/api-keys/{id}/revoke' ||
        (method === 'DELETE' && path === '/v1/vaults/{network}'),
      allowed503: (code) => code !== undefined && /UNAVAILABLE|NOT_CONFIGURED/.test(code),
      checkError: (_status, body, requestId) => {
        const e = (body as { error?: Record<string, unknown> } | undefined)?.error;
        if (!e) return 'no error object';
        for (const k of ['type', 'code', 'message', 'request_id']) if (typeof e[k] !== 'string') return `no ${k}`;
        if (!requestId || e.request_id !== requestId) return 'request_id differs from the request-id header';
        return null;
      },
    });
    console.log(
      `gateway fuzz: ${report.cases} cases over ${report.operations} operations in ${Date.now() - started} ms; ` +
        `statuses ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.operations).toBeGreaterThan(20);
    expect(report.failures.slice(0, 20)).toEqual([]);
  });
});
