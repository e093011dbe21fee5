import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveInvoiceStatus, type InvoiceFacts } from './invoiceStatus.ts';

const due = new Date('2026-12-01T00:00:00Z');
const facts = (over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  totalUnits: 100n,
  dueAt: due,
  voided: false,
  intentConfirmed: false,
  intentFinalUnits: 0n,
  ...over,
});
const before = new Date(due.getTime() - 1);

describe('deriveInvoiceStatus', () => {
  it('is open before the due date and overdue from the due instant on', () => {
    expect(deriveInvoiceStatus(facts(), before)).toBe('open');
    expect(deriveInvoiceStatus(facts(), due)).toBe('overdue');
    expect(deriveInvoiceStatus(facts({ intentFinalUnits: 40n }), due)).toBe('overdue');
  });

  it('is paid once the intent was confirmed (refunded or not), whatever the clock or the void flag', () => {
    expect(deriveInvoiceStatus(facts({ intentConfirmed: true, intentFinalUnits: 100n }), due)).toBe('paid');
    expect(deriveInvoiceStatus(facts({ intentConfirmed: true, voided: true }), before)).toBe('paid');
  });

  it('late funds covering the total make it paid; late funds short of it leave it overdue', () => {
    expect(deriveInvoiceStatus(facts({ intentFinalUnits: 100n }), due)).toBe('paid');
    expect(deriveInvoiceStatus(facts({ intentFinalUnits: 99n }), due)).toBe('overdue');
  });

  it('a void invoice stays void: funds after the void are late funds, never its payment', () => {
    expect(deriveInvoiceStatus(facts({ voided: true }), before)).toBe('void');
    expect(deriveInvoiceStatus(facts({ voided: true }), due)).toBe('void');
    expect(deriveInvoiceStatus(facts({ voided: true, intentFinalUnits: 100n }), due)).toBe('void');
  });

  it('property: paid iff the intent was confirmed (or, not void, final funds cover the total); void only when voided; overdue only past due', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 300n }),
        fc.boolean(),
        fc.integer({ min: -5, max: 5 }),
        (intentConfirmed, finalUnits, voided, offset) => {
          const now = new Date(due.getTime() + offset);
          const f = facts({ intentConfirmed, intentFinalUnits: finalUnits, voided });
          const s = deriveInvoiceStatus(f, now);
          const paid = intentConfirmed || (!voided && finalUnits >= 100n);
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
