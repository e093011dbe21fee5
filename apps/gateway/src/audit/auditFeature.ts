import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { auditRoutes } from './auditRoutes.ts';

/** The audit log's routes. */
export function auditFeature(ctx: GatewayContext): Feature {
  return { name: 'audit', routes: auditRoutes(ctx) };
}
