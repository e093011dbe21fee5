// The payment status engine: a pure function from verified facts to one of the spec's 16 states.
//
// Status is derived, never set. The database stores facts only (transfers the chain watcher observed, with their
// block, finality and removal by a reorg; our sweep attempts; the intent's amount and expiry). `deriveStatus` is
// re-run in the same transaction as every new fact (payments/recompute.ts); the `status` column is a cache of its
// result for listing and filtering, written nowhere else.
//
// Facts and the words used below:
//   incoming transfer   a Transfer log whose recipient is one of the payment's deposit addresses
//   official            its token is the issuer's native contract of the intent's currency on that network
//                       (networks/registry.ts); anything else (bridged USDC.e, another stablecoin, EURC sent to a
//                       USDC intent) is foreign
//   on time             included in a block whose timestamp is before expires_at. The block timestamp is the verified
//                       moment of payment; a customer who paid in time is not late because finality took longer
//   final               buried under the network's confirmation depth (the watcher never un-finalises)
//   removed             its block was orphaned by a reorg; removed facts are ignored entirely
//   settlement transfer a Transfer of the official token from a deposit address to the merchant's vault (a sweep,
//                       ours or anyone's: the forwarder can only pay the vault)
//
// Funding states (from incoming transfers and the clock), with A = amount:
//   CREATED            the intent is not open for payment yet (a payment-link intent before the customer picks a
//                      network at checkout; API intents open at once) and no funds are seen. Its expiry clock has not
//                      started: while not opened it never expires, and funds that reach its address anyway (the
//                      address exists from creation) are on time and count like any payment: the customer had it
//   AWAITING_PAYMENT   nothing official seen, not expired (foreign funds give INVALID_ASSET instead)
//   DETECTED           official funds seen, none final yet
//   CONFIRMING         some official funds final, but final on-time funds < A; or past expiry, on-time funds
//                      that cover A are still waiting for finality
//   PAID               final on-time official funds >= A, and final official funds == A
//   OVERPAID           final on-time official funds >= A, and final official funds > A (excess = final - A)
//   EXPIRED            past expiry, nothing official seen on time, no final late funds (foreign funds or not: an
//                      INVALID_ASSET intent expires like any other when its window closes)
//   UNDERPAID          past expiry, 0 < final on-time funds < A (and no final late funds)
//   LATE_PAYMENT       past expiry without on-time full payment, and official funds in blocks after expiry are final
//   INVALID_ASSET      before expiry, only foreign tokens arrived, final (official funds, once they come, take
//                      precedence)
// Settlement states, only on top of PAID / OVERPAID (late, underpaid and foreign funds are recovered into the vault
// too, but such a payment keeps its state: it was never paid as asked):
//   SETTLEMENT_PENDING our sweep is broadcast or mined, or a settlement transfer is seen, and not yet settled
//   SETTLED            final settlement transfers into the vault >= A
//   SETTLEMENT_FAILED  our latest sweep attempt failed (reverted / could not be sent); a retry is scheduled
// Refund states, on top of every closed state that holds final funds: SETTLED, UNDERPAID and LATE_PAYMENT (refund
// facts: refund requests that are open - pending or confirming - or completed, i.e. their vault-to-recipient
// transfer is final; cancelled requests are no facts; refunds/):
//   REFUND_REQUESTED   a refund request is open
//   PARTIALLY_REFUNDED no request open, completed refunds < final official funds
//   REFUNDED           completed refunds >= final official funds (nothing is left to refund)
// Refunds of an overpayment's excess only (refund requests of kind excess) lay no refund state: they count towards
// REFUNDED, nothing else. An accepted underpayment (acceptedUnits) stands for the amount from then on: the payment
// is confirmed, settled and overpaid against it (UNDERPAID -> PAID and on, by the merchant's decision).
// A refund may be requested as soon as final funds exist (the merchant pays it from the vault); while the payment is
// still open or its settlement is in flight (PAID, OVERPAID, SETTLEMENT_*) its status stays there, and it enters the
// refund states when it closes. The state beneath the refund layer is `fundingStatus`; whether the payment was paid
// is `confirmed` (a refunded payment may have been paid or not).
//
// Transitions that the rules above produce (anything else is impossible, see status.test.ts):
//   CREATED -> AWAITING_PAYMENT (opened) | DETECTED | CONFIRMING | PAID | OVERPAID | INVALID_ASSET (funds before
//              opening); never EXPIRED while not opened
//   AWAITING_PAYMENT -> DETECTED | CONFIRMING | PAID | OVERPAID (a batch may carry several facts at once)
//                    -> EXPIRED (expiry job) | INVALID_ASSET (foreign token)
//   INVALID_ASSET -> EXPIRED (expiry job)
//   DETECTED -> CONFIRMING | PAID | OVERPAID | UNDERPAID (partial became final after expiry)
//            -> AWAITING_PAYMENT | EXPIRED | INVALID_ASSET (the transfer was orphaned by a reorg)
//            -> CREATED (funds seen before opening were orphaned by a reorg)
//   CONFIRMING -> PAID | OVERPAID | UNDERPAID (expiry) | LATE_PAYMENT
//              -> DETECTED | EXPIRED | INVALID_ASSET (unfinal funds orphaned by a reorg, past expiry)
//   PAID -> OVERPAID (more funds) | SETTLEMENT_PENDING | SETTLEMENT_FAILED | SETTLED
//   OVERPAID -> SETTLEMENT_PENDING | SETTLEMENT_FAILED | SETTLED
//   SETTLEMENT_PENDING -> SETTLED | SETTLEMENT_FAILED
//                      -> PAID | OVERPAID (a third party's unfinal sweep orphaned by a reorg, none of ours in flight)
//   SETTLEMENT_FAILED -> SETTLEMENT_PENDING (retry) | SETTLED
//   PAID | OVERPAID | SETTLEMENT_PENDING | SETTLEMENT_FAILED -> REFUND_REQUESTED | PARTIALLY_REFUNDED | REFUNDED
//                    (settled while refund facts already exist)
//   SETTLED | UNDERPAID | LATE_PAYMENT -> REFUND_REQUESTED | PARTIALLY_REFUNDED | REFUNDED
//   UNDERPAID -> PAID | SETTLEMENT_PENDING | SETTLED (the merchant accepted the underpayment)
//   any state that may become UNDERPAID or LATE_PAYMENT -> a refund state instead, when refund facts exist (the
//                    layer lies over both: CONFIRMING whose window closes with a request open is REFUND_REQUESTED)
//   REFUND_REQUESTED -> PARTIALLY_REFUNDED | REFUNDED (a refund completed) | the state beneath (request cancelled)
//   PARTIALLY_REFUNDED -> REFUND_REQUESTED (another request) | REFUNDED
//   REFUNDED -> PARTIALLY_REFUNDED | REFUND_REQUESTED (more funds arrived after the refund: a remainder exists again)
//   EXPIRED | UNDERPAID -> LATE_PAYMENT (late funds final)
//   EXPIRED | UNDERPAID | LATE_PAYMENT -> DETECTED | CONFIRMING | PAID | OVERPAID | UNDERPAID: a transfer mined
//                    BEFORE expiry but observed after it (watcher downtime, backfill) is on time: the facts decide,
//                    not when we saw them (LATE_PAYMENT only goes on to PAID or OVERPAID: its late funds stay final)
//   INVALID_ASSET -> DETECTED | CONFIRMING | PAID | OVERPAID (official funds came after all)
//                 -> UNDERPAID | LATE_PAYMENT (official funds after expiry); the foreign funds stay a fact
// Final facts never disappear on a real network, so there once PAID or OVERPAID a payment never goes back to an unpaid
// state. The devnet is the exception: a crash can restore its chain to a state older than the database, and then
// the lost facts are removed (watcher/rollBackDevnet.ts) and any state may follow. What is announced of a state is
// decided by payments/paymentFacts.ts from the facts, never from the transition: one event per fact, a reversal
// event (payment.reversed, settlement.reversed) for an announced fact that no longer holds.

export const PAYMENT_STATUSES = [
  'CREATED',
  'AWAITING_PAYMENT',
  'DETECTED',
  'CONFIRMING',
  'PAID',
  'OVERPAID',
  'SETTLEMENT_PENDING',
  'SETTLED',
  'EXPIRED',
  'UNDERPAID',
  'LATE_PAYMENT',
  'INVALID_ASSET',
  'SETTLEMENT_FAILED',
  'REFUND_REQUESTED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** States in which the customer can still pay on time (the watcher and checkout treat these as open). */
export const OPEN_STATUSES: readonly PaymentStatus[] = ['CREATED', 'AWAITING_PAYMENT', 'DETECTED', 'CONFIRMING'];

/**
 * The paid family: reached only after final on-time funds covered the amount. The refund states are not in it: they
 * lie over UNDERPAID and LATE_PAYMENT too, so whether a refunded payment was paid is `DerivedPayment.confirmed`
 * (stored as payment_intents.confirmed).
 */
const CONFIRMED_FAMILY: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>([
  'PAID',
  'OVERPAID',
  'SETTLEMENT_PENDING',
  'SETTLED',
  'SETTLEMENT_FAILED',
]);

/** A funding or settlement status (never a refund state) in the paid family. */
export function isConfirmedStatus(s: PaymentStatus): boolean {
  return CONFIRMED_FAMILY.has(s);
}

export interface TransferFact {
  /** `incoming`: to a deposit address. `settlement`: official token from a deposit address into the vault. */
  kind: 'incoming' | 'settlement';
  /** True for the issuer's official token of the intent's currency on that network. */
  official: boolean;
  amountUnits: bigint;
  blockTime: Date;
  final: boolean;
  removed: boolean;
}

export interface SweepAttemptFact {
  /** `submitted`: signed and broadcast (or about to be); `succeeded`: mined and not reverted; `failed`: reverted or
   * could not be sent. Ordered oldest first. */
  state: 'submitted' | 'succeeded' | 'failed';
}

export interface PaymentFacts {
  amountUnits: bigint;
  expiresAt: Date;
  /** False only for intents that are not open for payment yet. */
  opened: boolean;
  transfers: readonly TransferFact[];
  /** Sweep attempts of the settlement after full payment (recovery sweeps of late funds are not listed here). */
  sweeps: readonly SweepAttemptFact[];
  /** Refund requests that are not cancelled; absent = none. */
  refunds?: readonly RefundFact[];
  /**
   * The merchant accepted an underpayment for this amount (payments/acceptUnderpayment.ts): it stands for the amount
   * asked for from then on, so the payment is paid (and settled, and its excess counted) against it. Absent = not.
   */
  acceptedUnits?: bigint | null;
}

export interface RefundFact {
  amountUnits: bigint;
  /** open: pending or confirming (its transfer not final yet); completed: its vault-to-recipient transfer is final. */
  state: 'open' | 'completed';
  /**
   * Returns only an overpayment's excess: it counts towards REFUNDED (all final funds returned) but lays no refund
   * state over the payment (a paid payment whose excess went back stays paid).
   */
  excess?: boolean;
}

export interface DerivedPayment {
  status: PaymentStatus;
  /** The status beneath the refund layer (equal to `status` when no refund state applies). */
  fundingStatus: PaymentStatus;
  /** Final on-time official funds cover the amount: the payment was paid (payment.confirmed), refunded or not. */
  confirmed: boolean;
  /** Confirmed, and final settlement transfers into the vault cover the amount (payment.completed). */
  settled: boolean;
  /** Official funds seen (final or not), all networks. */
  receivedUnits: bigint;
  /** Official funds final. */
  finalUnits: bigint;
  /** OVERPAID and after: final official funds beyond the amount. 0 otherwise. */
  excessUnits: bigint;
  /** Final settlement transfers into the vault. */
  settledUnits: bigint;
  /** Foreign-token transfers (not removed). */
  foreignTransfers: number;
  /** Completed refunds (their transfers are final). */
  refundedUnits: bigint;
}

const sum = (xs: readonly TransferFact[]): bigint => xs.reduce((a, t) => a + t.amountUnits, 0n);

/** Pure: the same facts and `now` always give the same result. */
export function deriveStatus(facts: PaymentFacts, now: Date): DerivedPayment {
  const A = facts.acceptedUnits ?? facts.amountUnits;
  const valid = facts.transfers.filter((t) => !t.removed);
  const incoming = valid.filter((t) => t.kind === 'incoming');
  const official = incoming.filter((t) => t.official);
  // Foreign funds count once final: INVALID_ASSET is announced from verified facts and never taken back.
  const foreign = incoming.filter((t) => !t.official && t.final);
  // Not opened: the expiry clock has not started (openPaymentIntent sets expires_at when it does).
  const exp = facts.opened ? facts.expiresAt.getTime() : Number.POSITIVE_INFINITY;
  // Strictly before expires_at: at the instant of expiry the intent is expired (`now >= exp` below), so a block
  // stamped with that very instant is after expiry too.
  const onTime = official.filter((t) => t.blockTime.getTime() < exp);
  const late = official.filter((t) => t.blockTime.getTime() >= exp);
  const expired = now.getTime() >= exp;

  const receivedUnits = sum(official);
  const finalUnits = sum(official.filter((t) => t.final));
  const onTimeFinal = sum(onTime.filter((t) => t.final));
  const onTimeSeen = sum(onTime);
  const lateFinal = sum(late.filter((t) => t.final));
  const settledUnits = sum(valid.filter((t) => t.kind === 'settlement' && t.official && t.final));
  const settlementSeen = valid.some((t) => t.kind === 'settlement' && t.official);

  const refunds = facts.refunds ?? [];
  const refundedUnits = refunds.filter((r) => r.state === 'completed').reduce((a, r) => a + r.amountUnits, 0n);
  // Refunds of the excess alone lay no refund state: only refunds of the payment itself do (or all funds returned).
  const ofPayment = refunds.filter((r) => !r.excess);
  const refundOpen = ofPayment.some((r) => r.state === 'open');
  const paymentRefundedUnits = ofPayment.filter((r) => r.state === 'completed').reduce((a, r) => a + r.amountUnits, 0n);

  const confirmed = A > 0n && onTimeFinal >= A;
  const base = {
    receivedUnits,
    finalUnits,
    settledUnits,
    foreignTransfers: foreign.length,
    refundedUnits,
    confirmed,
    settled: confirmed && settledUnits >= A,
  };
  const result = (funding: PaymentStatus, excessUnits = 0n): DerivedPayment => {
    let status = funding;
    // The refund layer: over every closed state that holds final funds (module header).
    if (REFUNDABLE_BASES.has(funding)) {
      if (refundedUnits > 0n && refundedUnits >= finalUnits) status = 'REFUNDED';
      else if (refundOpen) status = 'REFUND_REQUESTED';
      else if (paymentRefundedUnits > 0n) status = 'PARTIALLY_REFUNDED';
    }
    return { status, fundingStatus: funding, excessUnits, ...base };
  };

  if (!facts.opened && official.length === 0 && foreign.length === 0) return result('CREATED');

  if (confirmed) {
    const excess = finalUnits - A;
    if (settledUnits >= A) return result('SETTLED', excess);
    const lastSweep = facts.sweeps[facts.sweeps.length - 1];
    if (settlementSeen || lastSweep?.state === 'submitted' || lastSweep?.state === 'succeeded') {
      return result('SETTLEMENT_PENDING', excess);
    }
    if (lastSweep?.state === 'failed') return result('SETTLEMENT_FAILED', excess);
    return excess > 0n ? result('OVERPAID', excess) : result('PAID');
  }

  if (!expired) {
    if (official.length === 0) return result(foreign.length > 0 ? 'INVALID_ASSET' : 'AWAITING_PAYMENT');
    return result(finalUnits === 0n ? 'DETECTED' : 'CONFIRMING');
  }

  // Expired without final on-time funds covering the amount. Foreign funds alone do not keep the intent open: it
  // expires like any other (they stay a fact, recovered into the vault, and payment.invalid_asset was sent).
  if (lateFinal > 0n) return result('LATE_PAYMENT');
  if (onTimeSeen >= A && onTimeSeen > 0n) return result('CONFIRMING');
  if (onTimeFinal > 0n) return result('UNDERPAID');
  if (onTimeSeen > 0n) return result('DETECTED');
  return result('EXPIRED');
}

const REFUND_STATES: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>([
  'REFUND_REQUESTED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
]);

/** A refund state: its payment's funding state was closed (SETTLED, UNDERPAID or LATE_PAYMENT) before it. */
export function isRefundStatus(s: PaymentStatus): boolean {
  return REFUND_STATES.has(s);
}

/** The closed states that hold final funds: the refund states lie over these. */
const REFUNDABLE_BASES: ReadonlySet<PaymentStatus> = new Set<PaymentStatus>(['SETTLED', 'UNDERPAID', 'LATE_PAYMENT']);
