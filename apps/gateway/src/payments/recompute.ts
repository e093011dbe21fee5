// The one writer of a payment's status: reads the facts under the payment's row lock, runs the pure deriveStatus,
// and - in the caller's transaction, the one that recorded the new fact - writes the cached status and totals,
// a timeline entry and the outgoing events of the transition, and schedules sweeps that the new state calls for.
//
// Exactly-once: the row lock (select … for update) serialises every recompute of one payment, and the stored status
// is the "from" of the transition; a second recompute with no new facts finds from == to and writes nothing.
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import { INTENT_COLUMNS, money, type IntentRow } from './model.ts';
import { intentViewOf } from './queries.ts';
import type { RecomputeCause, TransferRow } from './paymentPlugs.ts';
import { announcedFacts } from './announcedFacts.ts';
import { factEvents } from './paymentFacts.ts';
import {
  deriveStatus,
  type DerivedPayment,
  type PaymentFacts,
  type PaymentStatus,
  type RefundFact,
  type SweepAttemptFact,
} from './status.ts';

export type { RecomputeCause } from './paymentPlugs.ts';

export interface RecomputeResult {
  from: PaymentStatus;
  to: PaymentStatus;
  derived: DerivedPayment;
  events: string[];
}

export async function loadFacts(
  tx: Sql,
  intent: IntentRow,
): Promise<{ facts: PaymentFacts; transfers: TransferRow[] }> {
  const [transfers, sweeps] = await Promise.all([
    tx.query<TransferRow>(
      `select id, network, kind, token, official, amount_units, block_time, final, removed
       from chain_transfers where payment_id = $1 and kind <> 'refund' order by id`,
      [intent.id],
    ),
    tx.query<{ state: string }>(
      `select state from settlements
       where payment_id = $1 and purpose = 'payment' and state in ('submitted', 'succeeded', 'failed')
       order by created_at, attempt`,
      [intent.id],
    ),
  ]);
  const facts: PaymentFacts = {
    amountUnits: unitsFromDb(intent.amount_units),
    expiresAt: intent.expires_at,
    opened: intent.opened,
    acceptedUnits: intent.accepted_units === null ? null : unitsFromDb(intent.accepted_units),
    transfers: transfers.map((t) => ({
      kind: t.kind,
      official: t.official,
      amountUnits: unitsFromDb(t.amount_units),
      blockTime: t.block_time,
      final: t.final,
      removed: t.removed,
    })),
    sweeps: sweeps.map((s) => ({ state: s.state as SweepAttemptFact['state'] })),
  };
  return { facts, transfers };
}

/** Re-derives one payment in `tx`. Must run on the transaction that recorded the new fact. */
export async function recomputePayment(
  ctx: GatewayContext,
  tx: Sql,
  paymentId: string,
  cause: RecomputeCause,
): Promise<RecomputeResult | undefined> {
  const [intent] = await tx.query<IntentRow>(
    `select ${INTENT_COLUMNS} from payment_intents i where i.id = $1 for update`,
    [paymentId],
  );
  if (!intent) return undefined;
  const now = ctx.now();
  // Facts owned elsewhere first (refund requests: their statuses are facts of the payment's, the refund states over
  // its closed states), in registration order.
  let refunds: readonly RefundFact[] = [];
  for (const source of ctx.plugs.paymentFactSources) refunds = (await source(tx, paymentId)).refunds ?? refunds;
  const { facts, transfers } = await loadFacts(tx, intent);
  const derived = deriveStatus({ ...facts, refunds }, now);
  const from = intent.status;
  const to = derived.status;
  const totalsChanged =
    intent.confirmed !== derived.confirmed ||
    unitsFromDb(intent.received_units) !== derived.receivedUnits ||
    unitsFromDb(intent.final_units) !== derived.finalUnits ||
    unitsFromDb(intent.excess_units) !== derived.excessUnits ||
    unitsFromDb(intent.settled_units) !== derived.settledUnits;
  const events: string[] = [];
  const fromFinalUnits = unitsFromDb(intent.final_units);
  const fromConfirmed = intent.confirmed;
  // Every recompute compares the facts with what the outbox announced (one indexed read): a fact may change without
  // the status or the totals (foreign funds, lost in a devnet rollback, on a paid payment).
  const announced = await announcedFacts(tx, paymentId);
  const news = factEvents(announced, derived);
  if (from !== to || totalsChanged) {
    await tx.query(
      `update payment_intents set status = $2, received_units = $3, final_units = $4, excess_units = $5,
         settled_units = $6, confirmed = $8, updated_at = $7,
         status_changed_at = case when status = $2 then status_changed_at else $7 end
       where id = $1`,
      [
        paymentId,
        to,
        derived.receivedUnits,
        derived.finalUnits,
        derived.excessUnits,
        derived.settledUnits,
        now,
        derived.confirmed,
      ],
    );
    Object.assign(intent, {
      status: to,
      received_units: derived.receivedUnits.toString(),
      final_units: derived.finalUnits.toString(),
      excess_units: derived.excessUnits.toString(),
      settled_units: derived.settledUnits.toString(),
      confirmed: derived.confirmed,
    });
  }
  if (from !== to || news.length > 0) {
    const overpaid = news.some((f) => f.type === 'payment.overpaid');
    const data = overpaid ? { ...cause.data, overpaid_units: derived.excessUnits.toString() } : (cause.data ?? {});
    await tx.query(
      `insert into payment_timeline (payment_id, status, previous_status, reason, data, created_at)
       values ($1, $2, $3, $4, $5::text::jsonb, $6)`,
      [paymentId, to, from, cause.reason, JSON.stringify(data), now],
    );
  }
  if (news.length > 0) {
    const object = await intentViewOf(ctx, tx, intent);
    for (const f of news) {
      let extra: Record<string, unknown> | undefined;
      if (f.type === 'payment.overpaid') {
        const withdrawn = news.some((g) => g.reverses?.includes('payment.overpaid'));
        const before = withdrawn ? 0n : announced.excessUnits;
        extra = {
          excess_amount: money(derived.excessUnits, intent.decimals),
          excess_amount_units: derived.excessUnits.toString(),
          // What this event adds to the excess already announced (all of it the first time).
          additional_excess_amount: money(derived.excessUnits - before, intent.decimals),
          additional_excess_amount_units: (derived.excessUnits - before).toString(),
        };
      } else if (f.reverses) {
        extra = { reverses: f.reverses };
      }
      events.push(
        await emitEvent(ctx, tx, {
          merchantId: intent.merchant_id,
          environment: intent.environment,
          type: f.type,
          paymentId,
          object,
          ...(extra ? { extra } : {}),
          createdAt: now,
        }),
      );
    }
  }
  // After the payment's events, in registration order: invoice events (a receiver sees payment.confirmed before
  // invoice.paid), then the sweeps the new state calls for.
  const transition = {
    intent,
    from,
    to,
    fromConfirmed,
    fromFinalUnits,
    changed: from !== to || totalsChanged,
    derived,
    transfers,
    cause,
    now,
  };
  for (const react of ctx.plugs.paymentReactions) events.push(...(await react(tx, transition)));
  return { from, to, derived, events };
}
