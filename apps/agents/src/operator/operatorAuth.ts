import { sha256Hex, safeEqual } from '@tender/platform';
import { AttemptLimiter } from '../http/attemptLimiter.ts';
import { AgentError } from '../http/errors.ts';

/**
 * HTTP Basic for the operator admin path. Both parts are compared in constant time (as SHA-256 digests, so equal
 * length whatever was sent). Failed attempts are counted per client address: past the budget every attempt from
 * that address, right or wrong, answers 429 until the window ends, so credentials cannot be guessed at speed.
 */
export function createOperatorAuth(creds: { username: string; password: string | null }) {
  const failures = new AttemptLimiter({ max: 10, windowMs: 15 * 60_000 });
  const expectedUser = sha256Hex(creds.username);
  const expectedPass = creds.password === null ? null : sha256Hex(creds.password);
  const challenge = { 'www-authenticate': 'Basic realm="tender-operator", charset="UTF-8"' };

  return function authenticateOperator(header: string | undefined, ip: string): string {
    if (expectedPass === null) {
      throw new AgentError('SERVICE_UNAVAILABLE', 'The operator admin is off: OPERATOR_PASSWORD is not set');
    }
    failures.check(ip, 'failed operator sign-ins');
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
    const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const user = colon >= 0 ? decoded.slice(0, colon) : '';
    const pass = colon >= 0 ? decoded.slice(colon + 1) : '';
    const userOk = safeEqual(sha256Hex(user), expectedUser);
    const passOk = safeEqual(sha256Hex(pass), expectedPass);
    if (!(m && userOk && passOk)) {
      failures.hit(ip, 'failed operator sign-ins');
      throw new AgentError('OPERATOR_AUTH_REQUIRED', 'Send the operator credentials (HTTP Basic)', {
        headers: challenge,
      });
    }
    return user;
  };
}
