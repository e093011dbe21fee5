// The refund request state machine: a pure function from facts to status, like payments/status.ts.
//
// Facts: whether the merchant cancelled the request, and the Transfer logs recorded for it (chain_transfers with
// kind 'refund': the payment's official token, from the vault of a network where the payment received final funds,
// to the request's recipient, for at least the requested amount; refunds/refundTransferMatch.ts checks all of it
// before a log is recorded), each with its finality and its removal by a reorg.
//
//   pending     no live transfer yet: waiting for the merchant to send the refund from the vault
//   confirming  a matching transfer is recorded (through a proof or the watcher) but is not final yet
//   completed   a matching transfer is final at the network's confirmation depth (refund.completed)
//   cancelled   withdrawn by the merchant while pending; its amount is refundable again
//
// Transitions:
//   pending -> confirming (transfer seen, not final) | completed (transfer already final) | cancelled
//   confirming -> completed (final) | pending (its transfer was orphaned by a reorg: it no longer counts, and a
//                 proof or the watcher may fulfil the request again)
//   completed, cancelled: terminal. A final transfer is never rolled back (the confirmation depth is the safety
//   assumption). A verified transfer outranks a cancellation: money that moved is a refund.

export const REFUND_STATUSES = ['pending', 'confirming', 'completed', 'cancelled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export interface RefundTransferFact {
  final: boolean;
  removed: boolean;
}

export interface RefundFacts {
  cancelled: boolean;
  transfers: readonly RefundTransferFact[];
}

/** Pure: the same facts always give the same status. */
export function deriveRefundStatus(f: RefundFacts): RefundStatus {
  const live = f.transfers.filter((t) => !t.removed);
  if (live.some((t) => t.final)) return 'completed';
  if (live.length > 0) return 'confirming';
  return f.cancelled ? 'cancelled' : 'pending';
}

/** Statuses whose amount counts against the payment's refundable remainder (open requests reserve theirs). */
export function reservesAmount(s: RefundStatus): boolean {
  return s !== 'cancelled';
}

export type RefundEventType = 'refund.requested' | 'refund.cancelled' | 'refund.completed';

/**
 * The events a change of a refund's status emits (refund.requested is emitted on creation). Each is sent once per
 * request: recomputeRefunds checks the outbox before it writes one (a request that returns to pending after a
 * reorg and completes again is the same refund).
 */
export function refundTransitionEvents(from: RefundStatus, to: RefundStatus): RefundEventType[] {
  if (from === to) return [];
  if (to === 'completed') return ['refund.completed'];
  if (to === 'cancelled') return ['refund.cancelled'];
  return [];
}
