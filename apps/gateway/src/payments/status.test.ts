import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announcedFrom, factEvents, type FactEvent } from './paymentFacts.ts';
import {
  deriveStatus,
  isConfirmedStatus,
  type PaymentFacts,
  type PaymentStatus,
  type RefundFact,
  type TransferFact,
} from './status.ts';

const T0 = new Date('2026-10-01T00:00:00Z');
const EXP = new Date(T0.getTime() + 1200_000);
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const A = 10_000_000n; // 10.00 USDC

const tx = (amountUnits: bigint, o: Partial<TransferFact> = {}): TransferFact => ({
  kind: 'incoming',
  official: true,
  amountUnits,
  blockTime: at(60),
  final: true,
  removed: false,
  ...o,
});
const facts = (transfers: TransferFact[], o: Partial<PaymentFacts> = {}): PaymentFacts => ({
  amountUnits: A,
  expiresAt: EXP,
  opened: true,
  transfers,
  sweeps: [],
  ...o,
});
const status = (f: PaymentFacts, now = at(120)) => deriveStatus(f, now).status;

describe('deriveStatus: the spec rules', () => {
  it('reaches every funding state from its facts', () => {
    expect(status(facts([]))).toBe('AWAITING_PAYMENT');
    expect(status(facts([], { opened: false }))).toBe('CREATED');
    expect(status(facts([tx(A, { final: false })]))).toBe('DETECTED');
    expect(status(facts([tx(A / 2n), tx(A / 4n, { final: false })]))).toBe('CONFIRMING');
    expect(status(facts([tx(A)]))).toBe('PAID');
    const over = deriveStatus(facts([tx(A + 2_500_000n)]), at(120));
    expect(over.status).toBe('OVERPAID');
    expect(over.excessUnits).toBe(2_500_000n);
    expect(status(facts([]), at(1200))).toBe('EXPIRED');
    expect(status(facts([tx(A / 2n)]), at(1300))).toBe('UNDERPAID');
    expect(status(facts([tx(A, { blockTime: at(1300) })]), at(1400))).toBe('LATE_PAYMENT');
    expect(status(facts([tx(A, { official: false })]))).toBe('INVALID_ASSET');
    // Its window closes like any other's (the foreign funds stay a fact, recovered into the vault).
    expect(status(facts([tx(A, { official: false })]), at(1300))).toBe('EXPIRED');
  });

  it('rule 2: several transfers add up', () => {
    expect(status(facts([tx(3_000_000n), tx(3_000_000n), tx(4_000_000n)]))).toBe('PAID');
    expect(status(facts([tx(3_000_000n), tx(3_000_000n)]))).toBe('CONFIRMING');
  });

  it('rule 3: on-time funds waiting for finality at expiry are not late; late funds are', () => {
    expect(status(facts([tx(A, { final: false })]), at(1300))).toBe('CONFIRMING');
    expect(status(facts([tx(A, { blockTime: at(1199) })]), at(1300))).toBe('PAID');
    expect(status(facts([tx(A / 2n), tx(A / 2n, { blockTime: at(1201) })]), at(1300))).toBe('LATE_PAYMENT');
    expect(status(facts([tx(A / 2n), tx(A / 2n, { blockTime: at(1201), final: false })]), at(1300))).toBe('UNDERPAID');
  });

  it('a transfer mined before expiry but observed after it counts as on time (backfill after downtime)', () => {
    const backfilled = tx(A, { blockTime: at(1100) });
    expect(status(facts([backfilled]), at(1500))).toBe('PAID');
    const late = tx(A / 2n, { blockTime: at(1300) });
    expect(status(facts([late]), at(1500))).toBe('LATE_PAYMENT');
    expect(status(facts([late, backfilled]), at(1500))).toBe('OVERPAID');
  });

  it('settlement states lie on top of PAID and OVERPAID only', () => {
    const settle = (o: Partial<TransferFact> = {}) => tx(A, { kind: 'settlement', ...o });
    expect(status(facts([tx(A)], { sweeps: [{ state: 'submitted' }] }))).toBe('SETTLEMENT_PENDING');
    expect(status(facts([tx(A)], { sweeps: [{ state: 'failed' }] }))).toBe('SETTLEMENT_FAILED');
    expect(status(facts([tx(A)], { sweeps: [{ state: 'failed' }, { state: 'submitted' }] }))).toBe(
      'SETTLEMENT_PENDING',
    );
    expect(status(facts([tx(A), settle({ final: false })], { sweeps: [{ state: 'succeeded' }] }))).toBe(
      'SETTLEMENT_PENDING',
    );
    expect(status(facts([tx(A), settle()], { sweeps: [{ state: 'succeeded' }] }))).toBe('SETTLED');
    // A third party's sweep settles too: the forwarder can only pay the vault.
    expect(status(facts([tx(A), settle()]))).toBe('SETTLED');
    // Recovering late funds does not make a late payment "settled".
    expect(status(facts([tx(A, { blockTime: at(1300) }), settle()]), at(1400))).toBe('LATE_PAYMENT');
  });

  it('refund states lie on top of SETTLED only, from the refund facts', () => {
    const settled = [tx(A), tx(A, { kind: 'settlement' })];
    const r = (amountUnits: bigint, state: RefundFact['state']): RefundFact => ({ amountUnits, state });
    expect(status(facts(settled, { refunds: [r(A / 2n, 'open')] }))).toBe('REFUND_REQUESTED');
    expect(status(facts(settled, { refunds: [r(A / 2n, 'completed')] }))).toBe('PARTIALLY_REFUNDED');
    expect(status(facts(settled, { refunds: [r(A / 2n, 'completed'), r(A / 4n, 'open')] }))).toBe('REFUND_REQUESTED');
    expect(status(facts(settled, { refunds: [r(A / 2n, 'completed'), r(A / 2n, 'completed')] }))).toBe('REFUNDED');
    const d = deriveStatus(facts(settled, { refunds: [r(3n, 'completed')] }), at(120));
    expect(d.refundedUnits).toBe(3n);
    // Everything received must come back for REFUNDED: an overpaid payment refunded by its amount is partial.
    const over = [tx(A + 5n), tx(A, { kind: 'settlement' })];
    expect(status(facts(over, { refunds: [r(A, 'completed')] }))).toBe('PARTIALLY_REFUNDED');
    expect(status(facts(over, { refunds: [r(A + 5n, 'completed')] }))).toBe('REFUNDED');
    // Before settlement the payment keeps its settlement state; it enters the refund states when it settles.
    expect(status(facts([tx(A)], { refunds: [r(A, 'completed')] }))).toBe('PAID');
    expect(status(facts([tx(A)], { sweeps: [{ state: 'submitted' }], refunds: [r(1n, 'open')] }))).toBe(
      'SETTLEMENT_PENDING',
    );
  });

  it('a transfer orphaned by a reorg counts for nothing', () => {
    expect(status(facts([tx(A, { final: false, removed: true })]))).toBe('AWAITING_PAYMENT');
    expect(status(facts([tx(A, { final: false, removed: true })]), at(1300))).toBe('EXPIRED');
  });
});

const derive = (f: PaymentFacts, now = at(120)) => deriveStatus(f, now);
const announced = (...types: string[]) => announcedFrom(types.map((type) => ({ type })));
const types = (events: FactEvent[]) => events.map((e) => e.type);

describe('factEvents: one event per fact', () => {
  const settled = [tx(A), tx(A, { kind: 'settlement' })];
  const r = (amountUnits: bigint, state: RefundFact['state']): RefundFact => ({ amountUnits, state });

  it('announces each fact the spec names from the derived facts', () => {
    expect(types(factEvents(announced(), derive(facts([tx(A, { final: false })]))))).toEqual(['payment.detected']);
    expect(types(factEvents(announced('payment.detected'), derive(facts([tx(A)]))))).toEqual(['payment.confirmed']);
    // Seen and final in one poll: confirmed without detected.
    expect(types(factEvents(announced(), derive(facts([tx(A)]))))).toEqual(['payment.confirmed']);
    expect(types(factEvents(announced(), derive(facts([tx(A + 5n)]))))).toEqual([
      'payment.confirmed',
      'payment.overpaid',
    ]);
    const paid = announced('payment.confirmed');
    expect(types(factEvents(paid, derive(facts([tx(A)], { sweeps: [{ state: 'submitted' }] }))))).toEqual([
      'settlement.submitted',
    ]);
    expect(types(factEvents(paid, derive(facts(settled))))).toEqual(['settlement.completed', 'payment.completed']);
    expect(types(factEvents(announced(), derive(facts([]), at(1300))))).toEqual(['payment.expired']);
    expect(types(factEvents(announced(), derive(facts([tx(A / 2n)]), at(1300))))).toEqual(['payment.underpaid']);
    expect(types(factEvents(announced(), derive(facts([tx(A, { blockTime: at(1250) })]), at(1300))))).toEqual([
      'payment.late',
    ]);
    expect(types(factEvents(announced(), derive(facts([tx(A, { official: false })]))))).toEqual([
      'payment.invalid_asset',
    ]);
  });

  it('never announces a fact twice: a cancelled refund request re-announces nothing', () => {
    const all = announced('payment.confirmed', 'settlement.completed', 'payment.completed');
    expect(factEvents(all, derive(facts(settled, { refunds: [r(1n, 'open')] })))).toEqual([]);
    expect(factEvents(all, derive(facts(settled)))).toEqual([]); // the request was cancelled
    expect(factEvents(all, derive(facts(settled, { refunds: [r(A, 'completed')] })))).toEqual([]);
  });

  it('a submission and a failure alternate: each new attempt is a new fact', () => {
    const failed = announced('payment.confirmed', 'settlement.submitted', 'settlement.failed');
    expect(types(factEvents(failed, derive(facts([tx(A)], { sweeps: [{ state: 'submitted' }] }))))).toEqual([
      'settlement.submitted',
    ]);
  });

  it('announces an excess once per increase, even after settlement', () => {
    const over = announcedFrom([{ type: 'payment.confirmed' }, { type: 'payment.overpaid', excessUnits: '5' }]);
    expect(factEvents(over, derive(facts([tx(A + 5n)])))).toEqual([]);
    expect(types(factEvents(over, derive(facts([tx(A + 7n)]))))).toEqual(['payment.overpaid']);
  });

  it('withdraws a fact that no longer holds with a reversal naming it, and announces it again after', () => {
    // A DETECTED payment undone by a reorg.
    expect(factEvents(announced('payment.detected'), derive(facts([])))).toEqual([
      { type: 'payment.reversed', reverses: ['payment.detected'] },
    ]);
    // Settled, then the devnet lost the settlement: the settlement facts are withdrawn.
    const all = announced('payment.confirmed', 'settlement.submitted', 'settlement.completed', 'payment.completed');
    expect(factEvents(all, derive(facts([tx(A)])))).toEqual([
      { type: 'settlement.reversed', reverses: ['settlement.submitted', 'settlement.completed', 'payment.completed'] },
    ]);
    // ... and lost the payment too: out of SETTLED and out of the paid family.
    expect(factEvents(all, derive(facts([])))).toEqual([
      { type: 'settlement.reversed', reverses: ['settlement.submitted', 'settlement.completed', 'payment.completed'] },
      { type: 'payment.reversed', reverses: ['payment.confirmed'] },
    ]);
    // After the reversal, the fact again is a new fact.
    const replayed = announcedFrom([
      { type: 'payment.detected' },
      { type: 'payment.reversed', reverses: ['payment.detected'] },
    ]);
    expect(types(factEvents(replayed, derive(facts([tx(A, { final: false })]))))).toEqual(['payment.detected']);
  });

  it('an INVALID_ASSET intent expires like any other', () => {
    const f = facts([tx(A, { official: false })]);
    expect(derive(f).status).toBe('INVALID_ASSET');
    expect(derive(f, at(1300)).status).toBe('EXPIRED');
    expect(types(factEvents(announced('payment.invalid_asset'), derive(f, at(1300))))).toEqual(['payment.expired']);
  });

  it('refund states lie over every closed state that holds final funds', () => {
    const under = [tx(A / 2n)];
    expect(derive(facts(under, { refunds: [r(1n, 'open')] }), at(1300)).status).toBe('REFUND_REQUESTED');
    expect(derive(facts(under, { refunds: [r(A / 2n, 'completed')] }), at(1300)).status).toBe('REFUNDED');
    const late = [tx(A, { blockTime: at(1250) })];
    expect(derive(facts(late, { refunds: [r(A / 4n, 'completed')] }), at(1300)).status).toBe('PARTIALLY_REFUNDED');
    const d = derive(facts(late, { refunds: [r(A, 'completed')] }), at(1300));
    expect(d).toMatchObject({ status: 'REFUNDED', fundingStatus: 'LATE_PAYMENT', confirmed: false });
  });
});

// ---- Model-based: random sequences of facts as the watcher, the sweeper and the clock would produce them. ----

const REFUND = ['REFUND_REQUESTED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
/** Leaving a refund state laid over UNDERPAID or LATE_PAYMENT: the state beneath, or where that one may go. */
const FROM_UNDER_REFUND = ['UNDERPAID', 'LATE_PAYMENT', 'DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID'] as const;

/** The transitions status.ts documents. A derived transition outside this table is a bug. */
const DOCUMENTED: Record<PaymentStatus, readonly PaymentStatus[]> = {
  CREATED: ['AWAITING_PAYMENT', 'DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID', 'INVALID_ASSET'],
  AWAITING_PAYMENT: ['DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID', 'EXPIRED', 'INVALID_ASSET'],
  DETECTED: [
    'CREATED',
    'CONFIRMING',
    'PAID',
    'OVERPAID',
    'UNDERPAID',
    'LATE_PAYMENT',
    'AWAITING_PAYMENT',
    'EXPIRED',
    'INVALID_ASSET',
  ],
  CONFIRMING: ['DETECTED', 'PAID', 'OVERPAID', 'UNDERPAID', 'LATE_PAYMENT', 'EXPIRED', 'INVALID_ASSET'],
  PAID: ['OVERPAID', 'SETTLEMENT_PENDING', 'SETTLEMENT_FAILED', 'SETTLED', ...REFUND],
  // (The refund states lie over UNDERPAID and LATE_PAYMENT too: from them, a payment moves as those would.)
  OVERPAID: ['SETTLEMENT_PENDING', 'SETTLEMENT_FAILED', 'SETTLED', ...REFUND],
  SETTLEMENT_PENDING: ['SETTLED', 'SETTLEMENT_FAILED', 'PAID', 'OVERPAID', ...REFUND],
  SETTLEMENT_FAILED: ['SETTLEMENT_PENDING', 'SETTLED', ...REFUND],
  SETTLED: [...REFUND],
  EXPIRED: ['LATE_PAYMENT', 'INVALID_ASSET', 'DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID', 'UNDERPAID'],
  UNDERPAID: ['LATE_PAYMENT', 'DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID', ...REFUND],
  LATE_PAYMENT: ['PAID', 'OVERPAID', ...REFUND],
  INVALID_ASSET: ['DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID', 'LATE_PAYMENT', 'UNDERPAID', 'EXPIRED'],
  REFUND_REQUESTED: ['PARTIALLY_REFUNDED', 'REFUNDED', 'SETTLED', ...FROM_UNDER_REFUND],
  PARTIALLY_REFUNDED: ['REFUND_REQUESTED', 'REFUNDED', ...FROM_UNDER_REFUND],
  REFUNDED: ['PARTIALLY_REFUNDED', 'REFUND_REQUESTED', ...FROM_UNDER_REFUND],
};
/**
 * The refund states lie over UNDERPAID and LATE_PAYMENT, so a state that may become one of those may become a refund
 * state in the same step when refund facts already exist (CONFIRMING whose window closes with a request open).
 */
const ALLOWED: Record<PaymentStatus, readonly PaymentStatus[]> = Object.fromEntries(
  Object.entries(DOCUMENTED).map(([from, to]) => [
    from,
    to.some((s) => s === 'UNDERPAID' || s === 'LATE_PAYMENT') ? [...new Set([...to, ...REFUND])] : to,
  ]),
) as Record<PaymentStatus, readonly PaymentStatus[]>;

type Step =
  | { k: 'transfer'; amount: bigint; official: boolean; backdated?: boolean }
  | { k: 'finalize' }
  | { k: 'reorg' }
  | { k: 'time'; seconds: number }
  | { k: 'sweep'; state: 'submitted' | 'succeeded' | 'failed' }
  | { k: 'settle'; final: boolean }
  | { k: 'refund'; share: number }
  | { k: 'completeRefund' }
  | { k: 'cancelRefund' }
  | { k: 'open' };

/** Paid in full, final, swept and the sweep final: SETTLED. */
const SETTLED_PREFIX: Step[] = [
  { k: 'transfer', amount: A, official: true },
  { k: 'finalize' },
  { k: 'sweep', state: 'succeeded' },
  { k: 'settle', final: true },
];

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    k: fc.constant('transfer' as const),
    amount: fc.bigInt({ min: 1n, max: 2n * A }),
    official: fc.boolean(),
    // Mined before expiry but observed now (the watcher was down or behind).
    backdated: fc.boolean(),
  }),
  fc.constant({ k: 'finalize' as const }),
  fc.constant({ k: 'reorg' as const }),
  fc.record({ k: fc.constant('time' as const), seconds: fc.integer({ min: 1, max: 900 }) }),
  fc.record({ k: fc.constantFrom('sweep' as const), state: fc.constantFrom('submitted', 'succeeded', 'failed') }),
  fc.record({ k: fc.constant('settle' as const), final: fc.boolean() }),
  // A request for a share (1..100 %) of what is still refundable; completing or cancelling the oldest open one.
  fc.record({
    k: fc.constant('refund' as const),
    share: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
  }),
  fc.constant({ k: 'completeRefund' as const }),
  fc.constant({ k: 'cancelRefund' as const }),
  fc.constant({ k: 'open' as const }),
) as fc.Arbitrary<Step>;

/** How long an opened intent stays payable (its window); opening at t sets expires_at = t + WINDOW. */
const WINDOW_MS = EXP.getTime() - T0.getTime();

/** Applies steps the way the system produces facts: finality only ever grows, reorgs remove only unfinal facts,
 * sweeps and settlement transfers exist only once the payment is paid. Returns the status after every step. */
function run(steps: Step[], created = false): { statuses: PaymentStatus[]; f: PaymentFacts; now: Date }[] {
  let now = at(0);
  // A CREATED intent (payment link) opens at an 'open' step; its expiry clock starts then.
  let opened = !created;
  let expiresAt = EXP;
  const transfers: TransferFact[] = [];
  const sweeps: PaymentFacts['sweeps'][number][] = [];
  let refunds: RefundFact[] = [];
  const out: { statuses: PaymentStatus[]; f: PaymentFacts; now: Date }[] = [];
  let prevD = deriveStatus(facts([], { opened, expiresAt }), now);
  let prev = prevD.status;
  const trail: PaymentStatus[] = [prev];
  for (const s of steps) {
    switch (s.k) {
      case 'transfer':
        transfers.push(
          tx(s.amount, {
            official: s.official,
            final: false,
            blockTime: s.backdated && opened && now >= expiresAt ? new Date(expiresAt.getTime() - 1000) : now,
          }),
        );
        break;
      case 'finalize':
        for (const t of transfers) if (!t.removed) t.final = true;
        break;
      case 'reorg':
        for (const t of transfers) if (!t.final) t.removed = true;
        break;
      case 'time':
        now = new Date(now.getTime() + s.seconds * 1000);
        break;
      case 'sweep':
        if (prevD.confirmed) sweeps.push({ state: s.state });
        break;
      case 'open':
        if (!opened) {
          opened = true;
          expiresAt = new Date(now.getTime() + WINDOW_MS);
        }
        break;
      case 'settle':
        if (prevD.confirmed) {
          const final = deriveStatus(facts(transfers, { sweeps, opened, expiresAt }), now).finalUnits;
          transfers.push(tx(final, { kind: 'settlement', final: s.final, blockTime: now }));
        }
        break;
      case 'refund': {
        // As refunds/createRefundRequest.ts allows: final funds exist, and open plus completed requests never
        // exceed them (open requests reserve their amount).
        const d = deriveStatus(facts(transfers, { sweeps, refunds }), now);
        const reserved = refunds.reduce((a, r) => a + r.amountUnits, 0n);
        const amount = ((d.finalUnits - reserved) * BigInt(s.share)) / 100n;
        if (amount > 0n) refunds.push({ amountUnits: amount, state: 'open' });
        break;
      }
      case 'completeRefund': {
        const r = refunds.find((x) => x.state === 'open');
        if (r) r.state = 'completed';
        break;
      }
      case 'cancelRefund': {
        const i = refunds.findIndex((x) => x.state === 'open');
        if (i >= 0) refunds = refunds.filter((_, j) => j !== i);
        break;
      }
    }
    const f = facts(
      transfers.map((t) => ({ ...t })),
      { sweeps: [...sweeps], refunds: refunds.map((r) => ({ ...r })), opened, expiresAt },
    );
    prevD = deriveStatus(f, now);
    const next = prevD.status;
    trail.push(next);
    out.push({ statuses: [...trail], f, now });
    prev = next;
  }
  return out;
}

describe('deriveStatus: CREATED (not open for payment yet)', () => {
  it('stays CREATED without funds however late it gets, and opens into AWAITING_PAYMENT', () => {
    expect(status(facts([], { opened: false }), at(10 * 86_400))).toBe('CREATED');
    expect(status(facts([], { opened: true, expiresAt: at(10 * 86_400 + 1200) }), at(10 * 86_400))).toBe(
      'AWAITING_PAYMENT',
    );
  });

  it('funds reaching a CREATED intent count as its payment, on time whatever the provisional expiry', () => {
    const late = at(10 * 86_400);
    expect(status(facts([tx(A, { final: false, blockTime: late })], { opened: false }), late)).toBe('DETECTED');
    expect(status(facts([tx(A, { blockTime: late })], { opened: false }), late)).toBe('PAID');
    expect(status(facts([tx(A, { official: false })], { opened: false }), late)).toBe('INVALID_ASSET');
    // An unfinal foreign token is not yet a fact that opens anything.
    expect(status(facts([tx(A, { official: false, final: false })], { opened: false }))).toBe('CREATED');
    // Orphaned by a reorg before opening: back to CREATED.
    expect(status(facts([tx(A, { final: false, removed: true })], { opened: false }))).toBe('CREATED');
  });

  it('property: a CREATED intent never expires, and leaves CREATED only by opening or official/final funds', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        for (const { f, now } of run(steps, true)) {
          const d = deriveStatus(f, now);
          if (!f.opened) expect(['EXPIRED', 'UNDERPAID', 'LATE_PAYMENT']).not.toContain(d.status);
          const seen = f.transfers.some((t) => t.kind === 'incoming' && !t.removed && (t.official || t.final));
          expect(d.status === 'CREATED').toBe(!f.opened && !seen);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('deriveStatus: properties over random fact sequences', () => {
  it('every transition is one the state machine documents', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), fc.boolean(), (steps, created) => {
        const trace = run(steps, created);
        const statuses = trace.at(-1)?.statuses ?? [];
        for (let i = 1; i < statuses.length; i++) {
          const [a, b] = [statuses[i - 1]!, statuses[i]!];
          if (a !== b) expect(ALLOWED[a], `${a} -> ${b} in ${statuses.join(' ')}`).toContain(b);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('after settlement, refunds, more funds and reorgs only make documented transitions, reaching every refund state', () => {
    const seen = new Set<PaymentStatus>();
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const statuses = run([...SETTLED_PREFIX, ...steps]).at(-1)!.statuses;
        for (let i = 1; i < statuses.length; i++) {
          const [a, b] = [statuses[i - 1]!, statuses[i]!];
          seen.add(b);
          if (a !== b) expect(ALLOWED[a], `${a} -> ${b} in ${statuses.join(' ')}`).toContain(b);
        }
      }),
      { numRuns: 1000, seed: 7 },
    );
    for (const s of ['REFUND_REQUESTED', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const) expect(seen).toContain(s);
  });

  it('paid states need final on-time official funds covering the amount', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), fc.boolean(), (steps, created) => {
        for (const { f, now } of run(steps, created)) {
          const d = deriveStatus(f, now);
          if (isConfirmedStatus(d.status)) {
            // Not opened: the clock has not started, every transfer is on time.
            const deadline = f.opened ? f.expiresAt : new Date(8.64e15);
            const onTimeFinal = f.transfers
              .filter((t) => t.kind === 'incoming' && t.official && t.final && !t.removed && t.blockTime <= deadline)
              .reduce((a, t) => a + t.amountUnits, 0n);
            expect(onTimeFinal >= A).toBe(true);
          }
          if (d.status === 'OVERPAID') expect(d.excessUnits).toBe(d.finalUnits - A);
          if (d.status === 'REFUNDED') expect(d.refundedUnits >= d.finalUnits).toBe(true);
          if (d.status === 'REFUNDED' && d.confirmed) expect(d.settledUnits >= A).toBe(true);
          if (d.status === 'REFUND_REQUESTED') expect(f.refunds?.some((r) => r.state === 'open')).toBe(true);
          if (d.status === 'PARTIALLY_REFUNDED') {
            expect(d.refundedUnits > 0n && d.refundedUnits < d.finalUnits).toBe(true);
          }
          if (d.status === 'PAID') expect(d.finalUnits).toBe(A);
        }
      }),
    );
  });

  it('splitting a transfer into parts changes nothing (transfers add up)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: fc.bigInt({ min: 2n, max: A }), final: fc.boolean(), late: fc.boolean() }), {
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 3000 }),
        (parts, nowS) => {
          const whole = parts.map((p) => tx(p.amount, { final: p.final, blockTime: at(p.late ? 1500 : 60) }));
          const split = whole.flatMap((t) => [
            { ...t, amountUnits: t.amountUnits / 2n },
            { ...t, amountUnits: t.amountUnits - t.amountUnits / 2n },
          ]);
          expect(deriveStatus(facts(split), at(nowS))).toEqual(deriveStatus(facts(whole), at(nowS)));
        },
      ),
    );
  });

  it('removed facts and foreign tokens never count toward the amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 3n * A }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 3000 }),
        (amounts, nowS) => {
          const noise = amounts.flatMap((a) => [tx(a, { official: false }), tx(a, { removed: true, final: false })]);
          const d = deriveStatus(facts(noise), at(nowS));
          expect(d.receivedUnits).toBe(0n);
          expect(['AWAITING_PAYMENT', 'EXPIRED', 'INVALID_ASSET']).toContain(d.status);
        },
      ),
    );
  });

  it('is pure: the same facts give the same answer', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 20 }), (steps) => {
        for (const { f, now } of run(steps))
          expect(deriveStatus(f, now)).toEqual(deriveStatus(structuredClone(f), now));
      }),
      { numRuns: 200 },
    );
  });
});

describe('factEvents: properties over random fact sequences', () => {
  it('sends each fact once until a reversal withdraws it, and nothing for a refund request alone', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), fc.boolean(), (steps, created) => {
        const log: { type: string; reverses?: string[]; excessUnits?: string }[] = [];
        const trace = run(steps, created);
        trace.forEach(({ f, now }, i) => {
          const d = deriveStatus(f, now);
          const events = factEvents(announcedFrom(log), d);
          const k = steps[i]!.k;
          if (k === 'refund' || k === 'completeRefund' || k === 'cancelRefund') expect(events).toEqual([]);
          // As recompute.ts stores it: payment.overpaid carries the excess it announces.
          for (const e of events)
            log.push(e.type === 'payment.overpaid' ? { ...e, excessUnits: `${d.excessUnits}` } : e);
        });
        // Between two sends of one fact there is a reversal that withdrew it (the attempts of a sweep alternate).
        const live = new Set<string>();
        for (const e of log) {
          if (e.reverses) for (const t of e.reverses) live.delete(t);
          else if (e.type !== 'payment.overpaid') {
            expect(live.has(e.type), `${e.type} twice in ${log.map((x) => x.type).join(' ')}`).toBe(false);
            live.add(e.type);
            if (e.type === 'settlement.submitted') live.delete('settlement.failed');
            if (e.type === 'settlement.failed') live.delete('settlement.submitted');
          }
        }
        // Replaying the log announces nothing more: the facts are as announced.
        const last = trace.at(-1);
        if (last) expect(factEvents(announcedFrom(log), deriveStatus(last.f, last.now))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
