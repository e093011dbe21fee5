import { randomUUID } from 'node:crypto';
import { AgentError } from '../http/errors.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The header line a client must add, as the 400 shows it. */
export const IDEMPOTENCY_KEY_HEADER =
  'Idempotency-Key: <a new UUID per logical operation; the same on the paid replay>';

function idempotencyKeyRequired(problem: string): AgentError {
  const example = randomUUID();
  return new AgentError(
    'IDEMPOTENCY_KEY_REQUIRED',
    `The Idempotency-Key header ${problem}. The paid replay (PAYMENT-SIGNATURE) must carry it, and a key sent ` +
      `on the first request must be valid: send "${IDEMPOTENCY_KEY_HEADER}", for example ` +
      `"Idempotency-Key: ${example}" (1-255 visible ASCII characters 0x21-0x7E, no spaces). Nothing was charged ` +
      '(a payment signed for this request is still unspent: replay it with the key).',
    { data: { header: 'Idempotency-Key', send: IDEMPOTENCY_KEY_HEADER, example } },
  );
}

/** A paid request's Idempotency-Key, or a 400 saying exactly what to send (before any challenge). */
export function requireIdempotencyKey(key: string | undefined): string {
  if (key === undefined) throw idempotencyKeyRequired('is missing');
  if (key.length === 0) throw idempotencyKeyRequired('is empty');
  if (key.length > 255) throw idempotencyKeyRequired(`has ${key.length} characters (at most 255)`);
  if (!IDEMPOTENCY_KEY.test(key)) throw idempotencyKeyRequired('contains a space or a character outside 0x21-0x7E');
  return key;
}
