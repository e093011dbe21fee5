import { describe, expect, it } from 'vitest';
import { createOperatorAuth, type OperatorLockout } from './operatorAuth.ts';

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const RIGHT = basic('operator', 'correct horse battery staple');

/** The code an attempt is answered with: the operator's name when accepted, else the error's code. */
function attempt(auth: ReturnType<typeof createOperatorAuth>, header: string, ip: string): string {
  try {
    return auth(header, ip);
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe('operator sign-in budgets', () => {
  it('400 guesses spread over 40 addresses: the first 100 are refused as wrong, then sign-in is closed for everyone (logged once) until the window ends', () => {
    let now = 0;
    const lockouts: OperatorLockout[] = [];
    const auth = createOperatorAuth(
      { username: 'operator', password: 'correct horse battery staple' },
      { now: () => now, onLockout: (l) => lockouts.push(l) },
    );
    const answers: string[] = [];
    for (let a = 0; a < 40; a++) {
      for (let i = 0; i < 10; i++) answers.push(attempt(auth, basic('operator', `guess-${a}-${i}`), `10.0.${a}.1`));
    }
    expect(answers.slice(0, 100)).toEqual(Array(100).fill('OPERATOR_AUTH_REQUIRED'));
    expect(new Set(answers.slice(100))).toEqual(new Set(['RATE_LIMITED']));
    expect(lockouts).toEqual([{ failures: 100, windowMs: 15 * 60_000, ip: '10.0.9.1' }]);
    // The right credentials from an address that never failed are refused too while it is closed.
    expect(attempt(auth, RIGHT, '192.0.2.7')).toBe('RATE_LIMITED');
    // The window ends: the right credentials work again; a new round of guesses needs a new lockout.
    now += 15 * 60_000;
    expect(attempt(auth, RIGHT, '192.0.2.7')).toBe('operator');
    expect(attempt(auth, basic('operator', 'wrong'), '192.0.2.8')).toBe('OPERATOR_AUTH_REQUIRED');
    expect(lockouts).toHaveLength(1);
  });

  it('one address is locked out after its own 10 failures without closing sign-in for the others', () => {
    const auth = createOperatorAuth({ username: 'operator', password: 'correct horse battery staple' });
    for (let i = 0; i < 10; i++)
      expect(attempt(auth, basic('operator', `w${i}`), '10.1.1.1')).toBe('OPERATOR_AUTH_REQUIRED');
    expect(attempt(auth, RIGHT, '10.1.1.1')).toBe('RATE_LIMITED');
    expect(attempt(auth, RIGHT, '10.1.1.2')).toBe('operator');
  });
});
