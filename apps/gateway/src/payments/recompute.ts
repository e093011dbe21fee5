// The one writer of a payment's status: reads the facts under the payment's row lock, runs the pure deriveStatus,
// and - in the caller's transaction, the one that recorded the new fact - writes the cached status and totals,
// a timeline entry and the outgoing events of the transition, and schedules sweeps that the new state calls for.
//
// Exactly-once: the row lock (select … for update) serialises every recompute of one payment, and the stored status
// is the "from" of the transition; a second recompute with no new facts finds from == to and writes nothing.
import { newId, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { unitsFromDb } from '../money/amount.ts';
import { emitInvoiceEvents } from '../invoices/invoiceEvents.ts';
import { emitEvent } from '../outbox/events.ts';
import { DEPOSIT_COLUMNS, INTENT_COLUMNS, intentView, money, type DepositRow, type IntentRow } from './model.ts';
import { enqueue } from '@tender/platform';
import { sweepQueue } from './queues.ts';
import { recomputeRefunds } from '../refunds/recomputeRefunds.ts';
import { announcedFacts } from './announcedFacts.ts';
import { factEvents } from './paymentFacts.ts';
import {
  deriveStatus,
  isRefundStatus,
  type DerivedPayment,
  type PaymentFacts,
  type PaymentStatus,
  type SweepAttemptFact,
} from './status.ts';

export interface RecomputeCause {
  /** Short machine reason for the timeline: transfer_detected, transfer_final, reorg, expiry, sweep_submitted … */
  reason: string;
  data?: Record<string, unknown>;
  /** Incoming transfers that became final in this transaction (recovery sweeps for funds that arrive too late). */
  finalizedTransferIds?: readonly string[];
}

export interface RecomputeResult {
  from: PaymentStatus;
  to: PaymentStatus;
  derived: DerivedPayment;
  events: string[];
}

interface TransferRow {
  id: string;
  network: string;
  kind: 'incoming' | 'settlement';
  token: string;
  official: boolean;
  amount_units: string;
  block_time: Date;
  final: boolean;
  removed: boolean;
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
  // Refund requests first: their statuses are facts of the payment's (the refund states over its closed states).
  const refunds = await recomputeRefunds(ctx, tx, paymentId);
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
    const deposits = await tx.query<DepositRow>(
      `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = $1 order by d.network`,
      [paymentId],
    );
    const registry = ctx.networkRegistry;
    const object = intentView(intent, deposits, {
      publicUrl: ctx.config.publicUrl,
      network: (id) => registry.get(id),
    });
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
        await emitEvent(tx, {
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
  if (intent.invoice_id && (from !== to || totalsChanged)) {
    // After the payment's events, so a receiver sees payment.confirmed before invoice.paid.
    events.push(
      ...(await emitInvoiceEvents(ctx, tx, {
        invoiceId: intent.invoice_id,
        fromPaid: fromConfirmed,
        fromFinalUnits,
        toPaid: derived.confirmed,
        toFinalUnits: derived.finalUnits,
        now,
      })),
    );
  }
  await scheduleSweeps(ctx, tx, intent, { from, fromConfirmed }, derived, transfers, cause);
  return { from, to, derived, events };
}

/**
 * Which funds move into the vault, decided from the transition:
 *  - entering the paid family: settle the official token on every network that holds final official funds;
 *  - entering UNDERPAID or LATE_PAYMENT: recover the official funds on those networks (the state stays);
 *  - a foreign-token transfer that became final (any state), or an official one while the payment is no longer
 *    open (late top-ups, funds after settlement): recover that token from that deposit address.
 * A sweep moves the forwarder's whole balance, so overlapping sweeps are harmless (the later moves 0).
 */
async function scheduleSweeps(
  ctx: GatewayContext,
  tx: Sql,
  intent: IntentRow,
  before: { from: PaymentStatus; fromConfirmed: boolean },
  derived: DerivedPayment,
  transfers: readonly TransferRow[],
  cause: RecomputeCause,
): Promise<void> {
  const { from } = before;
  // The state beneath the refund layer decides what moves (a refund request changes no sweep).
  const to = derived.fundingStatus;
  const finalOfficial = transfers.filter((t) => t.kind === 'incoming' && t.official && t.final && !t.removed);
  const networksWithFunds = [...new Set(finalOfficial.map((t) => t.network))];
  const enteringPaid = derived.confirmed && !before.fromConfirmed;
  if (enteringPaid) {
    for (const network of networksWithFunds) {
      await ensureSweep(ctx, tx, intent, network, 'payment', finalOfficial.find((t) => t.network === network)!.token);
    }
  } else if (from !== to && !isRefundStatus(from) && (to === 'UNDERPAID' || to === 'LATE_PAYMENT')) {
    for (const network of networksWithFunds) {
      await ensureSweep(ctx, tx, intent, network, 'recovery', finalOfficial.find((t) => t.network === network)!.token);
    }
  }
  const stillOpen = to === 'AWAITING_PAYMENT' || to === 'DETECTED' || to === 'CONFIRMING' || to === 'CREATED';
  if (cause.finalizedTransferIds?.length) {
    const ids = new Set(cause.finalizedTransferIds);
    for (const t of transfers) {
      if (!ids.has(String(t.id)) || t.kind !== 'incoming' || t.removed) continue;
      // Official funds of a payment still open are the payment itself: the settlement moves them once it is paid.
      // Foreign tokens never count, so they are recovered as soon as they are final, whatever the state.
      if (stillOpen && t.official) continue;
      if (enteringPaid && t.official) continue; // the settlement above moves it
      await ensureSweep(ctx, tx, intent, t.network, 'recovery', t.token);
    }
  }
}

/**
 * Creates a sweep (settlements row, state pending, and its job) unless one for the same payment, network, token and
 * purpose is still pending or submitted (that one will move the whole balance anyway).
 */
export async function ensureSweep(
  _ctx: GatewayContext,
  tx: Sql,
  intent: Pick<IntentRow, 'id' | 'merchant_id' | 'environment'>,
  network: string,
  purpose: 'payment' | 'recovery',
  token: string,
  runAt?: Date,
): Promise<string | undefined> {
  const [dep] = await tx.query<DepositRow>(
    `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = $1 and d.network = $2`,
    [intent.id, network],
  );
  if (!dep) return undefined;
  const [prev] = await tx.query<{ attempt: number; active: boolean }>(
    `select max(attempt) as attempt, bool_or(state in ('pending', 'submitted')) as active from settlements
     where payment_id = $1 and network = $2 and token = $3 and purpose = $4`,
    [intent.id, network, token.toLowerCase(), purpose],
  );
  if (prev?.active) return undefined;
  const attempt = (prev?.attempt ?? 0) + 1;
  const id = newId('stl');
  await tx.query(
    `insert into settlements (id, payment_id, merchant_id, environment, network, purpose, attempt, token,
       deposit_address, vault, salt, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending')`,
    [
      id,
      intent.id,
      intent.merchant_id,
      intent.environment,
      network,
      purpose,
      attempt,
      token.toLowerCase(),
      dep.address,
      dep.vault,
      dep.salt,
    ],
  );
  await enqueue(tx, {
    queue: sweepQueue(network),
    payload: { settlementId: id },
    idempotencyKey: `sweep:${intent.id}:${network}:${purpose}:${token.toLowerCase()}:${attempt}`,
    runAt,
    maxAttempts: 1000,
  });
  return id;
}
