import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { ok } from '../http/errors.ts';

/** GET /api/v1 — identity and authentication rules (the catalog arrives with the catalog issue). */
export function discoveryRoutes(app: App, ctx: AgentsContext): void {
  app.get(
    '/api/v1',
    { schema: { tags: ['Discovery'], summary: 'API identity, authentication rules, compact catalog' } },
    async (req) =>
      ok(
        {
          name: 'Tender agent services',
          version: 'v1',
          baseUrl: ctx.config.publicUrl,
          authentication: {
            bootstrap:
              'Start-here services are paid with x402 (402 + PAYMENT-REQUIRED, then replay with PAYMENT-SIGNATURE and Idempotency-Key).',
            bearer:
              'Secondary endpoints take Authorization: Bearer at_v1_… issued once by the first provisioning call.',
          },
        },
        req.id,
      ),
  );
}
