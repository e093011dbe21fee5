import { decodePaymentSignatureHeader } from '@x402/core/http';
import { validatePaymentPayload } from '@x402/core/schemas';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { authorizationTypes } from '@x402/evm';
import { canonicalJson, sha256Hex } from '@tender/platform';
import { getAddress, isAddress, verifyTypedData, type Hex } from 'viem';
import type { X402Price } from '../catalog/catalog.ts';
import { AgentError } from '../http/errors.ts';

export const X402_VERSION = 2;

/** The exact-scheme requirements of one paid service, straight from its catalog record. */
export function requirementsOf(price: X402Price): PaymentRequirements {
  return {
    scheme: price.scheme,
    network: price.network as PaymentRequirements['network'],
    asset: getAddress(price.asset),
    amount: price.amount,
    payTo: getAddress(price.payTo),
    maxTimeoutSeconds: price.maxTimeoutSeconds,
    extra: { name: price.extra.name, version: price.extra.version, assetTransferMethod: 'eip3009' },
  };
}

export function paymentRequired(
  resourceUrl: string,
  description: string,
  requirements: PaymentRequirements,
  error?: string,
): PaymentRequired {
  return {
    x402Version: X402_VERSION,
    ...(error ? { error } : {}),
    resource: { url: resourceUrl, description, mimeType: 'application/json' },
    accepts: [requirements],
  };
}

export interface Eip3009Proof {
  payload: PaymentPayload;
  authorization: {
    from: `0x${string}`;
    to: `0x${string}`;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: Hex;
  };
  signature: Hex;
  /** Lower-case payer address. */
  payer: `0x${string}`;
  /**
   * Identity of the payment: (network, asset, payer, nonce). On chain an EIP-3009 nonce is consumed once, so this
   * names the one transfer the proof can ever cause, whatever bytes encode the signature.
   */
  proofHash: string;
}

const invalid = (reason: string, message: string) => new AgentError('PAYMENT_INVALID', message, { data: { reason } });

/** Decodes PAYMENT-SIGNATURE (base64 JSON, x402 v2) into an EIP-3009 exact-scheme proof. Nothing else is accepted. */
export function decodeProof(header: string): Eip3009Proof {
  let decoded: ReturnType<typeof validatePaymentPayload>;
  try {
    decoded = validatePaymentPayload(decodePaymentSignatureHeader(header));
  } catch {
    throw invalid('invalid_payload', 'PAYMENT-SIGNATURE is not a base64-encoded x402 v2 payment payload');
  }
  if (decoded.x402Version !== X402_VERSION) {
    throw invalid('unsupported_version', `Only x402Version ${X402_VERSION} payments are accepted`);
  }
  const payload = decoded as PaymentPayload;
  const p = payload.payload as { authorization?: Record<string, unknown>; signature?: unknown };
  const a = p.authorization;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (
    !a ||
    !isAddress(str(a.from)) ||
    !isAddress(str(a.to)) ||
    !/^\d{1,78}$/.test(str(a.value)) ||
    !/^\d{1,20}$/.test(str(a.validAfter)) ||
    !/^\d{1,20}$/.test(str(a.validBefore)) ||
    !/^0x[0-9a-fA-F]{64}$/.test(str(a.nonce)) ||
    !/^0x[0-9a-fA-F]+$/.test(str(p.signature))
  ) {
    throw invalid('invalid_payload', 'PAYMENT-SIGNATURE must carry an EIP-3009 authorization and its signature');
  }
  const authorization = {
    from: a.from as `0x${string}`,
    to: a.to as `0x${string}`,
    value: a.value as string,
    validAfter: a.validAfter as string,
    validBefore: a.validBefore as string,
    nonce: (a.nonce as string).toLowerCase() as Hex,
  };
  const payer = authorization.from.toLowerCase() as `0x${string}`;
  const network = payload.accepted.network;
  const asset = payload.accepted.asset.toLowerCase();
  return {
    payload,
    authorization,
    signature: p.signature as Hex,
    payer,
    proofHash: sha256Hex(`${network}|${asset}|${payer}|${authorization.nonce}`),
  };
}

/**
 * The proof's terms equal the advertised ones: scheme, network, asset, payTo and amount (the catalog price) in
 * both the accepted requirements and the signed authorization, and (with `window`) a validity window that is open
 * now and no longer than maxTimeoutSeconds (+60 s clock skew). Throws PAYMENT_INVALID naming the first mismatch.
 * The window is not checked for the replay of a request whose payment already settled.
 */
export function checkTerms(
  proof: Eip3009Proof,
  req: PaymentRequirements,
  nowSeconds: number,
  opts: { window: boolean },
): void {
  const acc = proof.payload.accepted;
  const a = proof.authorization;
  if (acc.scheme !== req.scheme) throw invalid('scheme_mismatch', `Payment scheme must be ${req.scheme}`);
  if (acc.network !== req.network) throw invalid('network_mismatch', `Payment network must be ${req.network}`);
  if (acc.asset.toLowerCase() !== req.asset.toLowerCase()) {
    throw invalid('asset_mismatch', `Payment asset must be ${req.asset}`);
  }
  if (acc.payTo.toLowerCase() !== req.payTo.toLowerCase() || a.to.toLowerCase() !== req.payTo.toLowerCase()) {
    throw invalid('recipient_mismatch', `Payment must go to ${req.payTo}`);
  }
  if (acc.amount !== req.amount || a.value !== req.amount) {
    throw invalid('amount_mismatch', `Payment amount must be exactly ${req.amount} base units (the catalog price)`);
  }
  if (!opts.window) return;
  if (BigInt(a.validAfter) > BigInt(nowSeconds)) {
    throw invalid('valid_after_in_future', 'The authorization is not valid yet (validAfter is in the future)');
  }
  if (BigInt(a.validBefore) < BigInt(nowSeconds + 6)) {
    throw invalid('authorization_expired', 'The authorization has expired (validBefore); sign a new payment');
  }
  if (BigInt(a.validBefore) > BigInt(nowSeconds + req.maxTimeoutSeconds + 60)) {
    throw invalid(
      'validity_too_long',
      `validBefore may be at most maxTimeoutSeconds (${req.maxTimeoutSeconds}) in the future`,
    );
  }
}

/**
 * Checks the EIP-712 signature of the authorization locally (EOA signers): true when `from` signed exactly these
 * terms for the advertised asset domain. Smart-wallet (ERC-1271/6492) signatures return false here and are left to
 * the facilitator's verification.
 */
export async function signatureRecovers(proof: Eip3009Proof, req: PaymentRequirements): Promise<boolean> {
  const extra = req.extra as { name: string; version: string };
  try {
    return await verifyTypedData({
      address: getAddress(proof.authorization.from),
      domain: {
        name: extra.name,
        version: extra.version,
        chainId: Number(req.network.split(':')[1]),
        verifyingContract: getAddress(req.asset),
      },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: {
        from: getAddress(proof.authorization.from),
        to: getAddress(proof.authorization.to),
        value: BigInt(proof.authorization.value),
        validAfter: BigInt(proof.authorization.validAfter),
        validBefore: BigInt(proof.authorization.validBefore),
        nonce: proof.authorization.nonce,
      },
      signature: proof.signature,
    });
  } catch {
    return false;
  }
}

/** Whether a signature has the plain 65-byte ECDSA shape (otherwise a contract-wallet signature). */
export function isPlainEcdsa(signature: Hex): boolean {
  return signature.length === 132;
}

/** The request binding of an idempotency key: method, route path, params, query and body, canonicalised. */
export function requestHash(method: string, path: string, input: unknown): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(input)}`);
}
