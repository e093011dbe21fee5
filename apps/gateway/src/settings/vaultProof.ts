// A vault belongs to whoever proves it. Before an address becomes a merchant's vault, the address signs a plain-text
// message (EIP-191 personal_sign; EIP-1271 isValidSignature for a smart-contract wallet, read on that network) that
// names this deployment, the address, the merchant, the network with its chain id and the environment:
//
//   Tender vault proof
//
//   I control 0xAbC…, and I make it the vault of Tender merchant acct_… on devnet (chain 31337), test environment.
//   …
//   URI: https://pay.example.com
//   Address: 0xAbC…
//   Merchant: acct_…
//   Network: devnet
//   Chain ID: 31337
//   Environment: test
//   Issued At: 2026-11-26T20:00:00.000Z
//
// Replay: the signature says one thing only, "this address is that merchant's vault on that network and
// environment of this deployment", so another merchant (or another deployment, network or environment) gains nothing
// from it; a PUT with it is refused, naming the field that differs. The same merchant replaying its own proof makes
// the same address its vault again, which the signer agreed to; Issued At bounds even that to VAULT_PROOF_MAX_AGE_MS.
// No server nonce is kept: a proof has no other use to replay it for.
import { recoverMessageAddress, type Address, type Hex, type LocalAccount } from 'viem';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import type { Tenant } from '../tenant.ts';
import { vaultChainClient } from './vaultAddressCheck.ts';

/** How long a signed message stays usable: long enough for the owners of a multisig to gather their signatures. */
export const VAULT_PROOF_MAX_AGE_MS = 7 * 24 * 3600_000;
/** A message dated this far ahead of our clock is still taken (the signer's clock may run fast). */
export const VAULT_PROOF_CLOCK_SKEW_MS = 5 * 60_000;

export interface VaultProof {
  message: string;
  signature: Hex;
}

/** What a proof message names. `address` is EIP-55 checksummed; `issuedAt` an ISO 8601 UTC instant as signed. */
export interface VaultProofFields {
  uri: string;
  address: Address;
  merchantId: string;
  network: string;
  chainId: number;
  environment: Tenant['environment'];
  issuedAt: string;
}

const FIELD_LINES = [
  ['URI', 'uri'],
  ['Address', 'address'],
  ['Merchant', 'merchantId'],
  ['Network', 'network'],
  ['Chain ID', 'chainId'],
  ['Environment', 'environment'],
  ['Issued At', 'issuedAt'],
] as const;

/** The exact text to sign. */
export function vaultProofMessage(f: VaultProofFields): string {
  return [
    'Tender vault proof',
    '',
    `I control ${f.address}, and I make it the vault of Tender merchant ${f.merchantId} on ${f.network} ` +
      `(chain ${f.chainId}), ${f.environment} environment. Payments of this merchant on this network settle into ` +
      'it, and refunds sent from it count as this merchant’s. Signing sends no transaction and costs nothing.',
    '',
    ...FIELD_LINES.map(([label, key]) => `${label}: ${f[key]}`),
  ].join('\n');
}

/** The fields of a proof of `address` (checksummed) for tenant `t` on `network`, issued at `issuedAt`. */
export function vaultProofFields(
  ctx: GatewayContext,
  t: Tenant,
  network: GatewayNetwork,
  address: Address,
  issuedAt: Date,
): VaultProofFields {
  return {
    uri: ctx.config.publicUrl,
    address,
    merchantId: t.merchantId,
    network: network.id,
    chainId: network.chainId,
    environment: t.environment,
    issuedAt: issuedAt.toISOString(),
  };
}

const invalid = (path: 'message' | 'signature', message: string, detail: string) =>
  new GatewayError('VAULT_PROOF_INVALID', message, { details: [{ path, message: detail }] });

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const FIELD_NAMES: Record<keyof VaultProofFields, string> = {
  uri: 'deployment',
  address: 'address',
  merchantId: 'merchant',
  network: 'network',
  chainId: 'chain id',
  environment: 'environment',
  issuedAt: 'issue time',
};

/**
 * Checks that `message` is the proof text for `expected` (any issue time within the allowed window), and answers
 * its issue time. Refusals name the first field that differs (a proof of another merchant names that merchant).
 */
export function checkVaultProofMessage(
  message: string,
  expected: Omit<VaultProofFields, 'issuedAt'>,
  now: Date,
  challengeUrl: string,
): Date {
  const lines = new Map<string, string>();
  for (const line of message.split('\n')) {
    const m = /^([A-Za-z ]+): (.*)$/.exec(line);
    if (m) lines.set(m[1]!, m[2]!);
  }
  const issuedAt = lines.get('Issued At');
  if (!lines.has('Merchant') || issuedAt === undefined) {
    throw invalid(
      'message',
      `The message is not a Tender vault proof; sign the message of ${challengeUrl}`,
      'is not a Tender vault proof',
    );
  }
  for (const [label, key] of FIELD_LINES) {
    if (key === 'issuedAt') continue;
    const got = lines.get(label);
    const want = String(expected[key]);
    if (got !== want) {
      throw invalid(
        'message',
        `The message names ${FIELD_NAMES[key]} ${got ?? '(none)'}, not ${want}: a vault proof holds only for the ` +
          `merchant, address, network and environment it names. Sign the message of ${challengeUrl}`,
        `names another ${FIELD_NAMES[key]}`,
      );
    }
  }
  const at = ISO_UTC.test(issuedAt) ? new Date(issuedAt) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) {
    throw invalid('message', `Issued At "${issuedAt}" is not an ISO 8601 UTC time`, 'has no valid Issued At');
  }
  if (at.getTime() > now.getTime() + VAULT_PROOF_CLOCK_SKEW_MS) {
    throw invalid('message', `The message is dated ${issuedAt}, in the future`, 'is dated in the future');
  }
  if (now.getTime() - at.getTime() > VAULT_PROOF_MAX_AGE_MS) {
    throw invalid(
      'message',
      `The message was issued at ${issuedAt}, more than ${VAULT_PROOF_MAX_AGE_MS / 86_400_000} days ago; sign a fresh one from ${challengeUrl}`,
      'has expired',
    );
  }
  if (message !== vaultProofMessage({ ...expected, issuedAt })) {
    throw invalid(
      'message',
      `The message's wording differs from the vault proof text; sign the message of ${challengeUrl} unchanged`,
      'differs from the vault proof text',
    );
  }
  return at;
}

/**
 * Verifies that `address` signed `message`: an EIP-191 signature recovered locally (an account), else the
 * network's EIP-1271 `isValidSignature` (a deployed smart-contract wallet; EIP-6492 for one not deployed yet), read
 * with viem's verifyMessage. 400 VAULT_PROOF_WRONG_SIGNER names the account that signed instead; 400
 * VAULT_PROOF_INVALID for anything else refused; 503 when the chain cannot be read.
 */
export async function verifyVaultSignature(
  ctx: GatewayContext,
  p: {
    network: GatewayNetwork;
    address: Address;
    message: string;
    signature: Hex;
    /** The address has code, or is declared a smart-contract wallet (maybe not deployed yet). */
    contractWallet: boolean;
  },
): Promise<void> {
  let recovered: Address | undefined;
  if (p.signature.length === 132) {
    recovered = await recoverMessageAddress({ message: p.message, signature: p.signature }).catch(() => undefined);
    if (recovered?.toLowerCase() === p.address.toLowerCase()) return;
  }
  // An account's own signature needs no chain; a wallet contract's (or an EIP-6492 wrapped one) is asked on-chain.
  if (p.contractWallet && !p.network.rpcUrl) {
    throw new GatewayError(
      'NETWORK_UNAVAILABLE',
      `This deployment has no RPC for ${p.network.id}: a smart-contract wallet's signature (EIP-1271) cannot be checked`,
    );
  }
  if (p.network.rpcUrl && (p.contractWallet || recovered === undefined)) {
    let valid: boolean;
    try {
      valid = await vaultChainClient(p.network).verifyMessage({
        address: p.address,
        message: p.message,
        signature: p.signature,
      });
    } catch (err) {
      ctx.logger.warn(
        { network: p.network.id, err: (err as Error).message.split('\n')[0] },
        'vault signature check failed',
      );
      throw new GatewayError(
        'SERVICE_UNAVAILABLE',
        `Could not read ${p.network.id} to check the vault's signature; try again`,
      );
    }
    if (valid) return;
  }
  if (p.contractWallet) {
    throw invalid(
      'signature',
      `The smart-contract wallet ${p.address} did not accept the signature on ${p.network.id} (EIP-1271 isValidSignature)`,
      'is not accepted by the wallet contract',
    );
  }
  if (recovered) {
    throw new GatewayError(
      'VAULT_PROOF_WRONG_SIGNER',
      `The message was signed by ${recovered}, not by the vault address ${p.address}: sign it with the vault's own key`,
      { details: [{ path: 'signature', message: 'is signed by another address' }] },
    );
  }
  throw invalid(
    'signature',
    `The signature is not a valid signature of the message by ${p.address}`,
    'is not a valid signature',
  );
}

/**
 * Signs the proof of `account` as the vault of `t` on `network`, issued now: for the dev profile's own devnet vault
 * (whose key is the well-known devnet mnemonic) and for tests.
 */
export async function signVaultProof(
  ctx: GatewayContext,
  t: Tenant,
  network: GatewayNetwork,
  account: LocalAccount,
): Promise<VaultProof> {
  const message = vaultProofMessage(vaultProofFields(ctx, t, network, account.address, ctx.now()));
  return { message, signature: await account.signMessage({ message }) };
}
