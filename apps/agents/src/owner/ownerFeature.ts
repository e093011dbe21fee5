import { periodicWorker, type Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { ownerPages } from './ownerPages.ts';
import { ownerRoutes } from './ownerRoutes.ts';
import { pruneOwnerCredentials } from './ownerSignIn.ts';

const PRUNE_EVERY_MS = 3_600_000;

/**
 * The owner dashboard: its API, its pages (apps/web's build, when given), and the hourly pruning of nonces and
 * sessions that can authenticate nothing any more (any process may run it: the `workers` role does).
 */
export function ownerFeature(ctx: AgentsContext, opts: { webDir?: string | undefined } = {}): Feature {
  return {
    name: 'owner',
    routes: async (app) => {
      ownerRoutes(app, ctx);
      if (opts.webDir) await ownerPages(app, opts.webDir);
    },
    workers: [
      periodicWorker({
        name: 'owner credential prune',
        everyMs: PRUNE_EVERY_MS,
        pass: () => pruneOwnerCredentials(ctx.db),
        onError: (err) => ctx.logger.warn({ err }, 'owner credential pruning failed'),
      }),
    ],
  };
}
