// Dev profile: what `tender start` does for payments so that one request after `npm start` creates a payable
// intent: the dev merchant's test-environment vault on the devnet is a devnet account (mnemonic index 1), named in
// .tender/dev.json as gateway.vaults.devnet. Its key is the well-known devnet mnemonic: never a real vault.
import type { DevnetManifest } from '@tender/evm';
import type { GatewayContext } from '../context.ts';
import { ensureDevVault } from '../settings/settlementSettings.ts';

/** Mnemonic index of the dev merchant's devnet vault (0 deploys the contracts, 8 is the relayer). */
export const DEV_VAULT_INDEX = 1;

/**
 * Gives the dev merchant its devnet vault unless it already has one (a vault the developer set stays). Returns the
 * `gateway` fields for dev.json: `{ vaults: { devnet: <address> } }`.
 */
export async function setUpDevPayments(
  ctx: GatewayContext,
  p: { merchantId: string; manifest: Pick<DevnetManifest, 'accounts'> },
): Promise<{ vaults: { devnet: string } }> {
  if (ctx.config.profile !== 'dev') throw new Error('setUpDevPayments runs on the dev profile only');
  const account = p.manifest.accounts[DEV_VAULT_INDEX];
  if (!account) throw new Error(`the devnet manifest has no account ${DEV_VAULT_INDEX}`);
  return { vaults: { devnet: await ensureDevVault(ctx, p.merchantId, account) } };
}
