// GET /v1/networks (capabilities and the caller's vault status) and GET /v1/assets (the official assets accepted),
// both for the environment of the caller's credentials only.
import type { App } from '@tender/platform';
import { getAddress } from 'viem';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { type Tenant, tenantOf } from '../tenant.ts';

const tags = ['Networks'];

export async function listNetworksFor(ctx: GatewayContext, t: Tenant) {
  const vaults = await ctx.db.query<{ network: string; address: string; updated_at: Date }>(
    'select network, address, updated_at from merchant_vaults where merchant_id = $1 and environment = $2',
    [t.merchantId, t.environment],
  );
  const byNetwork = new Map(vaults.map((v) => [v.network, v]));
  return {
    object: 'list' as const,
    livemode: t.environment === 'live',
    data: ctx.networkRegistry.forEnvironment(t.environment).map((n) => {
      const v = byNetwork.get(n.id);
      return {
        id: n.id,
        object: 'network',
        name: n.name,
        chain_id: n.chainId,
        caip2: n.caip2,
        environment: n.environment,
        available: n.available,
        unavailable_reason: n.unavailableReason ?? null,
        confirmations: n.confirmations,
        block_time_seconds: n.blockTimeSeconds,
        currencies: Object.keys(n.tokens),
        capabilities: {
          payment_intents: n.available,
          wallet_checkout: n.available,
          address_checkout: n.available,
          settlement: n.available && n.relayer !== undefined,
        },
        deposit_factory: n.factory ?? null,
        vault: v
          ? { status: 'configured', address: getAddress(v.address), updated_at: v.updated_at.toISOString() }
          : { status: 'missing', address: null, updated_at: null },
        payable: n.available && v !== undefined,
      };
    }),
  };
}

export function listAssetsFor(ctx: GatewayContext, t: Tenant) {
  return {
    object: 'list' as const,
    livemode: t.environment === 'live',
    data: ctx.networkRegistry.forEnvironment(t.environment).flatMap((n) =>
      Object.values(n.tokens).map((tk) => ({
        object: 'asset',
        network: n.id,
        chain_id: n.chainId,
        symbol: tk.symbol,
        address: tk.address,
        decimals: tk.decimals,
        issuer: 'Circle',
        official: true,
        source: tk.source,
        available: n.available,
        // Look-alikes that are NOT accepted: a transfer of one of them makes the payment INVALID_ASSET.
        rejected_variants:
          tk.symbol === 'USDC'
            ? n.bridgedTokens.map((b) => ({ symbol: b.symbol, address: b.address, note: b.note }))
            : [],
      })),
    ),
  };
}

export function networkRoutes(ctx: GatewayContext) {
  return async function networkPlugin(app: App): Promise<void> {
    const accepts = ['key', 'session'] as const;
    app.get(
      '/v1/networks',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Supported networks, capabilities and the caller’s vault status',
          description:
            'Networks of the caller’s environment: mainnets for live keys; testnets and the devnet for test keys. ' +
            'A network without an RPC URL (or deposit factory) on this deployment is listed with available=false and ' +
            'the reason. `payable` is true when intents can be created on it (available and a vault is set).',
          response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(401, 403, 429) },
        },
      },
      async (req) => listNetworksFor(ctx, tenantOf(principalOf(req))),
    );
    app.get(
      '/v1/assets',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Official assets accepted per network',
          description:
            'Only the issuer’s native USDC (and EURC where the issuer publishes it) is accepted. Bridged variants ' +
            '(USDC.e, USDbC …) are listed under rejected_variants and are never official.',
          response: { 200: Type.Object({}, { additionalProperties: true }), ...errorResponses(401, 403, 429) },
        },
      },
      async (req) => listAssetsFor(ctx, tenantOf(principalOf(req))),
    );
  };
}
