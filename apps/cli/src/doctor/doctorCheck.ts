// One finding of `tender doctor`: what was checked, how it went, and what to do about it.
export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  /** What was checked, e.g. `chain base-sepolia`, `smtp`. */
  check: string;
  status: CheckStatus;
  message: string;
  /** What to do, on warn and fail. */
  fix?: string;
  /**
   * A fatal failure stops `tender start` in production (the deployment would take money it cannot handle: a wrong
   * chain, a missing factory, a token that is not the issuer's); the others are reported and the service starts.
   */
  fatal: boolean;
}

export const ok = (check: string, message: string, fatal = false): CheckResult => ({
  check,
  status: 'ok',
  message,
  fatal,
});
export const warn = (check: string, message: string, fix: string, fatal = false): CheckResult => ({
  check,
  status: 'warn',
  message,
  fix,
  fatal,
});
export const fail = (check: string, message: string, fix: string, fatal = false): CheckResult => ({
  check,
  status: 'fail',
  message,
  fix,
  fatal,
});

/** The first line of an error's message (RPC errors carry pages of detail). */
export function reason(err: unknown): string {
  return String((err as Error)?.message ?? err).split('\n')[0] ?? 'unknown error';
}
