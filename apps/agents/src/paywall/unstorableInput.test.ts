import { randomUUID } from 'node:crypto';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../_test/agentsTestKit.ts';

// Every paid service refuses input that storage cannot hold before its payment challenge: the payer must never be
// charged for a request that can only fail. The test walks each paid service's schema as published in
// /openapi.json (so a new field or a new paid service is covered without editing this file) and puts hostile
// strings into every string field of a request that is otherwise valid (it gets a 402 as it is).

let chain: Chain;
let db: Database;
let h: AgentsHarness;

const HOSTILE = ['\u0000', 'ok\u0000', '\ud800', 'x\udc00y', 'a\ud83d'];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/** Paths (as key arrays) of every string-typed value the schema admits, array items as index 0. */
function stringPaths(schema: Schema, at: (string | number)[] = []): (string | number)[][] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const out: (string | number)[][] = [];
  if (types.includes('string')) out.push(at);
  for (const [k, s] of Object.entries(schema.properties ?? {})) out.push(...stringPaths(s, [...at, k]));
  if (schema.items) out.push(...stringPaths(schema.items, [...at, 0]));
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) out.push(...stringPaths(s, at));
  return out;
}

function withValue(base: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(base)) {
    const copy = [...(base as unknown[])];
    copy[head as number] = withValue(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...((base ?? {}) as Record<string, unknown>) };
  copy[String(head)] = withValue(copy[String(head)], rest, value);
  return copy;
}

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

describe('unstorable input on paid services', () => {
  it('every string field of every paid service refuses NUL and lone surrogates with a 400 naming it, before any challenge', async () => {
    const payer = payerClient(chain.payers[0]!);
    const created = await paidCall(h.app, payer, 'POST', '/api/v1/email/mailboxes', {
      localPart: 'walker',
      displayName: 'Walker',
    });
    expect(created.paid.status).toBe(201);
    const token = String(created.paid.body.authentication.accessToken);
    const mailboxId = String(created.paid.body.data.mailboxId);

    // A valid request per paid service; each must get the challenge as it is, so that only the hostile value
    // can explain a refusal. A paid service without an example here fails the test.
    const valid: Record<string, unknown> = {
      'email.mailbox.create': { localPart: 'fresh', displayName: 'Fresh', outboundSignature: 'sig' },
      'email.mailbox.update': { mailboxId, displayName: 'W', outboundSignature: 'sig' },
      'email.mailbox.delete': { mailboxId },
      'email.message.send': { mailboxId, to: ['bob@agents.localhost'], subject: 'Hi', text: 'Body' },
    };
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    };
    const paid = h.ctx.catalog.records.filter((r) => r.paid && r.available);
    expect(paid.length).toBeGreaterThanOrEqual(4);
    let cases = 0;
    for (const record of paid) {
      const { def } = h.ctx.catalog.get(record.serviceId);
      const headers: Record<string, string> = {
        'idempotency-key': randomUUID(),
        ...(def.auth === 'bearer' ? { authorization: `Bearer ${token}` } : {}),
      };
      const base = valid[record.serviceId];
      expect(base, `a valid example for ${record.serviceId}`).toBeDefined();
      const ok = await call(h.app, def.method as 'POST', def.path, { body: base, headers });
      expect([record.serviceId, ok.status]).toEqual([record.serviceId, 402]);

      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      const schema = op?.requestBody?.content['application/json']?.schema;
      expect(schema, `${record.serviceId} publishes its body schema`).toBeDefined();
      const paths = stringPaths(schema!);
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        for (const hostile of HOSTILE) {
          const body = withValue(base, path, hostile);
          const r = await call(h.app, def.method as 'POST', def.path, { body, headers });
          cases++;
          const field = path
            .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
            .join('')
            .replace(/^\./, '');
          expect([record.serviceId, field, r.status, r.body.error?.code]).toEqual([
            record.serviceId,
            field,
            400,
            'VALIDATION_FAILED',
          ]);
          // The message names the field in a sentence (capitalised when it is a plain word: "Subject must not…").
          expect(r.body.error.message.toLowerCase()).toContain(field.toLowerCase());
          expect(r.headers['payment-required']).toBeUndefined();
        }
        // A hostile field name next to the valid ones is refused as well.
        const named = withValue(base, [...path.slice(0, -1), 'k\u0000'], 'v');
        if (typeof path.at(-1) === 'string') {
          const r = await call(h.app, def.method as 'POST', def.path, { body: named, headers });
          expect([record.serviceId, r.status]).toEqual([record.serviceId, 400]);
          cases++;
        }
      }
    }
    console.log(`unstorable input: ${cases} hostile requests over ${paid.length} paid services, none challenged`);
  });
});
