// The truth table of the hosted pages, without a browser: every status the gateway can report × the payment window
// (open / closed; CREATED has not started) × what arrived (nothing, part, exactly, more) × what was refunded (nothing,
// part, all) goes through checkoutState, and every cell must give one state whose message exists in every language
// and whose actions never offer a way to pay when paying is wrong.
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../gateway/src/payments/status.ts';
import { checkoutState, type CheckoutStateName, type PaymentWindow } from './app/customer/checkout/checkoutState.ts';
import type { PublicIntent } from './app/shared/apiTypes.ts';
import { CATALOGUES } from './app/shared/i18n/catalogues.ts';
import type { MessageKey } from './app/shared/i18n/en.ts';

const AMOUNT = 10_000_000n; // 10 USDC
const RECEIVED = { none: 0n, partial: 4_000_000n, exact: AMOUNT, over: 17_000_000n } as const;
type Received = keyof typeof RECEIVED;
const REFUNDED = { none: 0n, part: 2_000_000n, all: -1n } as const; // all: everything received
type Refunded = keyof typeof REFUNDED;
const PAID_OR_REFUNDED: readonly PaymentStatus[] = [
  'PAID',
  'OVERPAID',
  'SETTLEMENT_PENDING',
  'SETTLED',
  'SETTLEMENT_FAILED',
  'REFUND_REQUESTED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
];

const dec = (u: bigint) => {
  const s = u.toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/\.?0+$/, '');
};

function view(status: PaymentStatus, window: 'open' | 'closed', received: bigint, refunded: bigint): PublicIntent {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const remaining = received >= AMOUNT ? 0n : AMOUNT - received;
  const excess = received > AMOUNT ? received - AMOUNT : 0n;
  return {
    id: 'pi_table',
    object: 'public_payment_intent',
    status,
    amount: dec(AMOUNT),
    amount_units: AMOUNT.toString(),
    currency: 'USDC',
    decimals: 6,
    description: null,
    order_reference: 'ORDER-1',
    business_name: 'Shop',
    support_email: null,
    support_url: null,
    livemode: false,
    expires_at: new Date(window === 'open' ? now + 600_000 : now - 1_000).toISOString(),
    checkout_methods: ['WALLET', 'ADDRESS'],
    success_url: null,
    cancel_url: null,
    amount_received: dec(received),
    amount_received_units: received.toString(),
    amount_remaining: dec(remaining),
    amount_remaining_units: remaining.toString(),
    amount_excess: dec(excess),
    amount_excess_units: excess.toString(),
    amount_refunded: dec(refunded),
    amount_refunded_units: refunded.toString(),
    networks: [],
    latest_transfer: null,
    foreign_transfers: [],
    server_time: new Date(now).toISOString(),
  };
}

interface Cell {
  status: PaymentStatus;
  window: 'open' | 'closed';
  received: Received;
  refunded: Refunded;
}

const cells: Cell[] = PAYMENT_STATUSES.flatMap((status) =>
  (['open', 'closed'] as const).flatMap((window) =>
    (Object.keys(RECEIVED) as Received[]).flatMap((received) =>
      (Object.keys(REFUNDED) as Refunded[]).map((refunded) => ({ status, window, received, refunded })),
    ),
  ),
);

function stateOf(c: Cell) {
  const r = RECEIVED[c.received];
  const refunded = REFUNDED[c.refunded] < 0n ? r : REFUNDED[c.refunded];
  return checkoutState(view(c.status, c.window, r, c.received === 'none' ? 0n : refunded));
}

describe('checkout truth table', () => {
  it('covers every status the gateway reports', () => {
    expect(cells.length).toBe(PAYMENT_STATUSES.length * 2 * 4 * 3);
  });

  it.each(cells)('$status, window $window, received $received, refunded $refunded', (c) => {
    const s = stateOf(c);
    const win: PaymentWindow = c.status === 'CREATED' ? 'notStarted' : c.window;
    expect(s.window).toBe(win);
    // One message, in every language.
    for (const cat of Object.values(CATALOGUES)) {
      expect(cat[`${s.message}.title` as MessageKey]).toBeTruthy();
      expect(cat[`${s.message}.body` as MessageKey]).toBeTruthy();
    }
    const pays = s.actions.includes('pay');
    // Never a way to pay after the window closed, after payment, or after a refund; never for nothing due.
    if (
      win !== 'open' ||
      PAID_OR_REFUNDED.includes(c.status) ||
      ['EXPIRED', 'UNDERPAID', 'LATE_PAYMENT'].includes(c.status)
    ) {
      expect(pays).toBe(false);
    }
    if (pays) expect(BigInt(s.dueUnits)).toBeGreaterThan(0n);
    // The countdown runs only while the customer can pay; no cancel link on a paid or refunded page.
    expect(s.actions.includes('countdown')).toBe(pays);
    if (PAID_OR_REFUNDED.includes(c.status)) expect(s.actions).not.toContain('cancel');
    // CREATED: the customer opens it; no clock is running.
    expect(s.actions.includes('open')).toBe(c.status === 'CREATED');
    // What happened is said: an excess and a refund are named in the message.
    const body = CATALOGUES.en[`${s.message}.body` as MessageKey];
    if (s.name === 'overpaid') expect(body).toContain('{excess}');
    if (['refunded', 'partiallyRefunded', 'underpaidRefunded', 'lateRefunded'].includes(s.name)) {
      expect(body).toContain('{refunded}');
    }
    expect(s.paid).toBe(s.name === 'paid' || s.name === 'overpaid');
  });

  it('gives these states (the table in the closing note)', () => {
    const at = (status: PaymentStatus, window: 'open' | 'closed', received: Received, refunded: Refunded = 'none') =>
      stateOf({ status, window, received, refunded }).name;
    const expected: [CheckoutStateName, string][] = [
      [at('CREATED', 'open', 'none'), 'created'],
      [at('AWAITING_PAYMENT', 'open', 'none'), 'awaiting'],
      [at('AWAITING_PAYMENT', 'closed', 'none'), 'expired'],
      [at('DETECTED', 'open', 'exact'), 'confirming'],
      [at('CONFIRMING', 'open', 'partial'), 'partial'],
      [at('CONFIRMING', 'closed', 'partial'), 'partialClosed'],
      [at('UNDERPAID', 'closed', 'partial'), 'underpaid'],
      [at('UNDERPAID', 'closed', 'partial', 'all'), 'underpaidRefunded'],
      [at('PAID', 'open', 'exact'), 'paid'],
      [at('SETTLED', 'closed', 'exact'), 'paid'],
      [at('OVERPAID', 'open', 'over'), 'overpaid'],
      [at('SETTLED', 'open', 'over'), 'overpaid'],
      [at('REFUND_REQUESTED', 'open', 'exact'), 'refundRequested'],
      [at('PARTIALLY_REFUNDED', 'open', 'exact', 'part'), 'partiallyRefunded'],
      [at('REFUNDED', 'open', 'exact', 'all'), 'refunded'],
      [at('EXPIRED', 'closed', 'none'), 'expired'],
      [at('LATE_PAYMENT', 'closed', 'exact'), 'late'],
      [at('LATE_PAYMENT', 'closed', 'exact', 'all'), 'lateRefunded'],
      [at('INVALID_ASSET', 'open', 'none'), 'invalidAsset'],
      [at('INVALID_ASSET', 'closed', 'none'), 'invalidAssetClosed'],
    ];
    for (const [got, want] of expected) expect(got).toBe(want);
    // Every state of the table is reachable.
    const reached = new Set(cells.map((c) => stateOf(c).name));
    expect([...reached].sort()).toEqual([...new Set(expected.map(([, w]) => w))].sort());
  });

  it('fixes the audited contradictions', () => {
    // Underpaid after the window closed: no pay method, no QR, no countdown.
    const under = stateOf({ status: 'UNDERPAID', window: 'closed', received: 'partial', refunded: 'none' });
    expect(under.actions).not.toContain('pay');
    // Refunded: no countdown, no cancel link, and the refund is the message.
    const refunded = stateOf({ status: 'REFUNDED', window: 'open', received: 'exact', refunded: 'all' });
    expect(refunded.actions).toEqual([]);
    expect(refunded.amounts.refunded).toBe('10');
    // Overpaid: the excess is in the state.
    const over = stateOf({ status: 'OVERPAID', window: 'open', received: 'over', refunded: 'none' });
    expect(over.amounts).toMatchObject({ received: '17', excess: '7' });
    // A link's CREATED payment: no countdown before the clock starts.
    const created = stateOf({ status: 'CREATED', window: 'closed', received: 'none', refunded: 'none' });
    expect(created.actions).toEqual(['open', 'cancel']);
  });
});
