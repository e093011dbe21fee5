// Sets a vault the way PUT /v1/vaults/{network} does, proven by the account's own signature (the devnet accounts'
// keys are the well-known devnet mnemonic), for tests and benches that set vaults without going through HTTP.
import type { Sql } from '@tender/platform';
import type { LocalAccount } from 'viem';
import type { GatewayContext } from '../context.ts';
import { setVault } from '../settings/settlementSettings.ts';
import { signVaultProof } from '../settings/vaultProof.ts';
import type { Tenant } from '../tenant.ts';

export async function setProvenVault(
  sql: Sql,
  ctx: GatewayContext,
  t: Tenant,
  account: LocalAccount,
  network = 'devnet',
): Promise<void> {
  const n = ctx.networkRegistry.get(network);
  if (!n) throw new Error(`no network ${network}`);
  await setVault(sql, ctx, t, network, account.address, await signVaultProof(ctx, t, n, account));
}
