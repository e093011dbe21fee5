import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness } from '../_test/agentsTestKit.ts';
import { SERVICES } from '../catalog/catalog.ts';
import { AGENT_ERRORS } from './errors.ts';

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

type Op = {
  'x-service-id'?: string;
  requestBody?: unknown;
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: {
        'application/json': { schema: { properties: { error?: { properties: { code: { enum: string[] } } } } } };
      };
    }
  >;
};

describe('/openapi.json of the agents', () => {
  it('declares every response of every catalog service (success, 402 with PAYMENT-REQUIRED, 428, 503, each code at its status) and every request body', async () => {
    const doc = (await call(h.app, 'GET', '/openapi.json')).body as { paths: Record<string, Record<string, Op>> };
    const ops = new Map<string, Op>();
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods)) if (op['x-service-id']) ops.set(op['x-service-id'], op);
    for (const def of SERVICES.filter((s) => s.path !== '/api/v1' && s.path !== '/api/v1/services')) {
      const op = ops.get(def.serviceId);
      expect(op, def.serviceId).toBeDefined();
      const r = op!.responses;
      expect(r['503'], def.serviceId).toBeDefined();
      if (def.neverAvailable) continue;
      expect(r[String(def.successStatus)], def.serviceId).toBeDefined();
      if (def.method === 'POST') expect(op!.requestBody, `${def.serviceId} body`).toBeDefined();
      for (const [status, resp] of Object.entries(r)) {
        const codes = resp.content?.['application/json'].schema.properties.error?.properties.code.enum ?? [];
        if (status !== String(def.successStatus)) expect(codes.length, `${def.serviceId} ${status}`).toBeGreaterThan(0);
        for (const c of codes) expect(AGENT_ERRORS[c as keyof typeof AGENT_ERRORS], c).toBe(Number(status));
      }
      if (def.price) {
        expect(Object.keys(r['402']!.headers ?? {}), def.serviceId).toContain('PAYMENT-REQUIRED');
        expect(Object.keys(r[String(def.successStatus)]!.headers ?? {})).toContain('PAYMENT-RESPONSE');
        if (def.auth === 'bearer') expect(r['428'], def.serviceId).toBeDefined();
      } else {
        expect(r['402'], def.serviceId).toBeUndefined();
      }
    }
    const eventsGet = ops.get('events.get')!.responses['403']!;
    expect(JSON.stringify(eventsGet)).toContain('RESOURCE_NOT_OWNED');
  });

  it('lists the owner and operator APIs under their own tags, outside the catalog', async () => {
    const doc = (await call(h.app, 'GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { tags?: string[]; 'x-service-id'?: string }>>;
    };
    const owner = Object.entries(doc.paths).filter(([p]) => p.startsWith('/owner/api/'));
    const admin = Object.entries(doc.paths).filter(([p]) => p.startsWith('/admin/api/'));
    expect(owner.length).toBeGreaterThan(5);
    expect(admin.length).toBeGreaterThan(5);
    for (const [, methods] of [...owner, ...admin])
      for (const op of Object.values(methods)) expect(op['x-service-id']).toBeUndefined();
    expect(Object.values(owner[0]![1])[0]!.tags).toEqual(['owner']);
  });
});
