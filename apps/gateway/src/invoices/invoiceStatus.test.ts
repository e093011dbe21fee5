import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, isConfirmedStatus } from '../payments/status.ts';
import { deriveInvoiceStatus, type InvoiceFacts } from './invoiceStatus.ts';

const due = new Date('2026-12-01T00:00:00Z');
const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  totalUnits: 100n,
  dueAt: due,
  voided: false,
  intentStatus: 'AWAITING_PAYMENT',
  intentFinalUnits: 0n,
  ...over,
});
const before = new Date(due.getTime() - 1);

describe('deriveInvoiceStatus', () => {
  it('is open before the due date and overdue from the due instant on', () => {
    expect(deriveInvoiceStatus(facts(), before)).toBe('open');
    expect(deriveInvoiceStatus(facts(), due)).toBe('overdue');
    expect(deriveInvoiceStatus(facts({ intentStatus: 'EXPIRED' }), due)).toBe('overdue');
    expect(deriveInvoiceStatus(facts({ intentStatus: 'UNDERPAID', intentFinalUnits: 40n }), due)).toBe('overdue');
  });

  it('is paid once the intent is in the paid family, whatever the clock or the void flag', () => {
    for (const s of ['PAID', 'OVERPAID', 'SETTLEMENT_PENDING', 'SETTLED', 'SETTLEMENT_FAILED'] as const) {
      expect(deriveInvoiceStatus(facts({ intentStatus: s, intentFinalUnits: 100n }), due)).toBe('paid');
      expect(deriveInvoiceStatus(facts({ intentStatus: s, voided: true }), before)).toBe('paid');
    }
  });

  it('late funds covering the total make it paid; late funds short of it leave it overdue', () => {
    expect(deriveInvoiceStatus(facts({ intentStatus: 'LATE_PAYMENT', intentFinalUnits: 100n }), due)).toBe('paid');
    expect(deriveInvoiceStatus(facts({ intentStatus: 'LATE_PAYMENT', intentFinalUnits: 99n }), due)).toBe('overdue');
  });

  it('a void invoice that is not paid is void before and after the due date', () => {
    expect(deriveInvoiceStatus(facts({ voided: true, intentStatus: 'EXPIRED' }), before)).toBe('void');
    expect(deriveInvoiceStatus(facts({ voided: true, intentStatus: 'EXPIRED' }), due)).toBe('void');
  });

  it('property: paid iff the intent is paid (or late funds cover the total); void only when voided; overdue only past due', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_STATUSES),
        fc.bigInt({ min: 0n, max: 300n }),
        fc.boolean(),
        fc.integer({ min: -5, max: 5 }),
        (intentStatus, finalUnits, voided, offset) => {
          const now = new Date(due.getTime() + offset);
          const f = facts({ intentStatus, intentFinalUnits: finalUnits, voided });
          const s = deriveInvoiceStatus(f, now);
          const paid = isConfirmedStatus(intentStatus) || (intentStatus === 'LATE_PAYMENT' && finalUnits >= 100n);
          expect(s === 'paid').toBe(paid);
          if (s === 'void') expect(voided).toBe(true);
          if (s === 'overdue') expect(offset >= 0 && !voided).toBe(true);
          if (s === 'open') expect(offset < 0 && !voided).toBe(true);
          expect(deriveInvoiceStatus(f, now)).toBe(s); // pure
        },
      ),
    );
  });
});
