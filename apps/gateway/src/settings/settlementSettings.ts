// Merchant settlement settings: the vault per (environment, network) that deposit addresses commit to, the default
// intent expiry (1200 s unless changed) and the default networks. Changing a vault affects only intents created
// afterwards: an existing deposit address is bound to the vault it was computed with, forever.
import type { Sql } from '@tender/platform';
import { getAddress, isAddress, zeroAddress, type Address, type LocalAccount } from 'viem';
import { isUniqueViolation } from '../accounts/accounts.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { assertNetworksServed } from '../payments/assertNetworksServed.ts';
import { DEFAULT_EXPIRES_IN_SECONDS, loadIntentSettings } from '../payments/intentSettings.ts';
import { parseCheckoutOrigins } from './checkoutOrigins.ts';
import { checkVaultAddress } from './vaultAddressCheck.ts';
import { checkVaultProofMessage, signVaultProof, verifyVaultSignature, type VaultProof } from './vaultProof.ts';
import type { Tenant } from '../tenant.ts';

export interface VaultView {
  network: string;
  address: string;
  smart_contract_wallet: boolean;
  /** The address signed the vault proof (settings/vaultProof.ts); false for a vault set before proofs existed. */
  verified: boolean;
  verified_at: string | null;
  created_at: string;
  updated_at: string;
}

interface VaultRow {
  network: string;
  address: string;
  smart_contract_wallet: boolean;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
const VAULT_COLUMNS = 'network, address, smart_contract_wallet, verified_at, created_at, updated_at';

function vaultView(v: VaultRow): VaultView {
  return {
    network: v.network,
    address: getAddress(v.address),
    smart_contract_wallet: v.smart_contract_wallet,
    verified: v.verified_at !== null,
    verified_at: v.verified_at?.toISOString() ?? null,
    created_at: v.created_at.toISOString(),
    updated_at: v.updated_at.toISOString(),
  };
}

export interface SettlementSettings {
  object: 'settlement_settings';
  livemode: boolean;
  default_expires_in_seconds: number;
  /** null: every available network of this environment that has a vault. */
  default_networks: string[] | null;
  /** Origins that may embed the hosted checkout (settings/checkoutOrigins.ts); empty: none. */
  checkout_allowed_origins: string[];
  /** Whether a payment with a customer_email mails the customer a receipt when confirmed (receipts/); on by default. */
  customer_receipts: boolean;
  vaults: VaultView[];
}

export async function getSettlementSettings(ctx: GatewayContext, t: Tenant): Promise<SettlementSettings> {
  const [vaults, settings, [embedding]] = await Promise.all([
    ctx.db.query<VaultRow>(
      `select ${VAULT_COLUMNS} from merchant_vaults where merchant_id = $1 and environment = $2 order by network`,
      [t.merchantId, t.environment],
    ),
    loadIntentSettings(ctx.db, t),
    ctx.db.query<{ origins: string[]; receipts: boolean }>(
      `select checkout_allowed_origins as origins, customer_receipts as receipts from merchant_payment_settings
       where merchant_id = $1 and environment = $2`,
      [t.merchantId, t.environment],
    ),
  ]);
  return {
    object: 'settlement_settings',
    livemode: t.environment === 'live',
    default_expires_in_seconds: settings.defaultExpiresInSeconds,
    default_networks: settings.defaultNetworks,
    checkout_allowed_origins: embedding?.origins ?? [],
    customer_receipts: embedding?.receipts ?? true,
    vaults: vaults.map(vaultView),
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
  input: {
    default_expires_in_seconds?: number;
    default_networks?: string[] | null;
    checkout_allowed_origins?: string[];
    customer_receipts?: boolean;
  },
): Promise<SettlementSettings> {
  input.default_networks?.forEach((n, i) => assertNetworkOfEnvironment(ctx, t, n, `default_networks[${i}]`));
  // Defaults this deployment does not serve would refuse every intent made without networks: refused now, all named.
  assertNetworksServed(ctx, t, input.default_networks, (i) => `default_networks[${i}]`);
  const origins =
    input.checkout_allowed_origins === undefined
      ? null
      : parseCheckoutOrigins(input.checkout_allowed_origins, {
          environment: t.environment,
          profile: ctx.config.profile,
        });
  await ctx.db.query(
    `insert into merchant_payment_settings (merchant_id, environment, default_expires_in_seconds, default_networks,
       checkout_allowed_origins, customer_receipts)
     values ($1, $2, coalesce($3::int, ${DEFAULT_EXPIRES_IN_SECONDS}), $4::text[], coalesce($6::text[], '{}'),
       coalesce($7::boolean, true))
     on conflict (merchant_id, environment) do update set
       default_expires_in_seconds = coalesce($3::int, merchant_payment_settings.default_expires_in_seconds),
       default_networks = case when $5 then $4::text[] else merchant_payment_settings.default_networks end,
       checkout_allowed_origins = coalesce($6::text[], merchant_payment_settings.checkout_allowed_origins),
       customer_receipts = coalesce($7::boolean, merchant_payment_settings.customer_receipts),
       updated_at = now()`,
    [
      t.merchantId,
      t.environment,
      input.default_expires_in_seconds ?? null,
      input.default_networks ?? null,
      input.default_networks !== undefined,
      origins,
      input.customer_receipts ?? null,
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
 * Sets (or replaces) the vault of one network, proven by a signature of the address (settings/vaultProof.ts).
 * Returns the vault and whether it changed.
 *
 * A request that changes nothing (the same address and declaration again) needs no proof: a vault set before proofs
 * existed stays as it is, unproven. Otherwise, in this order: the address may receive funds (checkVaultAddress: 400
 * VAULT_ADDRESS_REJECTED, 503 when the chain cannot be read); a proof is sent (400 VAULT_PROOF_REQUIRED); its
 * message names this deployment, merchant, address, network and environment and is recent (400
 * VAULT_PROOF_INVALID); the address signed the message (EIP-191, or EIP-1271 on the network: 400
 * VAULT_PROOF_WRONG_SIGNER / VAULT_PROOF_INVALID); no other merchant has proven the address on this network and
 * environment (409 VAULT_ADDRESS_TAKEN, also when a concurrent proof wins the unique index).
 */
export async function setVault(
  sql: Sql,
  ctx: GatewayContext,
  t: Tenant,
  network: string,
  address: string,
  opts: { smartContractWallet?: boolean; message?: string | undefined; signature?: string | undefined } = {},
): Promise<{ vault: VaultView; previous: string | null; changed: boolean }> {
  assertNetworkOfEnvironment(ctx, t, network, 'network');
  const n = ctx.networkRegistry.get(network)!;
  const addr = normalizeVaultAddress(address);
  const smartContractWallet = opts.smartContractWallet ?? false;
  const challengeUrl = `GET /v1/vaults/${network}/challenge?address=${getAddress(addr)}`;
  const [current] = await sql.query<VaultRow>(
    `select ${VAULT_COLUMNS} from merchant_vaults where merchant_id = $1 and environment = $2 and network = $3`,
    [t.merchantId, t.environment, network],
  );
  if (
    opts.message === undefined &&
    opts.signature === undefined &&
    current?.address === addr &&
    current.smart_contract_wallet === smartContractWallet
  ) {
    return { vault: vaultView(current), previous: getAddress(current.address), changed: false };
  }
  const { hasCode } = await checkVaultAddress(ctx, { network: n, address: addr, smartContractWallet });
  if (opts.message === undefined && opts.signature === undefined) {
    throw new GatewayError(
      'VAULT_PROOF_REQUIRED',
      `A vault must prove it is yours: sign the message of ${challengeUrl} with ${getAddress(addr)} ` +
        '(personal_sign; a smart-contract wallet signs through EIP-1271) and send it as message and signature',
      {
        details: [
          { path: 'message', message: 'is required to set a vault' },
          { path: 'signature', message: 'is required to set a vault' },
        ],
      },
    );
  }
  if (opts.message === undefined || opts.signature === undefined) {
    const missing = opts.message === undefined ? 'message' : 'signature';
    throw new GatewayError(
      'VAULT_PROOF_REQUIRED',
      `The vault proof has no ${missing}: send both message and signature`,
      {
        details: [{ path: missing, message: 'is required with the other half of the proof' }],
      },
    );
  }
  const proof: VaultProof = { message: opts.message, signature: opts.signature as VaultProof['signature'] };
  checkVaultProofMessage(
    proof.message,
    {
      uri: ctx.config.publicUrl,
      address: getAddress(addr),
      merchantId: t.merchantId,
      network,
      chainId: n.chainId,
      environment: t.environment,
    },
    ctx.now(),
    challengeUrl,
  );
  await verifyVaultSignature(ctx, {
    network: n,
    address: getAddress(addr),
    message: proof.message,
    signature: proof.signature,
    contractWallet: hasCode || smartContractWallet,
  });
  // After the signature: only whoever holds the address learns that another merchant has proven it.
  await assertNotTaken(sql, t, network, addr);

  const [prev] = await sql.query<{ address: string; smart_contract_wallet: boolean; proven: boolean }>(
    `select address, smart_contract_wallet, verified_at is not null as proven from merchant_vaults
     where merchant_id = $1 and environment = $2 and network = $3 for update`,
    [t.merchantId, t.environment, network],
  );
  const changed = prev?.address !== addr || prev.smart_contract_wallet !== smartContractWallet || !prev.proven;
  let row: VaultRow | undefined;
  try {
    [row] = await sql.query<VaultRow>(
      `insert into merchant_vaults (merchant_id, environment, network, address, smart_contract_wallet, verified_at,
         proof_message, proof_signature)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (merchant_id, environment, network) do update set address = excluded.address,
         smart_contract_wallet = excluded.smart_contract_wallet, verified_at = excluded.verified_at,
         proof_message = excluded.proof_message, proof_signature = excluded.proof_signature,
         updated_at = case when $9 then now() else merchant_vaults.updated_at end
       returning ${VAULT_COLUMNS}`,
      [
        t.merchantId,
        t.environment,
        network,
        addr,
        smartContractWallet,
        ctx.now(),
        proof.message,
        proof.signature.toLowerCase(),
        changed,
      ],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(network, addr, t);
    throw err;
  }
  return {
    vault: vaultView(row!),
    previous: prev ? getAddress(prev.address) : null,
    changed,
  };
}

const taken = (network: string, addr: string, t: Tenant) =>
  new GatewayError(
    'VAULT_ADDRESS_TAKEN',
    `${getAddress(addr)} is already the proven ${t.environment} vault of another merchant on ${network}; one vault ` +
      'address belongs to one merchant per network and environment',
    { details: [{ path: 'address', message: 'is another merchant’s vault' }] },
  );

async function assertNotTaken(sql: Sql, t: Tenant, network: string, addr: string): Promise<void> {
  const rows = await sql.query(
    `select 1 from merchant_vaults where environment = $1 and network = $2 and address = $3 and merchant_id <> $4
       and verified_at is not null`,
    [t.environment, network, addr, t.merchantId],
  );
  if (rows.length > 0) throw taken(network, addr, t);
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
 * gateway.vaults.devnet) unless it already has one, so one request after `npm start` creates a payable intent. The
 * vault is proven like any other, signed with `account`'s devnet key; a dev vault set before proofs existed is proven
 * now when it is that account. A vault the developer set stays as it is. Returns the vault in effect, or null when
 * another merchant has proven the account on the devnet (the dev merchant then sets a vault of its own).
 */
export async function ensureDevVault(
  ctx: GatewayContext,
  merchantId: string,
  account: LocalAccount,
): Promise<Address | null> {
  const t: Tenant = { merchantId, environment: 'test' };
  const network = ctx.networkRegistry.get('devnet');
  const [row] = await ctx.db.query<{ address: string; proven: boolean }>(
    `select address, verified_at is not null as proven from merchant_vaults
     where merchant_id = $1 and environment = 'test' and network = 'devnet'`,
    [merchantId],
  );
  const mine = account.address.toLowerCase();
  if (row && (row.proven || row.address !== mine)) return getAddress(row.address);
  if (!network) throw new Error('the dev profile has no devnet network');
  const [holder] = await ctx.db.query(
    `select 1 from merchant_vaults where environment = 'test' and network = 'devnet' and address = $1
       and verified_at is not null and merchant_id <> $2`,
    [mine, merchantId],
  );
  if (holder) return row ? getAddress(row.address) : null;
  const proof = await signVaultProof(ctx, t, network, account);
  await ctx.db.query(
    `insert into merchant_vaults (merchant_id, environment, network, address, verified_at, proof_message,
       proof_signature)
     values ($1, 'test', 'devnet', $2, $3, $4, $5)
     on conflict (merchant_id, environment, network) do update set verified_at = excluded.verified_at,
       proof_message = excluded.proof_message, proof_signature = excluded.proof_signature
       where merchant_vaults.address = excluded.address and merchant_vaults.verified_at is null`,
    [merchantId, mine, ctx.now(), proof.message, proof.signature.toLowerCase()],
  );
  // What is in effect now (a vault the developer set meanwhile stays).
  const [now] = await ctx.db.query<{ address: string }>(
    `select address from merchant_vaults where merchant_id = $1 and environment = 'test' and network = 'devnet'`,
    [merchantId],
  );
  return getAddress(now!.address);
}
