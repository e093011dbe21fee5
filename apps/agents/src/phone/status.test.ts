import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callDeadline, callStatus, dueExpiryWarning, numberStatus } from './status.ts';

const DAY = 86_400_000;
const date = fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }).map((ms) => new Date(ms));

describe('number and call status (pure reducers)', () => {
  it('a number is released once released_at is set, whatever else; otherwise active before expiry and suspended from it', () => {
    fc.assert(
      fc.property(date, date, fc.option(date, { nil: null }), (expiresAt, now, releasedAt) => {
        const s = numberStatus({ expiresAt, releasedAt }, now);
        if (releasedAt) expect(s).toBe('released');
        else expect(s).toBe(now < expiresAt ? 'active' : 'suspended');
      }),
    );
  });

  it('a call is ended once ended, connected once connected, initiated before', () => {
    fc.assert(
      fc.property(fc.option(date, { nil: null }), fc.option(date, { nil: null }), (connectedAt, endedAt) => {
        const s = callStatus({ connectedAt, endedAt });
        expect(s).toBe(endedAt ? 'ended' : connectedAt ? 'connected' : 'initiated');
      }),
    );
    expect(callDeadline(new Date(0), 120).getTime()).toBe(120_000);
  });

  it('expiry warnings: the tightest of 5, 3, 1 days reached, none before 5 days or after expiry', () => {
    const expires = new Date(100 * DAY);
    const at = (daysLeft: number) => dueExpiryWarning(expires, new Date(expires.getTime() - daysLeft * DAY));
    expect([at(6), at(5.0001), at(5), at(4), at(3), at(2), at(1), at(0.5), at(0), at(-1)]).toEqual([
      null,
      null,
      5,
      5,
      3,
      3,
      1,
      1,
      null,
      null,
    ]);
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY, max: 10 * DAY }), (left) => {
        const w = dueExpiryWarning(expires, new Date(expires.getTime() - left));
        if (left <= 0 || left > 5 * DAY) expect(w).toBeNull();
        else expect(w! * DAY).toBeGreaterThanOrEqual(left);
      }),
    );
  });
});
