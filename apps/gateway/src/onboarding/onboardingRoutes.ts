// GET /v1/account/onboarding: the dashboard's checklist (onboarding.ts), computed from the merchant's data on each read.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, Nullable, StringEnum } from '../http/schemas.ts';
import { getOnboarding, ONBOARDING_STEPS } from './onboarding.ts';

const NetworkSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  served: Type.Boolean({ description: 'This deployment serves the network: payments and vaults can use it' }),
  reason: Nullable(Type.String({ description: 'Why it is not served, for people; null when served' })),
  vault: Type.Boolean({ description: 'The merchant has a vault on it in this environment' }),
});

export const OnboardingSchema = Type.Object({
  object: Type.Literal('onboarding'),
  complete: Type.Boolean({ description: 'Every step is done' }),
  steps: Type.Array(
    Type.Object({
      id: StringEnum(ONBOARDING_STEPS),
      done: Type.Boolean(),
      blocked_reason: Nullable(Type.String({ description: 'What keeps the step from being taken now, if anything' })),
    }),
  ),
  networks: Type.Object({ test: Type.Array(NetworkSchema), live: Type.Array(NetworkSchema) }),
});

export function onboardingRoutes(ctx: GatewayContext) {
  return async function onboardingPlugin(app: App): Promise<void> {
    app.get(
      '/v1/account/onboarding',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'read' } },
        schema: {
          tags: ['Account'],
          summary: 'The steps before taking real payments, and the networks this deployment serves',
          description:
            'Each step is derived from the merchant’s data on every read: `vault` (a vault on a test network this ' +
            'deployment serves), `test_payment` (a test payment whose funds became final), `email` (the account ' +
            'email verified: the caller’s for a session, any user’s for an API key) and `live` (the email verified ' +
            'and a vault on a live network this deployment serves). `networks` lists both environments’ networks, ' +
            'served or not (with the reason), and whether the merchant has a vault on each. Both environments, ' +
            'whatever the credential’s.',
          response: { 200: OnboardingSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => getOnboarding(ctx.db, ctx.networkRegistry, principalOf(req)),
    );
  };
}
