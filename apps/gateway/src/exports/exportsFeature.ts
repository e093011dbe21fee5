import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { exportRoutes } from './exportRoutes.ts';

/** CSV exports of payments, transactions, settlements, refunds and invoices, streamed. */
export function exportsFeature(ctx: GatewayContext): Feature {
  return { name: 'exports', routes: exportRoutes(ctx) };
}
