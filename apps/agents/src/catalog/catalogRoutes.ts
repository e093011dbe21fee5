import { Type } from 'typebox';
import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { AgentError, GUIDES, ok } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { AUTH_RULES, docsMarkdown, llmsTxt } from './guides.ts';

/** Discovery: free, no authentication. Everything here is rendered from the catalog. */
export function catalogRoutes(app: App, ctx: AgentsContext): void {
  app.get(
    '/api/v1',
    {
      schema: {
        tags: ['discovery'],
        summary: 'discovery.api: identity, authentication rules, compact catalog',
        response: plainResponses([]),
      },
    },
    async (req) => {
      const records = ctx.catalog.records;
      return ok(
        {
          name: 'Tender agent services',
          version: 'v1',
          baseUrl: ctx.config.publicUrl,
          emailDomain: ctx.config.emailDomain,
          authentication: {
            rules: AUTH_RULES,
            startHere: records.filter((r) => r.startHere).map((r) => r.serviceId),
            bearer: 'Authorization: Bearer at_v1_…',
            payment:
              'x402 v2: send with Idempotency-Key (a new UUID per logical operation), get 402 + PAYMENT-REQUIRED, then replay with PAYMENT-SIGNATURE and the same Idempotency-Key',
          },
          services: records.map((r) => ({
            serviceId: r.serviceId,
            method: r.method,
            path: r.path,
            price: r.price,
            auth: r.auth,
            startHere: r.startHere,
            available: r.available,
          })),
          guides: { ...GUIDES, docs: '/docs' },
        },
        req.id,
        GUIDES.llms,
      );
    },
  );
  app.get(
    '/api/v1/services',
    {
      schema: {
        tags: ['discovery'],
        summary: 'discovery.services: canonical service records',
        response: plainResponses([]),
      },
    },
    async (req) => ok({ services: ctx.catalog.records }, req.id, '/docs#services'),
  );
  app.get(
    '/api/v1/services/:serviceId',
    {
      schema: {
        tags: ['discovery'],
        summary: 'One service record',
        response: plainResponses(['RESOURCE_NOT_FOUND']),
        params: Type.Object({ serviceId: Type.String({ maxLength: 100 }) }),
      },
    },
    async (req) => {
      const { serviceId } = req.params;
      const record = ctx.catalog.find(serviceId);
      if (!record) throw new AgentError('RESOURCE_NOT_FOUND', `No service ${serviceId}; see /api/v1/services`);
      return ok({ service: record }, req.id, record.guide);
    },
  );
  app.get('/llms.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(llmsTxt(ctx)),
  );
  app.get('/docs', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/markdown; charset=utf-8').send(docsMarkdown(ctx)),
  );
}
