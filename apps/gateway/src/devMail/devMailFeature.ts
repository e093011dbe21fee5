import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { devMailRoutes } from './devMailRoutes.ts';

/** The dev mail catcher's page and API under /dev/mail (dev profile only: the routes register nothing elsewhere). */
export function devMailFeature(ctx: GatewayContext): Feature {
  return { name: 'devMail', routes: devMailRoutes(ctx) };
}
