import type { PaymentRequirements, VerifyResponse } from '@x402/core/types';
import type { X402Price } from '../catalog/catalog.ts';
import type { AgentsContext, Payments } from '../context.ts';
import { holdBroadcast, type PreparedSettlement } from '../facilitator/settlementScope.ts';
import { AgentError } from '../http/errors.ts';
import { ensureTenant, findTenantByWallet, tenantSuspended, type Tenant } from '../tenants/tenants.ts';
import { requireIdempotencyKey } from './idempotencyKey.ts';
import type { PaidCall, PaidOutcome, SettledHold } from './paidCall.ts';
import { claimPaidRequest, releaseLease, type Claim } from './paidRequests.ts';
import { performAndStore, performDuringSettlement } from './performAndStore.ts';
import { challengeOf, paymentRequiredError, paymentResponseHeader, replayResponse } from './paymentHeaders.ts';
import { authenticatePayer, forecastSuccess, settleOnce } from './settlement.ts';
import { checkTerms, decodeProof, requestHash, requirementsOf, type Eip3009Proof } from './x402.ts';

/** An error to answer as the x402 challenge (PAYMENT-REQUIRED): raised only where the payment itself is at fault. */
class Challenged {
  constructor(readonly error: unknown) {}
}

/** Rethrows a PAYMENT_INVALID or PAYMENT_REQUIRED error as a challenge; any other error unchanged. */
function challenging(err: unknown): never {
  if (err instanceof AgentError && (err.code === 'PAYMENT_INVALID' || err.code === 'PAYMENT_REQUIRED'))
    throw new Challenged(err);
  throw err;
}

/** The requirements of a price: static per catalog record, so computed once (checksummed addresses cost). */
const requirementsCache = new WeakMap<X402Price, PaymentRequirements>();
function requirementsFor(price: X402Price): PaymentRequirements {
  let r = requirementsCache.get(price);
  if (!r) requirementsCache.set(price, (r = requirementsOf(price)));
  return r;
}

/**
 * The paid request, free of any HTTP framework (the route adapter renders the outcome): a malformed
 * Idempotency-Key → 400 IDEMPOTENCY_KEY_REQUIRED; no PAYMENT-SIGNATURE → the challenge, with or without a key
 * (spec step 1: the plain first request gets the challenge; its body says the replay must carry the key); a signed
 * replay without a key → 400 before anything is claimed or settled (a signed authorization is not consumed until
 * settlement, so the client can replay it with a key); then proof terms, signature, payer = token wallet,
 * idempotency record (key, request hash, proof), verification, one settlement, the operation, the stored response,
 * PAYMENT-RESPONSE.
 */
export async function processPaidCall<I>(ctx: AgentsContext, call: PaidCall<I>): Promise<PaidOutcome> {
  const payments = ctx.payments;
  const price = call.record.x402Price;
  try {
    if (!payments || !price) throw new AgentError('SERVICE_UNAVAILABLE', 'Payments are not configured');
    return await paid(ctx, payments, call, requirementsFor(price));
  } catch (err) {
    if (!(err instanceof Challenged)) return { kind: 'refused', error: err };
    const error = challengeOf(ctx, { ...call, requirements: requirementsFor(price!) }, err.error as AgentError);
    return { kind: 'challenge', error };
  }
}

async function paid<I>(
  ctx: AgentsContext,
  payments: Payments,
  call: PaidCall<I>,
  requirements: PaymentRequirements,
): Promise<PaidOutcome> {
  const { record, signature, idempotencyKey: presentedKey } = call;
  if (!signature) {
    // A key that is present but malformed is refused now: the client would sign, then be refused on the replay.
    if (presentedKey !== undefined) requireIdempotencyKey(presentedKey);
    challenging(paymentRequiredError(record, presentedKey));
  }
  // A signed replay without a key is refused before anything is claimed or settled: the authorization is still
  // unspent, and the same signature replayed with a key pays once.
  const key = requireIdempotencyKey(presentedKey);

  let proof: Eip3009Proof;
  try {
    proof = decodeProof(signature);
    // Static terms never change for a catalog record, so they hold for replays of settled requests too.
    checkTerms(proof, requirements, Number.MAX_SAFE_INTEGER, { window: false });
  } catch (err) {
    challenging(err);
  }
  if (call.tenant && call.tenant.walletAddress !== proof.payer) {
    throw new AgentError(
      'PAYER_MISMATCH',
      `The payment comes from ${proof.payer} but the access token belongs to ${call.tenant.walletAddress}; pay from the token's wallet`,
    );
  }

  // Nothing is answered before the payer is authenticated (the EIP-712 signature makes authorization.from
  // trustworthy). A fresh claim needs no separate check: the facilitator checks the signature before any transfer
  // (verify(), or settle() itself when it verifies), and a failure drops the row. Every other outcome (a replay, a
  // takeover, a conflict) is answered only after the signature was checked here. A forged proof can hold a fresh
  // row only until its settlement fails, and cannot aim at another payer's row: idempotency keys and EIP-3009
  // nonces are unguessable before their owner uses them.
  // Work that only a settling request needs starts at once, beside the claim; none of it moves money before the
  // claim is durable (see startBesideClaim).
  const beside = startBesideClaim(ctx, payments, call, proof, requirements);
  try {
    return await claimSettleAndPerform(ctx, payments, call, requirements, proof, key, beside);
  } finally {
    beside.prepared?.abandon(); // a no-op once settled; otherwise this request never broadcasts it
  }
}

/** The paid request once its proof is decoded and its payer checked: claim, settle once, perform and store. */
async function claimSettleAndPerform<I>(
  ctx: AgentsContext,
  payments: Payments,
  call: PaidCall<I>,
  requirements: PaymentRequirements,
  proof: Eip3009Proof,
  key: string,
  { preconditions, verification, prepared }: BesideClaim,
): Promise<PaidOutcome> {
  const { service } = call;
  const authenticated = () => authenticatePayer(payments, proof, requirements).catch(challenging);

  let claim: Claim;
  try {
    claim = await claimPaidRequest(ctx.db, {
      walletAddress: proof.payer,
      idempotencyKey: key,
      serviceId: service.serviceId,
      requestHash: requestHash(service.method, service.path, call.request),
      proofHash: proof.proofHash,
      amountUnits: requirements.amount,
      network: requirements.network,
      asset: requirements.asset.toLowerCase(),
      paymentPayload: proof.payload,
      leaseMs: ctx.config.paidRequestLeaseMs,
    });
  } catch (err) {
    await authenticated();
    throw err;
  }
  if (claim.kind === 'completed') {
    await authenticated();
    return { kind: 'replay', response: replayResponse(claim.row, call.requestId) };
  }
  if (!claim.fresh) {
    try {
      await authenticated();
    } catch (err) {
      await releaseLease(ctx.db, claim.row.id, claim.lease, 'unauthenticated proof presented');
      throw err;
    }
  }
  const { row, lease, fresh } = claim;

  let settlementRecord = row.settlement;
  let unrecorded: Record<string, unknown> | null = null;
  let payerTenant: Tenant | null = call.tenant;
  if (row.state === 'pending') {
    const settle = { payments, row, lease, fresh, proof, requirements, preconditions, verification, prepared };
    // A fresh claim of an operation that only writes, for a payer whose tenant exists, on PostgreSQL: it writes while
    // the payment settles. A new payer's tenant is created only once the payment has settled (below); PGlite has one
    // connection, which a transaction open during the settlement would keep from every other statement.
    const during = fresh && call.operation.writesOnly && ctx.db.kind === 'postgres';
    const tenant = during ? await preconditions.catch(() => null) : null;
    if (tenant) {
      const forecast = prepared?.broadcast.then((hash) => forecastSuccess(proof, hash)) ?? null;
      return performDuringSettlement(
        ctx,
        call,
        tenant,
        claim,
        (beforeWrite) => settleOnce(ctx, { ...settle, beforeWrite }).catch(challenging),
        forecast,
      );
    }
    const settled = await settleOnce(ctx, settle).catch(challenging);
    settlementRecord = settled.record;
    if (!settled.recorded) unrecorded = settled.record;
    payerTenant ??= settled.payerTenant;
  }

  // Settled: perform the operation (again, after a provider failure) and store the response once.
  const tenant = payerTenant ?? (await ensureTenant(ctx.db, proof.payer));
  const hold: SettledHold = {
    row,
    lease,
    paymentResponse: paymentResponseHeader(settlementRecord),
    unrecorded,
    requestId: call.requestId,
  };
  return performAndStore(ctx, call, tenant, hold);
}

interface BesideClaim {
  preconditions: Promise<Tenant | null>;
  verification: Promise<VerifyResponse> | null;
  prepared: PreparedSettlement | null;
}

/**
 * Work that only a settling request needs, started beside the claim; none of it moves money:
 *  - the preconditions (ownership, name availability …) for the payer's tenant (a replay of a completed request
 *    legitimately fails them: its mailbox exists now);
 *  - with a facilitator whose settle does not verify by itself, its verification;
 *  - with one whose settlement's broadcast can be held (the built-in one), the settlement itself: its verification
 *    and its transaction's preparation run during the claim, and settleOnce lets the broadcast go only once the
 *    claim is durable and every check passed. Not for a proof this process has claimed before (a replay, whose
 *    settlement would be refused or reconciled anyway): replaying one signed request must not cost a chain call.
 * Each is awaited in settleOnce, or deliberately ignored (the held settlement is then abandoned: paid).
 */
function startBesideClaim<I>(
  ctx: AgentsContext,
  payments: Payments,
  call: PaidCall<I>,
  proof: Eip3009Proof,
  requirements: PaymentRequirements,
): BesideClaim {
  const preconditions = (async () => {
    const t = call.tenant ?? (await findTenantByWallet(ctx.db, proof.payer));
    if (t?.suspended) throw tenantSuspended(); // a start-here call without token from a suspended wallet
    await call.operation.precheck?.(ctx, t, call.input);
    return t;
  })();
  preconditions.catch(() => {});
  const verification = payments.facilitator.settleVerifies
    ? null
    : payments.facilitator.verify(proof.payload, requirements);
  verification?.catch(() => {});
  const { facilitator } = payments;
  const prepared =
    facilitator.holdsBroadcast && firstSight(proof.proofHash)
      ? holdBroadcast(() => facilitator.settle(proof.payload, requirements))
      : null;
  return { preconditions, verification, prepared };
}

/** Proof hashes this process has started a settlement for, the oldest forgotten first: bounded memory. */
const seenProofs = new Set<string>();
const SEEN_PROOFS_MAX = 10_000;

/** True the first time this process sees `proofHash` (as far as it remembers). */
function firstSight(proofHash: string): boolean {
  if (seenProofs.has(proofHash)) return false;
  if (seenProofs.size >= SEEN_PROOFS_MAX) seenProofs.delete(seenProofs.values().next().value!);
  seenProofs.add(proofHash);
  return true;
}
