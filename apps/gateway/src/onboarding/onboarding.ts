// GET /v1/account/onboarding as an operation: the four steps a new merchant takes before taking real payments, each
// read from the data that makes it true (one statement), never from a flag the dashboard sets:
//   vault         a vault on a test network this deployment serves
//   test_payment  a test payment whose funds became final (payment_intents.confirmed)
//   email         the account email verified (the caller's, for a session; any user's of the merchant, for a key)
//   live          a vault on a live network this deployment serves, with the email verified (live mode needs it)
// and the networks this deployment serves per environment (the others are listed with the reason).
import type { Sql } from '@tender/platform';
import type { Principal } from '../auth/principal.ts';
import type { NetworkRegistry } from '../networks/registry.ts';
import { ENVIRONMENTS, type Environment } from '../tenant.ts';

export const ONBOARDING_STEPS = ['vault', 'test_payment', 'email', 'live'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export interface OnboardingNetwork {
  id: string;
  name: string;
  served: boolean;
  /** Why this deployment does not serve it, in a merchant's words; null when served. */
  reason: string | null;
  vault: boolean;
}

export interface Onboarding {
  object: 'onboarding';
  complete: boolean;
  steps: { id: OnboardingStepId; done: boolean; blocked_reason: string | null }[];
  networks: Record<Environment, OnboardingNetwork[]>;
}

/** What a merchant reads when a network is not served: the operator's details stay in GET /v1/networks. */
export const NOT_SERVED = 'not configured on this server';

export async function getOnboarding(
  sql: Sql,
  registry: NetworkRegistry,
  principal: Pick<Principal, 'merchantId' | 'userId'>,
): Promise<Onboarding> {
  const [row] = await sql.query<{ vaults: string[] | null; test_paid: boolean; email: boolean }>(
    `select
       (select array_agg(environment || ':' || network) from merchant_vaults where merchant_id = $1) as vaults,
       exists (select 1 from payment_intents where merchant_id = $1 and environment = 'test' and confirmed) as test_paid,
       -- the members of this merchant (merchant_members), not users whose home merchant it is: a person who joined
       -- with an existing account keeps another home
       exists (select 1 from merchant_members mm join users u on u.id = mm.user_id
               where mm.merchant_id = $1 and ($2::text is null or u.id = $2)
                 and u.email_verified_at is not null) as email`,
    [principal.merchantId, principal.userId],
  );
  const vaults = new Set(row?.vaults ?? []);
  const networks = Object.fromEntries(
    ENVIRONMENTS.map((env) => [
      env,
      registry.forEnvironment(env).map((n) => ({
        id: n.id,
        name: n.name,
        served: n.available,
        reason: n.available ? null : NOT_SERVED,
        vault: vaults.has(`${env}:${n.id}`),
      })),
    ]),
  ) as Record<Environment, OnboardingNetwork[]>;
  const ready = (env: Environment) => networks[env].some((n) => n.served && n.vault);
  const email = row?.email ?? false;
  const liveServed = networks.live.some((n) => n.served);
  const steps: Onboarding['steps'] = [
    {
      id: 'vault',
      done: ready('test'),
      blocked_reason: networks.test.some((n) => n.served) ? null : 'This server serves no test network yet',
    },
    { id: 'test_payment', done: row?.test_paid ?? false, blocked_reason: null },
    { id: 'email', done: email, blocked_reason: null },
    {
      id: 'live',
      done: email && ready('live'),
      blocked_reason: !liveServed
        ? 'This server serves no live network yet'
        : email
          ? null
          : 'Verify your email first: live mode opens once it is verified',
    },
  ];
  return { object: 'onboarding', complete: steps.every((s) => s.done), steps, networks };
}
