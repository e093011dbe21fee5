import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { ledgerRoutes } from './ledgerRoutes.ts';

/** Transactions, settlements, overview and the settlement policy. */
export function ledgerFeature(ctx: GatewayContext): Feature {
  return { name: 'ledger', routes: ledgerRoutes(ctx) };
}
