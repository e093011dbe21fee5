import { Type } from 'typebox';
import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';

/** GET /healthz, /readyz, /public/status — no credentials, no merchant data. */
export function systemRoutes(ctx: GatewayContext, status: () => Promise<Record<string, unknown>>) {
  return async function systemPlugin(app: App): Promise<void> {
    const tags = ['System'];
    app.get(
      '/healthz',
      {
        schema: { tags, summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
        config: { rateLimit: false },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags,
          summary: 'Readiness: the database is reachable (503 otherwise), and the roles this process runs',
        },
        config: { rateLimit: false },
      },
      async () => {
        try {
          await ctx.db.query('select 1');
        } catch (err) {
          ctx.logger.warn({ err }, 'readiness: database unreachable');
          throw new GatewayError('SERVICE_UNAVAILABLE', 'The database is not reachable');
        }
        return { status: 'ready', database: 'ok', roles: ctx.config.roles };
      },
    );
    app.get(
      '/public/status',
      { schema: { tags, summary: 'Operational state per network and job queue depth; no merchant data' } },
      async () => status(),
    );
  };
}
