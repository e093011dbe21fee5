import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveRefundStatus,
  refundTransitionEvents,
  type RefundStatus,
  type RefundTransferFact,
} from './refundStatus.ts';

const t = (o: Partial<RefundTransferFact> = {}): RefundTransferFact => ({ final: false, removed: false, ...o });

describe('deriveRefundStatus', () => {
  it('reaches every state from its facts', () => {
    expect(deriveRefundStatus({ cancelled: false, transfers: [] })).toBe('pending');
    expect(deriveRefundStatus({ cancelled: false, transfers: [t()] })).toBe('confirming');
    expect(deriveRefundStatus({ cancelled: false, transfers: [t({ final: true })] })).toBe('completed');
    expect(deriveRefundStatus({ cancelled: true, transfers: [] })).toBe('cancelled');
  });

  it('a transfer orphaned by a reorg counts for nothing: the request is pending again', () => {
    expect(deriveRefundStatus({ cancelled: false, transfers: [t({ removed: true })] })).toBe('pending');
    expect(deriveRefundStatus({ cancelled: false, transfers: [t({ removed: true }), t()] })).toBe('confirming');
  });

  it('a verified transfer outranks a cancellation', () => {
    expect(deriveRefundStatus({ cancelled: true, transfers: [t({ final: true })] })).toBe('completed');
  });

  it('only completion emits an event', () => {
    expect(refundTransitionEvents('confirming', 'completed')).toEqual(['refund.completed']);
    expect(refundTransitionEvents('pending', 'completed')).toEqual(['refund.completed']);
    expect(refundTransitionEvents('completed', 'completed')).toEqual([]);
    expect(refundTransitionEvents('confirming', 'pending')).toEqual([]);
  });

  it('over random fact sequences, completed is terminal and every transition is documented', () => {
    const ALLOWED: Record<RefundStatus, readonly RefundStatus[]> = {
      pending: ['confirming', 'completed', 'cancelled'],
      confirming: ['completed', 'pending'],
      completed: [],
      cancelled: [],
    };
    type Step = 'transfer' | 'finalize' | 'reorg' | 'cancel';
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Step>('transfer', 'finalize', 'reorg', 'cancel'), { maxLength: 20 }),
        (steps) => {
          const transfers: RefundTransferFact[] = [];
          let cancelled = false;
          let prev = deriveRefundStatus({ cancelled, transfers });
          for (const s of steps) {
            // As the system acts: transfers are recorded and cancellation allowed only while pending; finality only
            // grows; a reorg removes only unfinal transfers.
            if (s === 'transfer' && prev === 'pending') transfers.push(t());
            if (s === 'finalize') for (const x of transfers) if (!x.removed) x.final = true;
            if (s === 'reorg') for (const x of transfers) if (!x.final) x.removed = true;
            if (s === 'cancel' && prev === 'pending') cancelled = true;
            const next = deriveRefundStatus({ cancelled, transfers });
            if (next !== prev) expect(ALLOWED[prev], `${prev} -> ${next}`).toContain(next);
            prev = next;
          }
        },
      ),
    );
  });
});
