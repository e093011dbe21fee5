// One event per fact. The events of a payment are decided from its derived facts and from what its outbox already
// holds, never from the transition: a fact is announced once, and announced again only after a reversal event
// withdrew it (a reversal followed by the fact again is a new fact). Because `announced` is read back from
// gateway_events under the payment's row lock, in the transaction that writes the new events
// (payments/recompute.ts), no path through the states (a cancelled refund request, a status that comes back after a
// reorg, a recompute repeated after a crash) can announce a fact twice.
//
// The facts, each named by its event type:
//   payment.detected      official funds seen, not final yet (the status is DETECTED or CONFIRMING)
//   payment.confirmed     final on-time official funds cover the amount (the paid family)
//   payment.overpaid      confirmed with an excess larger than the one announced last (once per increase)
//   payment.expired       the window closed with nothing official received (EXPIRED)
//   payment.underpaid     the window closed with part of the amount final (UNDERPAID)
//   payment.late          official funds became final after the window closed (LATE_PAYMENT)
//   payment.invalid_asset a foreign token's transfer to a deposit address is final (whatever the status)
//   settlement.submitted  a sweep into the vault is in flight (SETTLEMENT_PENDING); again after a failure
//   settlement.failed     the latest sweep failed (SETTLEMENT_FAILED); again after a new submission
//   settlement.completed, payment.completed   final settlement transfers into the vault cover the amount
// Reversals (only a devnet that lost blocks, or a reorg of unfinal facts, takes a fact back):
//   settlement.reversed   settlement.completed was announced and the payment is no longer settled; it withdraws
//                         every announced settlement fact, so the next settlement is announced anew
//   payment.reversed      any other announced fact no longer holds (funds seen, confirmed, underpaid, late, foreign
//                         funds orphaned or lost)
// A reversal event lists what it withdraws in data.reverses (event types).

import type { DerivedPayment } from './status.ts';

export const FACT_EVENT_TYPES = [
  'payment.detected',
  'payment.confirmed',
  'payment.overpaid',
  'payment.expired',
  'payment.underpaid',
  'payment.late',
  'payment.invalid_asset',
  'settlement.submitted',
  'settlement.failed',
  'settlement.completed',
  'payment.completed',
] as const;
export type FactEventType = (typeof FACT_EVENT_TYPES)[number];
export type ReversalEventType = 'settlement.reversed' | 'payment.reversed';
export type PaymentEventType = FactEventType | ReversalEventType;

const SETTLEMENT_FACTS: readonly FactEventType[] = [
  'settlement.submitted',
  'settlement.failed',
  'settlement.completed',
  'payment.completed',
];

/** What a payment's outbox has announced and not withdrawn. */
export interface Announced {
  facts: ReadonlySet<FactEventType>;
  /** The excess of the latest payment.overpaid not withdrawn (0 when none). */
  excessUnits: bigint;
}

/** One stored event of the payment, oldest first (gateway_events by seq). */
export interface StoredPaymentEvent {
  type: string;
  /** data.reverses of a reversal event; absent on reversals written before it existed. */
  reverses?: readonly string[] | null;
  /** data.excess_amount_units of payment.overpaid. */
  excessUnits?: string | null;
}

const isFact = (t: string): t is FactEventType => (FACT_EVENT_TYPES as readonly string[]).includes(t);

/** Replays the outbox of one payment (oldest first) into the set of facts it has announced and not withdrawn. */
export function announcedFrom(events: readonly StoredPaymentEvent[]): Announced {
  const facts = new Set<FactEventType>();
  let excessUnits = 0n;
  for (const e of events) {
    if (e.type === 'settlement.reversed' || e.type === 'payment.reversed') {
      // Reversals written before data.reverses existed withdrew the settlement (and, payment.reversed, everything).
      const withdrawn = e.reverses ?? (e.type === 'settlement.reversed' ? SETTLEMENT_FACTS : FACT_EVENT_TYPES);
      for (const t of withdrawn) if (isFact(t)) facts.delete(t);
      if (!facts.has('payment.overpaid')) excessUnits = 0n;
      continue;
    }
    if (!isFact(e.type)) continue; // refund.*, invoice.paid: facts of other resources
    facts.add(e.type);
    // A submission and a failure alternate: each new attempt's outcome is a new fact.
    if (e.type === 'settlement.submitted') facts.delete('settlement.failed');
    if (e.type === 'settlement.failed') facts.delete('settlement.submitted');
    if (e.type === 'payment.overpaid' && e.excessUnits) excessUnits = BigInt(e.excessUnits);
  }
  return { facts, excessUnits };
}

export interface FactEvent {
  type: PaymentEventType;
  /** Reversals: the fact events withdrawn. */
  reverses?: FactEventType[];
}

/** Whether an announced fact still holds for the derived payment. */
function holds(t: FactEventType, d: DerivedPayment): boolean {
  switch (t) {
    case 'payment.detected':
      return d.receivedUnits > 0n;
    case 'payment.confirmed':
    case 'payment.overpaid':
    case 'settlement.submitted':
    case 'settlement.failed':
      return d.confirmed;
    case 'payment.underpaid':
    case 'payment.late':
      return d.finalUnits > 0n;
    case 'payment.invalid_asset':
      return d.foreignTransfers > 0;
    case 'payment.expired':
      return true; // the window stays closed; later funds are announced by their own facts
    case 'settlement.completed':
    case 'payment.completed':
      return d.settled;
  }
}

/** Whether a fact not announced (or withdrawn) is due now. */
function due(t: FactEventType, d: DerivedPayment): boolean {
  const s = d.fundingStatus;
  switch (t) {
    case 'payment.detected':
      return s === 'DETECTED' || s === 'CONFIRMING';
    case 'payment.confirmed':
      return d.confirmed;
    case 'payment.overpaid':
      return false; // by amount, below
    case 'payment.expired':
      return s === 'EXPIRED';
    case 'payment.underpaid':
      return s === 'UNDERPAID';
    case 'payment.late':
      return s === 'LATE_PAYMENT';
    case 'payment.invalid_asset':
      return d.foreignTransfers > 0;
    case 'settlement.submitted':
      return s === 'SETTLEMENT_PENDING';
    case 'settlement.failed':
      return s === 'SETTLEMENT_FAILED';
    case 'settlement.completed':
    case 'payment.completed':
      return d.settled;
  }
}

/**
 * Pure: the events that make the announced facts equal to the derived ones, in the order a receiver should read
 * them: reversals first (the settlement before the payment), then the new facts in the order they happen.
 */
export function factEvents(announced: Announced, d: DerivedPayment): FactEvent[] {
  const out: FactEvent[] = [];
  const facts = new Set(announced.facts);
  let excess = announced.excessUnits;
  if (facts.has('settlement.completed') && !d.settled) {
    const reverses = SETTLEMENT_FACTS.filter((t) => facts.has(t));
    for (const t of reverses) facts.delete(t);
    out.push({ type: 'settlement.reversed', reverses });
  }
  const lost = FACT_EVENT_TYPES.filter((t) => facts.has(t) && !holds(t, d));
  if (lost.length > 0) {
    for (const t of lost) facts.delete(t);
    out.push({ type: 'payment.reversed', reverses: lost });
  }
  if (!facts.has('payment.overpaid')) excess = 0n;
  for (const t of FACT_EVENT_TYPES) {
    if (t === 'payment.overpaid') {
      if (d.confirmed && d.excessUnits > excess) out.push({ type: t });
      continue;
    }
    if (!facts.has(t) && due(t, d)) out.push({ type: t });
  }
  return out;
}
