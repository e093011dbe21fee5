// The truth table of the hosted pages: one pure function from the public payment view (and the server's clock) to
// the one state the page shows, its one message and the actions allowed in it. The components only render what this
// returns, so no page can offer a way to pay in a state where paying is wrong: nothing after the window closes, nothing
// once paid or refunded. Status comes from the gateway (derived from chain facts); amounts from the same view.
import type { PaymentStatus, PublicIntent } from '../../shared/apiTypes.ts';

export type CheckoutStateName =
  | 'created'
  | 'awaiting'
  | 'confirming'
  | 'partial'
  | 'partialClosed'
  | 'underpaid'
  | 'underpaidRefunded'
  | 'paid'
  | 'overpaid'
  | 'refundRequested'
  | 'partiallyRefunded'
  | 'refunded'
  | 'expired'
  | 'late'
  | 'lateRefunded'
  | 'invalidAsset'
  | 'invalidAssetClosed';

/**
 * open: pick the network and start the clock (CREATED). pay: the networks, methods, address, QR and wallet for
 * `due`. countdown: the time left. confirmations: the latest transfer's progress. foreignToken: what arrived that
 * does not count. cancel / return: back to the shop (before / after payment). reference: the order reference and
 * payment id to quote to the merchant.
 */
export type CheckoutAction =
  'open' | 'pay' | 'countdown' | 'confirmations' | 'foreignToken' | 'cancel' | 'return' | 'reference';

/** Whether the time to pay is running: not yet (CREATED: its clock starts on open), open, or closed. */
export type PaymentWindow = 'notStarted' | 'open' | 'closed';

export interface CheckoutState {
  name: CheckoutStateName;
  window: PaymentWindow;
  /** Decimal strings in the payment's currency: asked, received (official funds), still due, excess, refunded. */
  amounts: { amount: string; received: string; due: string; excess: string; refunded: string };
  /** Base units of `due`, for the QR and the wallet transfer. */
  dueUnits: string;
  actions: readonly CheckoutAction[];
  /** The state's message (headline and body) in the catalogue: `state.<name>.title` / `.body`. */
  message: `state.${CheckoutStateName}`;
  /** The paid family: the shop may redirect to its success URL. */
  paid: boolean;
}

const PAID_FAMILY: readonly PaymentStatus[] = [
  'PAID',
  'OVERPAID',
  'SETTLEMENT_PENDING',
  'SETTLED',
  'SETTLEMENT_FAILED',
];

export function paymentWindow(i: Pick<PublicIntent, 'status' | 'expires_at' | 'server_time'>): PaymentWindow {
  if (i.status === 'CREATED') return 'notStarted';
  return new Date(i.server_time).getTime() < new Date(i.expires_at).getTime() ? 'open' : 'closed';
}

/** The one state of the page for a public view. Pure: the same view gives the same state. */
export function checkoutState(i: PublicIntent): CheckoutState {
  const window = paymentWindow(i);
  const amount = BigInt(i.amount_units);
  const received = BigInt(i.amount_received_units);
  const excess = BigInt(i.amount_excess_units);
  const refunded = BigInt(i.amount_refunded_units);
  const due = BigInt(i.amount_remaining_units);
  const open = window === 'open';
  const make = (name: CheckoutStateName, actions: CheckoutAction[], paid = false): CheckoutState => ({
    name,
    window,
    amounts: {
      amount: i.amount,
      received: i.amount_received,
      due: i.amount_remaining,
      excess: i.amount_excess,
      refunded: i.amount_refunded,
    },
    dueUnits: i.amount_remaining_units,
    actions,
    message: `state.${name}`,
    paid,
  });
  const payNow: CheckoutAction[] = ['pay', 'countdown', 'cancel'];

  // Official funds cover the amount but the cached status has not caught up: nothing more to pay.
  const covered = due === 0n || received >= amount;
  switch (i.status) {
    case 'CREATED':
      return make('created', ['open', 'cancel']);
    case 'AWAITING_PAYMENT':
      // The expiry job may not have run yet: the clock decides, not the cached status.
      if (covered) return make('confirming', ['confirmations']);
      return open ? make('awaiting', payNow) : make('expired', ['cancel']);
    case 'DETECTED':
    case 'CONFIRMING':
      if (covered) return make('confirming', ['confirmations']);
      return open
        ? make('partial', ['confirmations', ...payNow])
        : make('partialClosed', ['confirmations', 'reference']);
    case 'UNDERPAID':
      return refunded > 0n ? make('underpaidRefunded', ['reference']) : make('underpaid', ['reference']);
    case 'PAID':
    case 'OVERPAID':
    case 'SETTLEMENT_PENDING':
    case 'SETTLED':
    case 'SETTLEMENT_FAILED':
      // A settled overpayment is still one: the excess is the customer's to ask back.
      return excess > 0n ? make('overpaid', ['return', 'reference'], true) : make('paid', ['return'], true);
    case 'REFUND_REQUESTED':
      return make('refundRequested', ['reference']);
    case 'PARTIALLY_REFUNDED':
      return make('partiallyRefunded', ['reference']);
    case 'REFUNDED':
      return make('refunded', []);
    case 'EXPIRED':
      return make('expired', ['cancel']);
    case 'LATE_PAYMENT':
      return refunded > 0n ? make('lateRefunded', ['reference']) : make('late', ['reference']);
    case 'INVALID_ASSET':
      if (covered) return make('confirming', ['confirmations']);
      return open
        ? make('invalidAsset', ['foreignToken', ...payNow, 'reference'])
        : make('invalidAssetClosed', ['foreignToken', 'reference']);
  }
}

export const has = (s: CheckoutState, a: CheckoutAction) => s.actions.includes(a);

/** The paid family, for code that only needs to know whether the order is paid. */
export const isPaidStatus = (s: PaymentStatus) => PAID_FAMILY.includes(s);
