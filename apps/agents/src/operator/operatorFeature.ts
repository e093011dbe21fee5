import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { operatorRoutes } from './operatorRoutes.ts';

/** Operator admin (HTTP Basic from configuration). */
export function operatorFeature(ctx: AgentsContext): Feature {
  return { name: 'operator', routes: async (app) => operatorRoutes(app, ctx) };
}
