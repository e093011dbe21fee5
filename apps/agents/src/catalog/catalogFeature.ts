import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { catalogRoutes } from './catalogRoutes.ts';

/** Discovery: the catalog, llms.txt and the guides. */
export function catalogFeature(ctx: AgentsContext): Feature {
  return { name: 'catalog', routes: async (app) => catalogRoutes(app, ctx) };
}
