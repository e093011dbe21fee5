// Merchant settlement settings: the vault per (environment, network) that deposit addresses commit to, the default
// intent expiry (1200 s unless changed) and the default networks. Changing a vault affects only intents created
// afterwards: an existing deposit address is bound to the vault it was computed with, forever.
import type { Sql } from '@tender/platform';
import { getAddress, isAddress, zeroAddress } from 'viem';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { checkVaultAddress } from './vaultAddressCheck.ts';
import type { Tenant } from '../tenant.ts';

export const DEFAULT_EXPIRES_IN_SECONDS = 1200;

export interface VaultView {
  network: string;
  address: string;
  smart_contract_wallet: boolean;
  created_at: string;
  updated_at: string;
}

export interface SettlementSettings {
  object: 'settlement_settings';
  livemode: boolean;
  default_expires_in_seconds: number;
  /** null: every available network of this environment that has a vault. */
  default_networks: string[] | null;
  vaults: VaultView[];
}

/** What intent creation needs, read in one statement. */
export interface IntentSettings {
  vaults: Map<string, string>;
  defaultExpiresInSeconds: number;
  defaultNetworks: string[] | null;
}

export async function loadIntentSettings(sql: Sql, t: Tenant): Promise<IntentSettings> {
  const rows = await sql.query<{
    kind: string;
    network: string | null;
    address: string | null;
    exp: number | null;
    nets: string[] | null;
  }>(
    `select 'v' as kind, network, address, null::int as exp, null::text[] as nets from merchant_vaults
       where merchant_id = $1 and environment = $2
     union all
     select 's', null, null, default_expires_in_seconds, default_networks from merchant_payment_settings
       where merchant_id = $1 and environment = $2`,
    [t.merchantId, t.environment],
  );
  const vaults = new Map<string, string>();
  let defaultExpiresInSeconds = DEFAULT_EXPIRES_IN_SECONDS;
  let defaultNetworks: string[] | null = null;
  for (const r of rows) {
    if (r.kind === 'v') vaults.set(r.network!, r.address!);
    else {
      defaultExpiresInSeconds = r.exp ?? DEFAULT_EXPIRES_IN_SECONDS;
      defaultNetworks = r.nets;
    }
  }
  return { vaults, defaultExpiresInSeconds, defaultNetworks };
}

export async function getSettlementSettings(ctx: GatewayContext, t: Tenant): Promise<SettlementSettings> {
  const [vaults, settings] = await Promise.all([
    ctx.db.query<{
      network: string;
      address: string;
      smart_contract_wallet: boolean;
      created_at: Date;
      updated_at: Date;
    }>(
      `select network, address, smart_contract_wallet, created_at, updated_at from merchant_vaults
       where merchant_id = $1 and environment = $2 order by network`,
      [t.merchantId, t.environment],
    ),
    loadIntentSettings(ctx.db, t),
  ]);
  return {
    object: 'settlement_settings',
    livemode: t.environment === 'live',
    default_expires_in_seconds: settings.defaultExpiresInSeconds,
    default_networks: settings.defaultNetworks,
    vaults: vaults.map((v) => ({
      network: v.network,
      address: getAddress(v.address),
      smart_contract_wallet: v.smart_contract_wallet,
      created_at: v.created_at.toISOString(),
      updated_at: v.updated_at.toISOString(),
    })),
  };
}

/** A network id of the caller's environment, or a 400 naming the field. */
export function assertNetworkOfEnvironment(ctx: GatewayContext, t: Tenant, network: string, path: string): void {
  const n = ctx.networkRegistry.get(network);
  if (!n || n.environment !== t.environment) {
    const others = ctx.networkRegistry
      .forEnvironment(t.environment)
      .map((x) => x.id)
      .join(', ');
    throw new GatewayError(
      'NETWORK_NOT_SUPPORTED',
      `Unknown ${t.environment} network "${network}"; use one of ${others}`,
      {
        details: [{ path, message: `is not a ${t.environment} network` }],
      },
    );
  }
}

export async function updatePaymentSettings(
  ctx: GatewayContext,
  t: Tenant,
  input: { default_expires_in_seconds?: number; default_networks?: string[] | null },
): Promise<SettlementSettings> {
  input.default_networks?.forEach((n, i) => assertNetworkOfEnvironment(ctx, t, n, `default_networks[${i}]`));
  await ctx.db.query(
    `insert into merchant_payment_settings (merchant_id, environment, default_expires_in_seconds, default_networks)
     values ($1, $2, coalesce($3::int, ${DEFAULT_EXPIRES_IN_SECONDS}), $4::text[])
     on conflict (merchant_id, environment) do update set
       default_expires_in_seconds = coalesce($3::int, merchant_payment_settings.default_expires_in_seconds),
       default_networks = case when $5 then $4::text[] else merchant_payment_settings.default_networks end,
       updated_at = now()`,
    [
      t.merchantId,
      t.environment,
      input.default_expires_in_seconds ?? null,
      input.default_networks ?? null,
      input.default_networks !== undefined,
    ],
  );
  return getSettlementSettings(ctx, t);
}

export function normalizeVaultAddress(address: string): string {
  if (!isAddress(address, { strict: false })) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'address', message: 'must be 0x followed by 40 hex digits' }],
    });
  }
  // EIP-55: a mixed-case address carries a checksum, and a wrong one means a typo somewhere in it. It is refused,
  // never normalised into a different, valid-looking address. All lowercase carries no checksum and stays accepted.
  if (address !== address.toLowerCase() && !isAddress(address, { strict: true })) {
    throw new GatewayError(
      'VALIDATION_FAILED',
      `${address} has a wrong EIP-55 checksum (the case of its letters does not match): check it for a typo, or send it all lowercase`,
      { details: [{ path: 'address', message: 'has a wrong EIP-55 checksum' }] },
    );
  }
  if (getAddress(address) === zeroAddress) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'address', message: 'must not be the zero address' }],
    });
  }
  return address.toLowerCase();
}

/**
 * Sets (or replaces) the vault of one network. Returns the vault and whether it changed. The address is checked on
 * the chain first (checkVaultAddress): a contract is accepted only when declared a smart-contract wallet.
 */
export async function setVault(
  sql: Sql,
  ctx: GatewayContext,
  t: Tenant,
  network: string,
  address: string,
  opts: { smartContractWallet?: boolean } = {},
): Promise<{ vault: VaultView; previous: string | null; changed: boolean }> {
  assertNetworkOfEnvironment(ctx, t, network, 'network');
  const addr = normalizeVaultAddress(address);
  const smartContractWallet = opts.smartContractWallet ?? false;
  await checkVaultAddress(ctx, { network: ctx.networkRegistry.get(network)!, address: addr, smartContractWallet });
  const [prev] = await sql.query<{ address: string; smart_contract_wallet: boolean }>(
    'select address, smart_contract_wallet from merchant_vaults where merchant_id = $1 and environment = $2 and network = $3 for update',
    [t.merchantId, t.environment, network],
  );
  const [row] = await sql.query<{
    network: string;
    address: string;
    smart_contract_wallet: boolean;
    created_at: Date;
    updated_at: Date;
  }>(
    `insert into merchant_vaults (merchant_id, environment, network, address, smart_contract_wallet)
     values ($1, $2, $3, $4, $5)
     on conflict (merchant_id, environment, network) do update set address = excluded.address,
       smart_contract_wallet = excluded.smart_contract_wallet,
       updated_at = case when (merchant_vaults.address, merchant_vaults.smart_contract_wallet)
         = (excluded.address, excluded.smart_contract_wallet) then merchant_vaults.updated_at else now() end
     returning network, address, smart_contract_wallet, created_at, updated_at`,
    [t.merchantId, t.environment, network, addr, smartContractWallet],
  );
  return {
    vault: {
      network: row!.network,
      address: getAddress(row!.address),
      smart_contract_wallet: row!.smart_contract_wallet,
      created_at: row!.created_at.toISOString(),
      updated_at: row!.updated_at.toISOString(),
    },
    previous: prev ? getAddress(prev.address) : null,
    changed: prev?.address !== addr || prev.smart_contract_wallet !== smartContractWallet,
  };
}

export async function removeVault(sql: Sql, t: Tenant, network: string): Promise<boolean> {
  const rows = await sql.query(
    'delete from merchant_vaults where merchant_id = $1 and environment = $2 and network = $3 returning network',
    [t.merchantId, t.environment, network],
  );
  return rows.length > 0;
}

/**
 * Dev profile: gives the dev merchant a devnet vault (a devnet account named in .tender/dev.json as
 * gateway.vaults.devnet) unless it already has one, so one request after `npm start` creates a payable intent.
 * Returns the vault in effect.
 */
export async function ensureDevVault(ctx: GatewayContext, merchantId: string, address: string): Promise<string> {
  const addr = normalizeVaultAddress(address);
  await ctx.db.query(
    `insert into merchant_vaults (merchant_id, environment, network, address) values ($1, 'test', 'devnet', $2)
     on conflict (merchant_id, environment, network) do nothing`,
    [merchantId, addr],
  );
  const [row] = await ctx.db.query<{ address: string }>(
    `select address from merchant_vaults where merchant_id = $1 and environment = 'test' and network = 'devnet'`,
    [merchantId],
  );
  return getAddress(row!.address);
}
