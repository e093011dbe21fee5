// Dev profile: what `tender start` does for payments so that one request after `npm start` creates a payable
// intent: the dev merchant's test-environment vault on the devnet is a devnet account (mnemonic index 1), named in
// .tender/dev.json as gateway.vaults.devnet. Its key is the well-known devnet mnemonic: never a real vault. It proves
// the vault like any merchant's wallet would, by signing the vault proof with that key.
import { devnetAccounts, type DevnetManifest } from '@tender/evm';
import type { GatewayContext } from '../context.ts';
import { ensureDevVault } from './settlementSettings.ts';

/** Mnemonic index of the dev merchant's devnet vault (0 deploys the contracts, 8 is the relayer). */
export const DEV_VAULT_INDEX = 1;

/**
 * Gives the dev merchant its devnet vault unless it already has one (a vault the developer set stays). Returns the
 * `gateway` fields for dev.json: `{ vaults: { devnet: <address> } }`.
 */
export async function setUpDevPayments(
  ctx: GatewayContext,
  p: { merchantId: string; manifest: Pick<DevnetManifest, 'accounts'> },
): Promise<{ vaults: { devnet: string | null } }> {
  if (ctx.config.profile !== 'dev') throw new Error('setUpDevPayments runs on the dev profile only');
  const address = p.manifest.accounts[DEV_VAULT_INDEX];
  if (!address) throw new Error(`the devnet manifest has no account ${DEV_VAULT_INDEX}`);
  const account = devnetAccounts()[DEV_VAULT_INDEX]!;
  if (account.address.toLowerCase() !== address.toLowerCase()) {
    throw new Error(
      `devnet account ${DEV_VAULT_INDEX} (${address}) is not the devnet mnemonic's: cannot sign its proof`,
    );
  }
  return { vaults: { devnet: await ensureDevVault(ctx, p.merchantId, account) } };
}
