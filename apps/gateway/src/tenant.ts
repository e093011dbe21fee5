// Whose data a call may touch. A leaf module: it imports nothing of the gateway, so every feature may import it.

/** `test` works on testnets (and the devnet), `live` on mainnets. */
export const ENVIRONMENTS = ['test', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** A merchant in one environment: always from the credentials, never from input. */
export interface Tenant {
  merchantId: string;
  environment: Environment;
}

/** The tenant of a principal (or anything carrying one), as a plain value of its own. */
export const tenantOf = (p: Tenant): Tenant => ({ merchantId: p.merchantId, environment: p.environment });
