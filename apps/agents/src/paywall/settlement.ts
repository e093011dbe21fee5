import type { PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import type { AgentsContext, Payments } from '../context.ts';
import type { PreparedSettlement } from '../facilitator/settlementScope.ts';
import { AgentError } from '../http/errors.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { dropPaidRequest, markSettled, pending, releaseLease, type PaidRow } from './paidRequests.ts';
import { recordPaymentFailed } from './paymentEvents.ts';
import { checkTerms, isPlainEcdsa, signatureRecovers, type Eip3009Proof } from './x402.ts';

/**
 * Establishes that `authorization.from` signed the proof: locally for plain ECDSA signatures (no network), through
 * the facilitator for contract-wallet signatures.
 */
export async function authenticatePayer(
  payments: Payments,
  proof: Eip3009Proof,
  req: PaymentRequirements,
): Promise<void> {
  if (await signatureRecovers(proof, req)) return;
  if (!isPlainEcdsa(proof.signature)) {
    const v = await payments.facilitator.verify(proof.payload, req);
    if (v.isValid) return;
  }
  throw new AgentError('PAYMENT_INVALID', 'The payment signature was not made by the payer for these terms', {
    data: { reason: 'invalid_signature' },
  });
}

export interface SettleParameters {
  payments: Payments;
  /** The pending row and the lease this request holds on it; `fresh` when this request inserted it. */
  row: PaidRow;
  lease: string;
  fresh: boolean;
  proof: Eip3009Proof;
  requirements: PaymentRequirements;
  /** The payer's tenant once its preconditions hold (started beside the claim). */
  preconditions: Promise<Tenant | null>;
  /** The facilitator's verification, or null when its settle verifies by itself. */
  verification: Promise<VerifyResponse> | null;
  /** The settlement started beside the claim with its broadcast held, if any; else settle() is called here. */
  prepared: PreparedSettlement | null;
  /**
   * Awaited before this settlement writes to the database (every outcome but a plain success writes): a caller's
   * transaction that waits for the settlement, holding a connection, rolls back there (performDuringSettlement).
   */
  beforeWrite?: () => Promise<void>;
}

export interface Settled {
  record: Record<string, unknown>;
  payerTenant: Tenant | null;
  /** False when the settlement is still to be recorded with the response (one write fewer on the hot path). */
  recorded: boolean;
}

/**
 * Holder of the lease on a pending row: verify, then settle exactly once. A row that never charged anything is
 * dropped so the client may pay again; a settlement whose outcome is not known keeps the row and is reconciled on
 * chain by the next attempt (an EIP-3009 nonce can be consumed once, so a second submission never charges twice).
 */
export async function settleOnce(ctx: AgentsContext, p: SettleParameters): Promise<Settled> {
  const { payments, row, lease, fresh, proof, requirements } = p;
  const beforeWrite = async () => p.beforeWrite?.();
  const asset = requirements.asset as `0x${string}`;
  let payerTenant: Tenant | null = null;
  const paymentFailed = (reason: string) =>
    recordPaymentFailed(ctx.db, {
      walletAddress: proof.payer,
      serviceId: row.service_id,
      amountUnits: requirements.amount,
      network: requirements.network,
      asset: requirements.asset.toLowerCase(),
      proofHash: proof.proofHash,
      reason,
    }).catch((err: unknown) => ctx.logger.warn({ err }, 'payment.failed event not recorded'));
  const consumed = () => payments.chain.authorizationUsed(asset, proof.authorization.from, proof.authorization.nonce);
  // The chain keeps the transfer before the database records it (a devnet persists its state): a crash in between
  // leaves the row pending and the transfer on chain, which the next holder reconciles; never the reverse. Failing
  // that, the outcome is unknown to the client: the retry reconciles.
  const durable = async () => {
    try {
      await payments.beforeRecordSettlement?.();
    } catch (err) {
      ctx.logger.warn({ err, paidRequest: row.id }, 'the chain state could not be made durable; not recorded yet');
      await beforeWrite();
      await releaseLease(ctx.db, row.id, lease, String(err));
      throw pending();
    }
  };
  const recordReconciled = async (): Promise<Settled> => {
    const record = reconciled(proof, requirements);
    await durable();
    await beforeWrite();
    await markSettled(ctx.db, row.id, record);
    return { record, payerTenant, recorded: true };
  };
  // A row taken over from a lost lease may have settled before the crash: never settle it twice.
  if (!fresh && (await consumed())) return recordReconciled();
  try {
    checkTerms(proof, requirements, Math.floor(ctx.now().getTime() / 1000), { window: true });
    // Preconditions again, now that the payer is known, just before money moves.
    payerTenant = await p.preconditions;
    const verified = p.verification ? await p.verification : { isValid: true };
    if (!verified.isValid) {
      throw new AgentError(
        'PAYMENT_INVALID',
        `Payment verification failed: ${verified.invalidMessage ?? verified.invalidReason ?? 'invalid'}`,
        { data: { reason: verified.invalidReason ?? 'invalid' } },
      );
    }
  } catch (err) {
    await beforeWrite();
    await dropPaidRequest(ctx.db, row.id, lease);
    if (err instanceof AgentError && err.code === 'PAYMENT_INVALID') await paymentFailed(err.message);
    throw err;
  }
  let settled: SettleResponse;
  try {
    settled = await (p.prepared ? p.prepared.settle() : payments.facilitator.settle(proof.payload, requirements));
  } catch (err) {
    // Unknown outcome (facilitator unreachable, timeout): keep the row; the next attempt reconciles on chain.
    ctx.logger.warn({ err, paidRequest: row.id }, 'x402 settlement outcome unknown');
    await beforeWrite();
    await releaseLease(ctx.db, row.id, lease, String(err));
    throw pending();
  }
  if (settled.success) {
    await durable();
    // Recorded with the response in the completing transaction (or by failAfterSettlement), not here: one write
    // fewer on the hot path. Until then a crash leaves the row pending and the chain says it was consumed.
    return { record: { ...settled }, payerTenant, recorded: false };
  }
  // The transfer happened (an earlier submission of this authorization): record it, never settle again.
  if (await consumed()) return recordReconciled();
  if (settled.errorReason === 'settlement_pending' || /timeout|pending/i.test(settled.errorReason ?? '')) {
    await beforeWrite();
    await releaseLease(ctx.db, row.id, lease, settled.errorReason ?? 'pending');
    throw pending();
  }
  await beforeWrite();
  await dropPaidRequest(ctx.db, row.id, lease);
  await paymentFailed(settled.errorReason ?? 'settlement_failed');
  throw new AgentError(
    'PAYMENT_INVALID',
    `Settlement failed: ${settled.errorMessage ?? settled.errorReason ?? 'unknown'}; nothing was charged`,
    { data: { reason: settled.errorReason ?? 'settlement_failed' } },
  );
}

/**
 * The record the built-in facilitator's settle (x402's exact EVM scheme) returns for a success whose transfer is
 * `transaction`. Only a forecast: performDuringSettlement completes with it while the receipt is awaited and commits
 * only when settle() returned exactly this record (any other outcome rolls it back).
 */
export function forecastSuccess(proof: Eip3009Proof, transaction: `0x${string}`): Record<string, unknown> {
  return { success: true, transaction, network: proof.payload.accepted.network, payer: proof.authorization.from };
}

function reconciled(proof: Eip3009Proof, req: PaymentRequirements): Record<string, unknown> {
  return { success: true, transaction: '', network: req.network, payer: proof.payer, reconciled: true };
}
