import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { HttpError, isPermanentDbError, type App, type Sql } from '@tender/platform';
import type { ServiceDefinition, ServiceRecord } from '../catalog/catalog.ts';
import { x402ClientHint } from '../catalog/clientGuide.ts';
import { REQUEST_SCHEMAS } from '../catalog/requestSchemas.ts';
import type { AgentsContext, Payments } from '../context.ts';
import { AgentError, agentsEnvelope, GUIDES, ok } from '../http/errors.ts';
import { serviceResponses } from '../http/openapiResponses.ts';
import {
  authenticateBearer,
  ensureTenant,
  findTenantByWallet,
  issueFirstToken,
  tenantSuspended,
  type Tenant,
} from '../tenants/tenants.ts';
import {
  claimPaidRequest,
  dropPaidRequest,
  markCompleted,
  markSettled,
  pending,
  readPaidRequest,
  releaseLease,
  type Claim,
  type PaidRow,
} from './paidRequests.ts';
import {
  checkTerms,
  decodeProof,
  isPlainEcdsa,
  paymentRequired,
  requestHash,
  requirementsOf,
  signatureRecovers,
  type Eip3009Proof,
} from './x402.ts';
import { recordPaymentCompleted, recordPaymentFailed } from './paymentEvents.ts';
import { ProviderRefusal, ProviderTemporaryFailure } from './providerFailure.ts';
import { recordRefundOwed } from './refundsOwed.ts';

export { ProviderRefusal, ProviderTemporaryFailure };

/** One call of a service operation, as the paywall hands it over. No HTTP types. */
export interface Call<I> {
  serviceId: string;
  tenant: Tenant;
  input: I;
  requestId: string;
  /**
   * Id of the paid request (stable across retries of the same key and proof), or null for free services.
   * Operations key their writes by it so that performing again after a crash or a provider failure repeats
   * nothing.
   */
  ref: string | null;
}

/**
 * What an operation returns. `write` runs in the transaction that also stores the response (and issues a first
 * token), so its database effects commit exactly when the paid request completes; its return value is the data.
 */
export interface Outcome {
  data?: unknown;
  write?: (tx: Sql) => Promise<unknown>;
}

export interface ServiceHandler<I> {
  serviceId: string;
  /** The operation input from the validated request (body, query, params). */
  input(req: FastifyRequest): I;
  /**
   * Preconditions checked before any challenge and again before settlement: ownership of named resources,
   * availability of a requested name, deliverability. `tenant` is null for a start-here call without token whose
   * payer is not a tenant yet. Throws an AgentError; nothing is charged.
   */
  precheck?(ctx: AgentsContext, tenant: Tenant | null, input: I): Promise<void>;
  perform(ctx: AgentsContext, call: Call<I>): Promise<Outcome>;
}

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  description?: string;
}

const tenants = new WeakMap<FastifyRequest, Tenant | null>();

/**
 * Registers the route of one catalog service behind the generic paywall. The order of checks is the contract:
 *
 *  1. catalog: unavailable → 503 (before anything else; no challenge, no settlement);
 *  2. authentication: bearer services without token → 428 ONBOARDING_REQUIRED when paid, 401 AUTH_REQUIRED when
 *     free; an invalid token → INVALID_TOKEN; start-here services accept a token but do not need one. The 428 comes
 *     before the Idempotency-Key check (spec: a secondary paid request without token is answered 428 before any
 *     challenge): a key is useless to a client that must first call another service;
 *  3. request validation (schema), then the service's precheck (ownership of named resources …);
 *  4. free services perform now. Paid services (all POST): a malformed Idempotency-Key → 400
 *     IDEMPOTENCY_KEY_REQUIRED; no PAYMENT-SIGNATURE → 402 + PAYMENT-REQUIRED, with or without a key (spec step 1:
 *     the plain first request gets the challenge; its body says the replay must carry the key); a signed replay
 *     without a key → 400 IDEMPOTENCY_KEY_REQUIRED before anything is claimed or settled (a signed authorization
 *     is not consumed until settlement, so the client can replay it with a key); then proof terms, signature,
 *     payer = token wallet, idempotency record (key, request hash, proof), verification, one settlement, the
 *     operation, the stored response, PAYMENT-RESPONSE.
 */
export function serviceRoute<I>(app: App, ctx: AgentsContext, handler: ServiceHandler<I>, schema: RouteSchema): void {
  const { def, record } = ctx.catalog.get(handler.serviceId);
  app.route({
    method: def.method,
    url: def.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: openapiOf(def, record, schema),
    // preParsing, not onRequest: the server's rate limit (an onRequest hook that runs after a route's own) counts
    // the request first, and the body is still unread when availability or credentials refuse it.
    preParsing: async (req, _reply, payload) => {
      // Read per request: the operator's switches change availability while the process runs.
      gateAvailability(ctx.catalog.get(def.serviceId).record);
      tenants.set(req, await authenticate(ctx, def, record, req));
      return payload;
    },
    handler: async (req, reply) => {
      const record = ctx.catalog.get(def.serviceId).record; // current terms (switches rebuild the records)
      const tenant = tenants.get(req) ?? null;
      const input = handler.input(req);
      // A paid replay (PAYMENT-SIGNATURE present) may be the retry of a completed request whose precondition no
      // longer holds (the mailbox it created now exists): its precheck runs after the idempotency lookup, just
      // before settlement. Everything else is checked here, before any challenge.
      if (!(record.paid && paymentSignature(req))) await handler.precheck?.(ctx, tenant, input);
      if (!record.paid) {
        if (!tenant) throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>');
        const outcome = await handler.perform(ctx, {
          serviceId: def.serviceId,
          tenant,
          input,
          requestId: req.id,
          ref: null,
        });
        const data = outcome.write ? await ctx.db.tx(outcome.write) : outcome.data;
        return reply.code(def.successStatus).send(ok(data, req.id, record.guide));
      }
      return paid(ctx, handler, def, record, tenant, input, req, reply);
    },
  });
}

/**
 * A route that is unavailable (domain.register always; telephony without a provider): 503 at once, no challenge, no
 * settlement, no body read. The request schema (from REQUEST_SCHEMAS unless given) only documents the body.
 */
export function unavailableRoute(
  app: App,
  ctx: AgentsContext,
  serviceId: string,
  schema: RouteSchema = REQUEST_SCHEMAS[serviceId] ?? {},
): void {
  const { def, record } = ctx.catalog.get(serviceId);
  const current = () => ctx.catalog.get(serviceId).record;
  app.route({
    method: def.method,
    url: def.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: openapiOf(def, record, schema),
    preParsing: async (_req, _reply, payload) => {
      gateAvailability(current()); // after the rate limit, before the body is read
      return payload;
    },
    handler: async () => gateAvailability(current()),
  });
}

/** 503 SERVICE_UNAVAILABLE (no challenge) when the record says the service is unavailable now. */
export function gateAvailability(record: ServiceRecord): void {
  if (!record.available) {
    throw new AgentError(
      'SERVICE_UNAVAILABLE',
      `${record.serviceId} is unavailable: ${sentence(record.unavailableReason ?? 'not configured')} Do not send payment for it.`,
      { data: { serviceId: record.serviceId } },
    );
  }
}

async function authenticate(
  ctx: AgentsContext,
  def: ServiceDefinition,
  record: ServiceRecord,
  req: FastifyRequest,
): Promise<Tenant | null> {
  const header = req.headers.authorization;
  if (def.auth === 'none') return null;
  if (def.auth === 'x402') return header ? authenticateBearer(ctx.db, header) : null;
  if (!header && record.paid) throw onboardingRequired(ctx, def.serviceId);
  return authenticateBearer(ctx.db, header);
}

function onboardingRequired(ctx: AgentsContext, serviceId: string): AgentError {
  const start = ctx.catalog.startHereFor(serviceId);
  return new AgentError(
    'ONBOARDING_REQUIRED',
    `${serviceId} needs the access token that a start-here service issues. Call ${start.serviceId} ` +
      `(${start.method} ${start.path}, ${start.price} USDT) first, then retry with Authorization: Bearer <token>. ` +
      'Do not pay for this request now.',
    {
      data: {
        startHere: {
          serviceId: start.serviceId,
          method: start.method,
          endpoint: start.path,
          price: start.price,
          priceUnits: start.priceUnits,
          currency: start.currency,
          requiredInput: start.input,
          guide: start.guide,
        },
        guidePaths: { llms: GUIDES.llms, docs: '/docs#authentication', serviceCatalog: GUIDES.serviceCatalog },
      },
    },
  );
}

function challenge(
  ctx: AgentsContext,
  record: ServiceRecord,
  requirements: PaymentRequirements,
  req: FastifyRequest,
  err: AgentError,
): AgentError {
  const resource = `${ctx.config.publicUrl}${req.url.split('?')[0]}`;
  const pr = paymentRequired(resource, `${record.serviceId}: ${record.summary}`, requirements, err.message);
  return new AgentError(err.code as 'PAYMENT_REQUIRED', err.message, {
    headers: { ...(err.extra.headers ?? {}), 'payment-required': encodePaymentRequiredHeader(pr) },
    data: {
      ...(err.extra.data ?? {}),
      serviceId: record.serviceId,
      paymentRequired: pr,
      clients: x402ClientHint(ctx.catalog),
    },
  });
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The header line a client must add, as the 400 shows it. */
export const IDEMPOTENCY_KEY_HEADER =
  'Idempotency-Key: <a new UUID per logical operation; the same on the paid replay>';

function idempotencyKeyRequired(problem: string): AgentError {
  const example = randomUUID();
  return new AgentError(
    'IDEMPOTENCY_KEY_REQUIRED',
    `The Idempotency-Key header ${problem}. The paid replay (PAYMENT-SIGNATURE) must carry it, and a key sent ` +
      `on the first request must be valid: send "${IDEMPOTENCY_KEY_HEADER}", for example ` +
      `"Idempotency-Key: ${example}" (1-255 visible ASCII characters 0x21-0x7E, no spaces). Nothing was charged ` +
      '(a payment signed for this request is still unspent: replay it with the key).',
    { data: { header: 'Idempotency-Key', send: IDEMPOTENCY_KEY_HEADER, example } },
  );
}

/** A paid request's Idempotency-Key, or a 400 saying exactly what to send (before any challenge). */
function requireIdempotencyKey(key: string | undefined): string {
  if (key === undefined) throw idempotencyKeyRequired('is missing');
  if (key.length === 0) throw idempotencyKeyRequired('is empty');
  if (key.length > 255) throw idempotencyKeyRequired(`has ${key.length} characters (at most 255)`);
  if (!IDEMPOTENCY_KEY.test(key)) throw idempotencyKeyRequired('contains a space or a character outside 0x21-0x7E');
  return key;
}

async function paid<I>(
  ctx: AgentsContext,
  handler: ServiceHandler<I>,
  def: ServiceDefinition,
  record: ServiceRecord,
  tokenTenant: Tenant | null,
  input: I,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const payments = ctx.payments;
  if (!payments || !record.x402Price) throw new AgentError('SERVICE_UNAVAILABLE', 'Payments are not configured');
  const requirements = requirementsOf(record.x402Price);
  const asChallenge = (err: unknown) =>
    err instanceof AgentError && (err.code === 'PAYMENT_INVALID' || err.code === 'PAYMENT_REQUIRED')
      ? challenge(ctx, record, requirements, req, err)
      : err;

  const signature = paymentSignature(req);
  const presentedKey = header(req, 'idempotency-key');
  if (!signature) {
    // A key that is present but malformed is refused now: the client would sign, then be refused on the replay.
    if (presentedKey !== undefined) requireIdempotencyKey(presentedKey);
    throw asChallenge(
      new AgentError(
        'PAYMENT_REQUIRED',
        `Payment required: ${record.price} USDT. Pay per PAYMENT-REQUIRED, then replay this exact request with ` +
          'PAYMENT-SIGNATURE and Idempotency-Key (the replay must carry it: ' +
          `${presentedKey === undefined ? 'a new UUID for this operation' : 'the same key as this request'}).`,
        {
          data: { idempotencyKey: { header: 'Idempotency-Key', requiredOnReplay: true, send: IDEMPOTENCY_KEY_HEADER } },
        },
      ),
    );
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
    throw asChallenge(err);
  }
  if (tokenTenant && tokenTenant.walletAddress !== proof.payer) {
    throw new AgentError(
      'PAYER_MISMATCH',
      `The payment comes from ${proof.payer} but the access token belongs to ${tokenTenant.walletAddress}; pay from the token's wallet`,
    );
  }

  // Nothing is answered before the payer is authenticated (the EIP-712 signature makes authorization.from
  // trustworthy). A fresh claim needs no separate check: the facilitator checks the signature before any transfer
  // (verify(), or settle() itself when it verifies), and a failure drops the row. Every other outcome (a replay, a
  // takeover, a conflict) is answered only after the signature was checked here. A forged proof can hold a fresh
  // row only until its settlement fails, and cannot aim at another payer's row: idempotency keys and EIP-3009
  // nonces are unguessable before their owner uses them.
  // Read-only work that only a settling request needs starts at once, beside the claim:
  //  - the preconditions (ownership, name availability …) for the payer's tenant (a replay of a completed request
  //    legitimately fails them: its mailbox exists now);
  //  - with a facilitator whose settle does not verify by itself, its verification.
  const preconditions = (async () => {
    const t = tokenTenant ?? (await findTenantByWallet(ctx.db, proof.payer));
    if (t?.suspended) throw tenantSuspended(); // a start-here call without token from a suspended wallet
    await handler.precheck?.(ctx, t, input);
    return t;
  })();
  preconditions.catch(() => {}); // awaited in settleOnce, or deliberately ignored
  const verification = payments.facilitator.settleVerifies
    ? null
    : payments.facilitator.verify(proof.payload, requirements);
  verification?.catch(() => {});
  const authenticated = () =>
    authenticatePayer(payments, proof, requirements).catch((err) => Promise.reject(asChallenge(err)));

  let claim: Claim;
  try {
    claim = await claimPaidRequest(ctx.db, {
      walletAddress: proof.payer,
      idempotencyKey: key,
      serviceId: def.serviceId,
      requestHash: requestHash(def.method, def.path, { params: req.params, query: req.query, body: req.body }),
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
    return replay(reply, req, claim.row);
  }
  if (!claim.fresh) {
    try {
      await authenticated();
    } catch (err) {
      await releaseLease(ctx.db, claim.row.id, claim.lease, 'unauthenticated proof presented');
      throw err;
    }
  }
  const { lease, fresh } = claim;
  const row: PaidRow = claim.row;

  let settlementRecord = row.settlement;
  let unrecorded: Record<string, unknown> | null = null;
  let payerTenant: Tenant | null = tokenTenant;
  if (row.state === 'pending') {
    try {
      const settled = await settleOnce(
        ctx,
        payments,
        { row, lease, fresh },
        proof,
        requirements,
        preconditions,
        verification,
      );
      settlementRecord = settled.record;
      if (!settled.recorded) unrecorded = settled.record;
      payerTenant ??= settled.payerTenant;
    } catch (err) {
      throw asChallenge(err);
    }
  }

  // Settled: perform the operation (again, after a provider failure) and store the response once.
  const tenant = payerTenant ?? (await ensureTenant(ctx.db, proof.payer));
  const settlement = (settlementRecord ?? {}) as unknown as SettleResponse;
  const paymentResponse = encodePaymentResponseHeader(settlement);
  const bootstrap = def.auth === 'x402';
  let outcome: Outcome;
  try {
    outcome = await handler.perform(ctx, { serviceId: def.serviceId, tenant, input, requestId: req.id, ref: row.id });
  } catch (err) {
    return failAfterSettlement(ctx, row, lease, err, paymentResponse, unrecorded, req, reply);
  }
  let firstToken: string | null = null;
  let data: unknown;
  try {
    data = await ctx.db.tx(async (tx) => {
      const d = outcome.write ? await outcome.write(tx) : outcome.data;
      if (bootstrap) firstToken = await issueFirstToken(tx, tenant.id);
      const stored: Record<string, unknown> = { data: d, guide: record.guide };
      if (bootstrap) stored.authentication = authentication(tenant, null);
      if (!(await markCompleted(tx, row.id, lease, def.successStatus, stored, unrecorded))) throw new LeaseLost();
      await recordPaymentCompleted(tx, row.id);
      return d;
    });
  } catch (err) {
    if (err instanceof LeaseLost) {
      const now = await readPaidRequest(ctx.db, row.id);
      if (now?.state === 'completed') return replay(reply, req, now);
      throw pending();
    }
    return failAfterSettlement(ctx, row, lease, err, paymentResponse, unrecorded, req, reply);
  }
  const body: Record<string, unknown> = { ...ok(data, req.id, record.guide) };
  if (bootstrap) body.authentication = authentication(tenant, firstToken);
  return reply.code(def.successStatus).header('payment-response', paymentResponse).send(body);
}

class LeaseLost extends Error {}

function authentication(tenant: Tenant, token: string | null) {
  return token
    ? { status: 'issued', accessToken: token, walletAddress: tenant.walletAddress, guide: '/docs#authentication' }
    : {
        status: 'already_issued',
        accessToken: null,
        walletAddress: tenant.walletAddress,
        guide: '/docs#authentication',
      };
}

/**
 * Establishes that `authorization.from` signed the proof: locally for plain ECDSA signatures (no network), through
 * the facilitator for contract-wallet signatures.
 */
async function authenticatePayer(payments: Payments, proof: Eip3009Proof, req: PaymentRequirements): Promise<void> {
  if (await signatureRecovers(proof, req)) return;
  if (!isPlainEcdsa(proof.signature)) {
    const v = await payments.facilitator.verify(proof.payload, req);
    if (v.isValid) return;
  }
  throw new AgentError('PAYMENT_INVALID', 'The payment signature was not made by the payer for these terms', {
    data: { reason: 'invalid_signature' },
  });
}

/**
 * Holder of the lease on a pending row: verify, then settle exactly once. A row that never charged anything is
 * dropped so the client may pay again; a settlement whose outcome is not known keeps the row and is reconciled on
 * chain by the next attempt (an EIP-3009 nonce can be consumed once, so a second submission never charges twice).
 */
async function settleOnce(
  ctx: AgentsContext,
  payments: Payments,
  { row, lease, fresh }: { row: PaidRow; lease: string; fresh: boolean },
  proof: Eip3009Proof,
  requirements: PaymentRequirements,
  preconditions: Promise<Tenant | null>,
  verification: Promise<VerifyResponse> | null,
): Promise<{ record: Record<string, unknown>; payerTenant: Tenant | null; recorded: boolean }> {
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
      await releaseLease(ctx.db, row.id, lease, String(err));
      throw pending();
    }
  };
  // A row taken over from a lost lease may have settled before the crash: never settle it twice.
  if (!fresh && (await consumed())) {
    const record = reconciled(proof, requirements);
    await durable();
    await markSettled(ctx.db, row.id, record);
    return { record, payerTenant, recorded: true };
  }
  try {
    checkTerms(proof, requirements, Math.floor(ctx.now().getTime() / 1000), { window: true });
    // Preconditions again, now that the payer is known, just before money moves.
    payerTenant = await preconditions;
    const verified = verification ? await verification : { isValid: true };
    if (!verified.isValid) {
      throw new AgentError(
        'PAYMENT_INVALID',
        `Payment verification failed: ${verified.invalidMessage ?? verified.invalidReason ?? 'invalid'}`,
        { data: { reason: verified.invalidReason ?? 'invalid' } },
      );
    }
  } catch (err) {
    await dropPaidRequest(ctx.db, row.id, lease);
    if (err instanceof AgentError && err.code === 'PAYMENT_INVALID') await paymentFailed(err.message);
    throw err;
  }
  let settled: SettleResponse;
  try {
    settled = await payments.facilitator.settle(proof.payload, requirements);
  } catch (err) {
    // Unknown outcome (facilitator unreachable, timeout): keep the row; the next attempt reconciles on chain.
    ctx.logger.warn({ err, paidRequest: row.id }, 'x402 settlement outcome unknown');
    await releaseLease(ctx.db, row.id, lease, String(err));
    throw pending();
  }
  if (settled.success) {
    await durable();
    // Recorded with the response in the completing transaction (or by failAfterSettlement), not here: one write
    // fewer on the hot path. Until then a crash leaves the row pending and the chain says it was consumed.
    return { record: { ...settled }, payerTenant, recorded: false };
  }
  if (await consumed()) {
    // The transfer happened (an earlier submission of this authorization): record it, never settle again.
    const record = reconciled(proof, requirements);
    await durable();
    await markSettled(ctx.db, row.id, record);
    return { record, payerTenant, recorded: true };
  }
  if (settled.errorReason === 'settlement_pending' || /timeout|pending/i.test(settled.errorReason ?? '')) {
    await releaseLease(ctx.db, row.id, lease, settled.errorReason ?? 'pending');
    throw pending();
  }
  await dropPaidRequest(ctx.db, row.id, lease);
  await paymentFailed(settled.errorReason ?? 'settlement_failed');
  throw new AgentError(
    'PAYMENT_INVALID',
    `Settlement failed: ${settled.errorMessage ?? settled.errorReason ?? 'unknown'}; nothing was charged`,
    { data: { reason: settled.errorReason ?? 'settlement_failed' } },
  );
}

function reconciled(proof: Eip3009Proof, req: PaymentRequirements): Record<string, unknown> {
  return { success: true, transaction: '', network: req.network, payer: proof.payer, reconciled: true };
}

/**
 * The operation failed after the payment settled. A client error of the operation (a name taken meanwhile, …) is
 * final: it is stored and replayed like a success, with PAYMENT-RESPONSE. Anything else leaves the row settled and
 * releases the lease: the same key and proof perform the operation later, without a second settlement.
 */
async function failAfterSettlement(
  ctx: AgentsContext,
  row: PaidRow,
  lease: string,
  err: unknown,
  paymentResponse: string,
  unrecorded: Record<string, unknown> | null,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (err instanceof HttpError && err.status < 500) {
    const rendered = agentsEnvelope.render(err, req.id) as { error: Record<string, unknown> };
    const { requestId: _drop, ...error } = rendered.error;
    const stored = await ctx.db.tx(async (tx) => {
      const done = await markCompleted(tx, row.id, lease, err.status, { error }, unrecorded);
      if (done) await recordPaymentCompleted(tx, row.id);
      return done;
    });
    if (!stored) throw pending();
    for (const [k, v] of Object.entries(err.extra.headers ?? {})) reply.header(k, v);
    return reply.code(err.status).header('payment-response', paymentResponse).send(rendered);
  }
  if (isPermanentDbError(err) || err instanceof ProviderRefusal)
    return refundOwed(ctx, row, lease, err, paymentResponse, unrecorded, req, reply);
  // The settlement is known now (its transaction hash included): recorded before the lease is given up, so the
  // retry that completes the request carries it instead of reconciling an empty one from the chain.
  if (unrecorded) await markSettled(ctx.db, row.id, unrecorded);
  await releaseLease(ctx.db, row.id, lease, String(err));
  if (
    err instanceof ProviderTemporaryFailure ||
    (err instanceof HttpError && err.code === 'PROVIDER_TEMPORARY_FAILURE')
  ) {
    ctx.logger.warn({ err, paidRequest: row.id }, 'provider failure after settlement; retry performs it');
    throw new AgentError(
      'PROVIDER_TEMPORARY_FAILURE',
      'The provider failed after your payment settled. Retry the same request with the same Idempotency-Key and ' +
        'PAYMENT-SIGNATURE after backoff; you will not be charged again.',
      { headers: { 'retry-after': '5', 'payment-response': paymentResponse } },
    );
  }
  ctx.logger.error({ err, paidRequest: row.id }, 'operation failed after settlement');
  throw new AgentError(
    'INTERNAL_ERROR',
    'The operation failed after your payment settled; retry with the same Idempotency-Key and PAYMENT-SIGNATURE (no second charge)',
    { headers: { 'retry-after': '5', 'payment-response': paymentResponse } },
  );
}

/**
 * The operation failed after settlement and can never succeed (storage refuses the values, or the provider refused
 * it for good: a retry would fail the same way forever). The payer is made good by a refund owed, recorded with the paid request's completion in one
 * transaction; the stored answer (422 REFUND_OWED, with PAYMENT-RESPONSE) names the refund and is what every replay
 * of the same key and proof gets. The operator finds the refund in agent_refunds_owed (listRefundsOwed) and through
 * this error-level log line.
 */
async function refundOwed(
  ctx: AgentsContext,
  row: PaidRow,
  lease: string,
  err: unknown,
  paymentResponse: string,
  unrecorded: Record<string, unknown> | null,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const settlement = unrecorded ?? row.settlement;
  const settlementTx =
    typeof settlement?.transaction === 'string' && settlement.transaction ? settlement.transaction : null;
  const reason = `${row.service_id} failed after settlement and cannot succeed: ${errorSummary(err)}`;
  const result = await ctx.db
    .tx(async (tx) => {
      const refund = await recordRefundOwed(tx, { paidRequestId: row.id, settlementTx, requestId: req.id, reason });
      const why =
        err instanceof ProviderRefusal
          ? `the ${err.provider.name} provider refused it: HTTP ${err.provider.status}` +
            `${err.provider.code ? `, error ${err.provider.code}` : ''}, ${err.provider.message || 'no message'}`
          : 'the value cannot be stored';
      const error = new AgentError(
        'REFUND_OWED',
        `Your payment settled, but ${row.service_id} cannot be performed with this input (${why}). The payment ` +
          `is recorded as a refund owed to ${refund.walletAddress} (refund ${refund.id}); the operator returns ` +
          'it. Do not retry this request unchanged; send a corrected request with a new Idempotency-Key and a new ' +
          'payment.',
        {
          data: {
            ...(err instanceof ProviderRefusal ? { provider: err.provider } : {}),
            refund: {
              id: refund.id,
              status: 'owed',
              walletAddress: refund.walletAddress,
              amountUnits: refund.amountUnits,
              asset: refund.asset,
              network: refund.network,
              settlementTx: refund.settlementTx,
            },
          },
        },
      );
      const rendered = agentsEnvelope.render(error, req.id) as { error: Record<string, unknown> };
      const { requestId: _drop, ...stored } = rendered.error;
      if (!(await markCompleted(tx, row.id, lease, error.status, { error: stored }, unrecorded))) throw new LeaseLost();
      return { refund, error, rendered };
    })
    .catch(async (e: unknown) => {
      if (!(e instanceof LeaseLost)) throw e;
      return null;
    });
  if (!result) {
    const now = await readPaidRequest(ctx.db, row.id);
    if (now?.state === 'completed') return replay(reply, req, now);
    throw pending();
  }
  ctx.logger.error(
    { err, paidRequest: row.id, refund: result.refund },
    'refund owed: a paid operation failed after settlement and cannot succeed',
  );
  return reply.code(result.error.status).header('payment-response', paymentResponse).send(result.rendered);
}

/** The error's code and message, without parameters or stack, for the refund's reason. */
function errorSummary(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  return `${typeof e?.code === 'string' ? `${e.code} ` : ''}${typeof e?.message === 'string' ? e.message : String(err)}`;
}

/** Replays a completed paid request: the stored status and body (new requestId), PAYMENT-RESPONSE again. */
function replay(reply: FastifyReply, req: FastifyRequest, row: PaidRow): FastifyReply {
  const body = { ...(row.response_body ?? {}) } as Record<string, unknown>;
  const out: Record<string, unknown> =
    'error' in body
      ? { error: { ...(body.error as Record<string, unknown>), requestId: req.id }, guides: GUIDES }
      : {
          data: body.data,
          requestId: req.id,
          guide: body.guide,
          ...(body.authentication ? { authentication: body.authentication } : {}),
        };
  if (row.settlement)
    reply.header('payment-response', encodePaymentResponseHeader(row.settlement as unknown as SettleResponse));
  return reply
    .code(row.response_status ?? 200)
    .header('idempotent-replayed', 'true')
    .send(out);
}

/** A reason as one sentence ending in exactly one full stop (reasons are written with or without one). */
function sentence(reason: string): string {
  return `${reason.trim().replace(/[.\s]+$/, '')}.`;
}

/** The x402 payment proof: PAYMENT-SIGNATURE (v2), or X-PAYMENT, the v1 name some clients still send. */
function paymentSignature(req: FastifyRequest): string | undefined {
  return header(req, 'payment-signature') ?? header(req, 'x-payment');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function openapiOf(def: ServiceDefinition, record: ServiceRecord, schema: RouteSchema): FastifySchema {
  const headers: string[] = [];
  if (record.paid)
    headers.push(
      'Idempotency-Key, required on the paid replay (send it on the first request too and keep it the same); PAYMENT-SIGNATURE (x402 v2) on the paid replay',
    );
  const lines = [
    record.summary,
    '',
    `Service id: \`${record.serviceId}\`. Price: ${record.price ? `${record.price} USDT (x402 exact, fixed)` : 'free'}. ` +
      `Auth: ${record.auth === 'x402' ? 'x402 bootstrap (start here; Bearer optional)' : record.auth === 'bearer' ? 'Bearer at_v1_ token' : 'none'}.`,
    record.available
      ? ''
      : `**Unavailable**: ${sentence(record.unavailableReason ?? 'not configured')} Answers 503 before any payment challenge.`,
    schema.description ?? '',
    headers.length ? `Headers: ${headers.join('; ')}.` : '',
  ].filter((l, i) => i < 2 || l);
  return {
    tags: [def.area],
    summary: `${record.serviceId}${record.price ? ` (${record.price} USDT)` : ''}`,
    description: lines.join('\n'),
    ...(schema.body ? { body: schema.body } : {}),
    ...(schema.querystring ? { querystring: schema.querystring } : {}),
    ...(schema.params ? { params: schema.params } : {}),
    response: serviceResponses(def, record),
    ...(record.auth === 'bearer'
      ? { security: [{ bearer: [] }] }
      : record.auth === 'x402'
        ? { security: [{}, { bearer: [] }] }
        : {}),
    'x-service-id': record.serviceId,
    'x-price-usdt': record.price,
    'x-available': record.available,
    'x-start-here': record.startHere,
  } as FastifySchema;
}
