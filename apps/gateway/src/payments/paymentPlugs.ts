// The payment hub's plug points (filled by the composition root, plugPoints.ts): what other features add to a
// payment's recompute without payments/ importing them. Both run inside recomputePayment, on its transaction and
// under the payment's row lock, so what they write commits with the transition or not at all.
import type { Sql } from '@tender/platform';
import type { IntentRow } from './model.ts';
import type { DerivedPayment, PaymentStatus, RefundFact } from './status.ts';

export interface RecomputeCause {
  /** Short machine reason for the timeline: transfer_detected, transfer_final, reorg, expiry, sweep_submitted … */
  reason: string;
  data?: Record<string, unknown>;
  /** Incoming transfers that became final in this transaction (recovery sweeps for funds that arrive too late). */
  finalizedTransferIds?: readonly string[];
}

/** One incoming or settlement transfer of the payment, as recompute read it (refund transfers excluded). */
export interface TransferRow {
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

/**
 * Facts of the payment that another feature owns, read (and its own statuses re-derived) before deriveStatus:
 * refund requests (refunds/recomputeRefunds.ts) are laid over the payment's closed funded states.
 */
export type PaymentFactSource = (tx: Sql, paymentId: string) => Promise<{ refunds?: readonly RefundFact[] }>;

/** A recomputed payment: its row after the transition, the status before and after, the facts it was derived from. */
export interface PaymentTransition {
  intent: IntentRow;
  from: PaymentStatus;
  to: PaymentStatus;
  fromConfirmed: boolean;
  fromFinalUnits: bigint;
  /** Whether the status or any total changed. */
  changed: boolean;
  derived: DerivedPayment;
  transfers: readonly TransferRow[];
  cause: RecomputeCause;
  now: Date;
}

/**
 * Reacts to every recompute after the payment's own events, in registration order (invoice events, then sweeps):
 * returns the ids of the events it emitted, so a receiver sees payment.confirmed before invoice.paid.
 */
export type PaymentTransitionReaction = (tx: Sql, t: PaymentTransition) => Promise<readonly string[]>;

/** Fields another feature adds to a payment's detail (GET /v1/payments/{id}), read beside the payment's own. */
export type PaymentDetailPart = (sql: Sql, intent: IntentRow) => Promise<Record<string, unknown>>;
