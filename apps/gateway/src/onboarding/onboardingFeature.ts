import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { onboardingRoutes } from './onboardingRoutes.ts';

/** The onboarding checklist of the dashboard's Home: `GET /v1/account/onboarding`. */
export function onboardingFeature(ctx: GatewayContext): Feature {
  return { name: 'onboarding', routes: onboardingRoutes(ctx) };
}
