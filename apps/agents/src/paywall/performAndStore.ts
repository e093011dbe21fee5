import { isDeepStrictEqual } from 'node:util';
import type { Sql } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { ok } from '../http/errors.ts';
import { issueFirstToken, type Tenant } from '../tenants/tenants.ts';
import { failAfterSettlement } from './afterSettlement.ts';
import { answerOfHolder, LeaseLost } from './leaseLost.ts';
import type { PaidCall, PaidOutcome, SettledHold } from './paidCall.ts';
import type { PaidRow } from './paidRequests.ts';
import { completeWithPaymentEvent } from './paymentEvents.ts';
import { authentication, paymentResponseHeader } from './paymentHeaders.ts';
import type { Outcome } from './serviceHandler.ts';
import type { Settled } from './settlement.ts';

/** Performs the operation of a settled request and stores its response with the completion, in one transaction. */
export async function performAndStore<I>(
  ctx: AgentsContext,
  call: PaidCall<I>,
  tenant: Tenant,
  hold: SettledHold,
): Promise<PaidOutcome> {
  let outcome: Outcome;
  try {
    outcome = await perform(ctx, call, tenant, hold.row);
  } catch (err) {
    return failAfterSettlement(ctx, hold, err);
  }
  let done: Completed;
  try {
    done = await ctx.db.tx(async (tx) => {
      const written = await writeOutcome(tx, call, tenant, outcome);
      await complete(tx, call, tenant, hold, written);
      return written;
    });
  } catch (err) {
    if (err instanceof LeaseLost) return answerOfHolder(ctx, hold.row.id, call.requestId);
    return failAfterSettlement(ctx, hold, err);
  }
  return performed(call, tenant, hold, done);
}

/** Why a completing transaction opened during the settlement rolled back without an outcome of its own. */
class Withdrawn extends Error {}

/**
 * The same for an operation whose effects are all in its `write` (Operation.writesOnly), on a fresh claim whose
 * payer's tenant is known: the completing transaction opens and the operation writes while the payment settles, and
 * it completes and commits once the settlement succeeded (with its record). Its rows commit with the completion or
 * not at all, as in performAndStore; the wait for the chain and the operation's statements overlap.
 *
 * The transaction holds a connection of the pool until the settlement's outcome is known. A settlement that does not
 * simply succeed writes to the database, and with every connection held by such transactions it would wait for itself:
 * `settle` is handed a `beforeWrite` that rolls the transaction back first. The request then goes on as
 * performAndStore would have: the settlement's error is the answer, or (a reconciled settlement) the operation is
 * performed after it. An operation that fails is answered once the settlement's outcome is known, as after it.
 *
 * `forecast` resolves, once the transfer is broadcast, with the record its success will carry (forecastSuccess): the
 * completion then runs while the receipt is awaited, and only COMMIT is left once the settlement succeeded. The
 * transaction commits only if settle() returned exactly that record; anything else rolls it back (a failure through
 * `beforeWrite` as above; a success with another record is performed again after it, by performAndStore).
 */
export async function performDuringSettlement<I>(
  ctx: AgentsContext,
  call: PaidCall<I>,
  tenant: Tenant,
  claimed: { row: PaidRow; lease: string },
  settle: (beforeWrite: () => Promise<void>) => Promise<Settled>,
  forecast: Promise<Record<string, unknown>> | null,
): Promise<PaidOutcome> {
  const { row, lease } = claimed;
  let withdraw!: (err: Withdrawn) => void;
  const withdrawn = new Promise<never>((_, reject) => (withdraw = reject));
  withdrawn.catch(() => {});
  let hold: SettledHold | null = null;
  const holdOf = (s: Settled): SettledHold => ({
    row,
    lease,
    paymentResponse: paymentResponseHeader(s.record),
    unrecorded: s.recorded ? null : s.record,
    requestId: call.requestId,
  });
  const transaction = (async () => {
    const outcome = await perform(ctx, call, tenant, row);
    return ctx.db.tx(async (tx) => {
      const written = await writeOutcome(tx, call, tenant, outcome);
      // Broadcast before the settlement resolved: complete now, with the forecast, while the receipt is awaited.
      const early = forecast && (await Promise.race([forecast, settling.then(() => null), withdrawn]));
      if (early)
        await complete(tx, call, tenant, holdOf({ record: early, recorded: false, payerTenant: null }), written);
      const settled = await Promise.race([settling, withdrawn]);
      hold = holdOf(settled);
      if (!early) await complete(tx, call, tenant, hold, written);
      else if (!isDeepStrictEqual(settled.record, early)) throw new Withdrawn(); // a reconciled one too: performed after it
      return written;
    });
  })();
  // Started before the transaction's first statement (the transaction reads it only after perform's first await).
  const settling = settle(async () => {
    withdraw(new Withdrawn());
    await transaction.catch(() => {});
  });
  settling.catch(() => {}); // awaited below, whatever the transaction does
  let done: Completed;
  try {
    done = await transaction;
  } catch (err) {
    hold ??= holdOf(await settling); // the settlement's own error (challenge, pending …) when it failed
    if (err instanceof Withdrawn) return performAndStore(ctx, call, tenant, hold);
    if (err instanceof LeaseLost) return answerOfHolder(ctx, row.id, call.requestId);
    return failAfterSettlement(ctx, hold, err);
  }
  return performed(call, tenant, hold!, done);
}

interface Completed {
  data: unknown;
  firstToken: string | null;
}

function perform<I>(ctx: AgentsContext, call: PaidCall<I>, tenant: Tenant, row: PaidRow): Promise<Outcome> {
  const { service, input, requestId } = call;
  return call.operation.perform(ctx, { serviceId: service.serviceId, tenant, input, requestId, ref: row.id });
}

/** The operation's writes and, for a start-here service, the payer's first token, in the completing transaction. */
async function writeOutcome<I>(tx: Sql, call: PaidCall<I>, tenant: Tenant, outcome: Outcome): Promise<Completed> {
  const data = outcome.write ? await outcome.write(tx) : outcome.data;
  const firstToken = call.service.auth === 'x402' ? await issueFirstToken(tx, tenant) : null;
  return { data, firstToken };
}

/** Stores the response with the completion (and its payment.completed event); LeaseLost when another holds it. */
async function complete<I>(tx: Sql, call: PaidCall<I>, tenant: Tenant, hold: SettledHold, written: Completed) {
  const { service, record } = call;
  const stored: Record<string, unknown> = { data: written.data, guide: record.guide };
  if (service.auth === 'x402') stored.authentication = authentication(tenant, null);
  // `tenant` is the payer's (the token's tenant pays from its own wallet, else the payer's tenant was found).
  const completed = await completeWithPaymentEvent(tx, {
    id: hold.row.id,
    lease: hold.lease,
    status: service.successStatus,
    body: stored,
    settlement: hold.unrecorded,
    tenantId: tenant.id,
  });
  if (!completed) throw new LeaseLost();
}

function performed<I>(call: PaidCall<I>, tenant: Tenant, hold: SettledHold, done: Completed): PaidOutcome {
  const { service, record, requestId } = call;
  const body: Record<string, unknown> = { ...ok(done.data, requestId, record.guide) };
  if (service.auth === 'x402') body.authentication = authentication(tenant, done.firstToken);
  const headers = { 'payment-response': hold.paymentResponse };
  return { kind: 'performed', response: { status: service.successStatus, headers, body } };
}
