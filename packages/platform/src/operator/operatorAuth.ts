import { safeEqual, sha256Hex } from '../crypto/ids.ts';
import { AttemptLimiter } from '../http/attemptLimiter.ts';
import { HttpError } from '../http/httpError.ts';

/** When the failures of every address together used up the global budget: operator sign-in closes for everyone. */
export interface OperatorLockout {
  failures: number;
  windowMs: number;
  /** The address whose failure closed it. */
  ip: string;
}

export interface OperatorAuthOptions {
  /** Failed sign-ins per address and window; default 10 per 15 minutes. */
  maxFailuresPerAddress?: number;
  /** Failed sign-ins of all addresses together per window; default 100 per 15 minutes. */
  maxFailuresAll?: number;
  windowMs?: number;
  /** Told once per window when the global budget is used up (logged and audited by the caller). */
  onLockout?: (l: OperatorLockout) => void;
  now?: () => number;
}

/** The key of the global budget (addresses are never this string). */
const ALL = '*';

/**
 * HTTP Basic for the operator admin path of either service (the agents' /admin/api and the gateway's console share
 * one OPERATOR_USERNAME / OPERATOR_PASSWORD). Answers with the platform's codes: OPERATOR_AUTH_REQUIRED (401),
 * RATE_LIMITED (429), SERVICE_UNAVAILABLE (503); each service maps them in its own error table. Both parts are compared in constant time (as SHA-256 digests, so equal
 * length whatever was sent). Failed attempts are counted per client address: past the budget every attempt from
 * that address, right or wrong, answers 429 until the window ends, so credentials cannot be guessed at speed. They
 * are also counted for all addresses together: guesses spread over many addresses (each under its own budget) close
 * operator sign-in for everyone, right credentials included, until the window ends (429). A guesser then gets at
 * most `maxFailuresAll` guesses per window whatever addresses it holds; the operator waits out the window or
 * restarts the process (the counts are per process, in memory).
 */
export function createOperatorAuth(creds: { username: string; password: string | null }, o: OperatorAuthOptions = {}) {
  const windowMs = o.windowMs ?? 15 * 60_000;
  const clock = o.now ? { now: o.now } : {};
  const failures = new AttemptLimiter({ max: o.maxFailuresPerAddress ?? 10, windowMs, ...clock });
  const maxAll = o.maxFailuresAll ?? 100;
  const everyone = new AttemptLimiter({ max: maxAll, windowMs, maxKeys: 1, ...clock });
  const expectedUser = sha256Hex(creds.username);
  const expectedPass = creds.password === null ? null : sha256Hex(creds.password);
  const challenge = { 'www-authenticate': 'Basic realm="tender-operator", charset="UTF-8"' };

  return function authenticateOperator(header: string | undefined, ip: string): string {
    if (expectedPass === null) {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The operator admin is off: OPERATOR_PASSWORD is not set');
    }
    everyone.check(ALL, 'failed operator sign-ins from all addresses: operator sign-in is closed for everyone');
    failures.check(ip, 'failed operator sign-ins');
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const user = colon >= 0 ? decoded.slice(0, colon) : '';
    const pass = colon >= 0 ? decoded.slice(colon + 1) : '';
    const userOk = safeEqual(sha256Hex(user), expectedUser);
    const passOk = safeEqual(sha256Hex(pass), expectedPass);
    if (!(m && userOk && passOk)) {
      if (everyone.hit(ALL, 'failed operator sign-ins from all addresses') === maxAll) {
        o.onLockout?.({ failures: maxAll, windowMs, ip });
      }
      failures.hit(ip, 'failed operator sign-ins');
      throw new HttpError(401, 'OPERATOR_AUTH_REQUIRED', 'Send the operator credentials (HTTP Basic)', {
        headers: challenge,
      });
    }
    return user;
  };
}
