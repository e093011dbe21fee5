// Settlement settings endpoints (designed here; the spec leaves vaults and settlement "not shown"):
//   GET    /v1/settlement-settings            vaults, default expiry, default networks (read)
//   PATCH  /v1/settlement-settings            default_expires_in_seconds, default_networks,
//                                              checkout_allowed_origins (account:manage)
//   GET    /v1/vaults/{network}/challenge     ?address: the message the address signs to prove it (account:manage)
//   PUT    /v1/vaults/{network}               {address, message, signature}: set or replace the vault of a network,
//                                              proven by a signature of the address (account:manage)
//   DELETE /v1/vaults/{network}               remove it; new intents on that network answer 400 (account:manage)
// Everything is per environment (the credentials'). Changing where money settles is an owner's act: it needs
// account:manage, which only the owner role holds (API keys never do), and it is written to the audit log in the
// same transaction.
import type { App } from '@tender/platform';
import { getAddress } from 'viem';
import { audit } from '../audit/audit.ts';
import { actorOf } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { GatewayError } from '../http/errors.ts';
import {
  assertNetworkOfEnvironment,
  getSettlementSettings,
  normalizeVaultAddress,
  removeVault,
  setVault,
  updatePaymentSettings,
} from './settlementSettings.ts';
import {
  settingsReadSchema,
  settingsUpdateSchema,
  vaultChallengeSchema,
  vaultRemoveSchema,
  vaultSetSchema,
} from './settingsSchemas.ts';
import { VAULT_PROOF_MAX_AGE_MS, vaultProofFields, vaultProofMessage } from './vaultProof.ts';
import { tenantOf } from '../tenant.ts';

export function settingsRoutes(ctx: GatewayContext) {
  return async function settingsPlugin(app: App): Promise<void> {
    const readers = ['key', 'session'] as const;
    const owners = ['session'] as const;

    app.get(
      '/v1/settlement-settings',
      {
        config: { auth: { accepts: readers, permission: 'read' } },
        schema: settingsReadSchema,
      },
      async (req) => getSettlementSettings(ctx, tenantOf(principalOf(req))),
    );

    app.patch(
      '/v1/settlement-settings',
      {
        config: { auth: { accepts: owners, permission: 'account:manage' } },
        schema: settingsUpdateSchema,
      },
      async (req) => {
        const p = principalOf(req);
        const t = tenantOf(p);
        const out = await updatePaymentSettings(ctx, t, req.body);
        await audit(ctx.db, {
          merchantId: t.merchantId,
          environment: t.environment,
          action: 'settlement_settings.updated',
          actor: actorOf(p),
          data: { ...req.body },
          at: ctx.now(),
        });
        ctx.settings.forget(t);
        return out;
      },
    );

    app.get(
      '/v1/vaults/:network/challenge',
      {
        config: { auth: { accepts: owners, permission: 'account:manage' } },
        schema: vaultChallengeSchema,
      },
      async (req) => {
        const t = tenantOf(principalOf(req));
        assertNetworkOfEnvironment(ctx, t, req.params.network, 'network');
        const n = ctx.networkRegistry.get(req.params.network)!;
        const address = getAddress(normalizeVaultAddress(req.query.address));
        const issuedAt = ctx.now();
        const fields = vaultProofFields(ctx, t, n, address, issuedAt);
        return {
          object: 'vault_challenge' as const,
          livemode: t.environment === 'live',
          network: n.id,
          chain_id: n.chainId,
          address,
          merchant_id: t.merchantId,
          issued_at: fields.issuedAt,
          expires_at: new Date(issuedAt.getTime() + VAULT_PROOF_MAX_AGE_MS).toISOString(),
          message: vaultProofMessage(fields),
        };
      },
    );

    app.put(
      '/v1/vaults/:network',
      {
        config: { auth: { accepts: owners, permission: 'account:manage' } },
        schema: vaultSetSchema,
      },
      async (req) => {
        const p = principalOf(req);
        const t = tenantOf(p);
        const r = await ctx.db.tx(async (tx) => {
          const res = await setVault(tx, ctx, t, req.params.network, req.body.address, {
            smartContractWallet: req.body.smart_contract_wallet ?? false,
            message: req.body.message,
            signature: req.body.signature,
          });
          if (res.changed) {
            await audit(tx, {
              merchantId: t.merchantId,
              environment: t.environment,
              action: 'vault.set',
              actor: actorOf(p),
              target: { type: 'vault', id: req.params.network },
              data: {
                network: req.params.network,
                address: res.vault.address,
                smart_contract_wallet: res.vault.smart_contract_wallet,
                verified: res.vault.verified,
                signature: req.body.signature ?? null,
                previous: res.previous,
              },
              at: ctx.now(),
            });
          }
          return res;
        });
        ctx.settings.forget(t);
        return { object: 'vault', livemode: t.environment === 'live', ...r.vault };
      },
    );

    app.delete(
      '/v1/vaults/:network',
      {
        config: { auth: { accepts: owners, permission: 'account:manage' } },
        schema: vaultRemoveSchema,
      },
      async (req) => {
        const p = principalOf(req);
        const t = tenantOf(p);
        assertNetworkOfEnvironment(ctx, t, req.params.network, 'network');
        const removed = await ctx.db.tx(async (tx) => {
          const ok = await removeVault(tx, t, req.params.network);
          if (ok) {
            await audit(tx, {
              merchantId: t.merchantId,
              environment: t.environment,
              action: 'vault.removed',
              actor: actorOf(p),
              target: { type: 'vault', id: req.params.network },
              data: { network: req.params.network },
              at: ctx.now(),
            });
          }
          return ok;
        });
        if (!removed)
          throw new GatewayError('RESOURCE_NOT_FOUND', `No ${t.environment} vault is set for ${req.params.network}`);
        ctx.settings.forget(t);
        return { object: 'vault', network: req.params.network, deleted: true };
      },
    );
  };
}
