// The served OpenAPI document declares the errors every operation can answer before its handler runs: 400 where
// there is input or a credential to check, 429 wherever the rate limiter applies. Checked against the document and
// against the server's actual answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, unknown>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The probes a load balancer calls, which opt out of the rate limit. */
const NOT_LIMITED = new Set(['GET /healthz', 'GET /readyz']);

let g: TestGateway;
let doc: Doc;
let session: string;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((m) => (item[m] ? [{ method: m.toUpperCase(), path, op: item[m] }] : [])),
  );
const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'x');

beforeAll(async () => {
  // A global limit of 2 a minute: the third anonymous call of any limited operation is a 429.
  g = await createTestGateway({ rateLimit: { max: 2, timeWindowMs: 60_000 } });
  doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Doc;
  session = (await signUp(g.app)).token;
});
afterAll(() => g?.close());

describe('errors declared in the OpenAPI document', () => {
  it('declares 400 on every operation with parameters, a body or credentials, and 429 on every limited one', () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const responses = Object.keys(op.responses ?? {});
      const input = (op.parameters ?? []).length > 0 || op.requestBody !== undefined || (op.security ?? []).length > 0;
      if (input && !responses.includes('400')) missing.push(`${method} ${path}: 400`);
      const limited = !NOT_LIMITED.has(`${method} ${path}`);
      if (limited && !responses.includes('429')) missing.push(`${method} ${path}: 429`);
    }
    expect(operations().length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('declares 400 on every operation that answers 400 to a malformed tender-environment header', async () => {
    const undeclared: string[] = [];
    let n = 0;
    for (const { method, path, op } of operations()) {
      // Merchant credentials only: the operator's routes (HTTP Basic) take no environment.
      if (!(op.security ?? []).length || JSON.stringify(op.security).includes('operatorBasic')) continue;
      const r = await g.app.inject({
        method: method as 'GET',
        url: urlOf(path),
        headers: { ...bearer(session), 'tender-environment': 'staging' },
        remoteAddress: `10.1.${Math.floor(++n / 250)}.${n % 250}`,
      });
      if (r.statusCode === 400 && !(op.responses && '400' in op.responses)) undeclared.push(`${method} ${path}`);
      expect([method, path, r.statusCode]).toEqual([method, path, 400]);
    }
    expect(undeclared).toEqual([]);
  });

  it('declares 429 on every operation the rate limiter answers 429, and only the probes are never limited', async () => {
    let n = 0;
    for (const { method, path, op } of operations()) {
      // Each operation from an address of its own, so that the limit counts only its calls.
      const remoteAddress = `10.2.${Math.floor(++n / 250)}.${n % 250}`;
      let status = 0;
      // Routes with a limit of their own allow more than the global 2; 310 calls pass the largest (300 a minute).
      for (let i = 0; i < 310 && status !== 429; i++) {
        status = (await g.app.inject({ method: method as 'GET', url: urlOf(path), remoteAddress })).statusCode;
      }
      const limited = status === 429;
      expect([method, path, limited]).toEqual([method, path, !NOT_LIMITED.has(`${method} ${path}`)]);
      if (limited) expect([method, path, '429' in (op.responses ?? {})]).toEqual([method, path, true]);
    }
  });
});
