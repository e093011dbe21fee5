// Receiver helper for merchants: verifies a Tender webhook over the raw request bytes BEFORE anything parses them.
// Self-contained (node:crypto only) so it can be copied into a merchant's code base as it is.
//
//   const event = verifyWebhook(rawBody, req.headers['tender-signature'], process.env.TENDER_WEBHOOK_SECRET);
//   // throws a WebhookVerificationError (answer 401) for a missing, malformed, bad, tampered or stale signature
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The body of every Tender webhook. */
export interface WebhookEvent {
  /** `evt_…`: the same on every delivery attempt of this event; deduplicate on it. */
  id: string;
  object: 'event';
  /** payment.detected, payment.confirmed, settlement.completed … */
  type: string;
  /** Unix seconds when the event happened. */
  created: number;
  livemode: boolean;
  api_version: string;
  /** `object` is the resource as the API returns it (for payment events, with `order_reference`); extra fields such
   * as the excess of payment.overpaid sit beside it. */
  data: { object: Record<string, unknown>; [key: string]: unknown };
}

export interface VerifyWebhookOptions {
  /** Largest accepted difference between the signature's timestamp and now. Default 300 s. */
  toleranceSeconds?: number;
  /** Current time in milliseconds (tests). Default Date.now. */
  now?: () => number;
}

export type WebhookVerificationCode =
  'missing_signature' | 'malformed_signature' | 'invalid_signature' | 'stale_signature' | 'invalid_payload';

/** Base of every rejection: answer 401 to all of them (the sender retries; a forger learns nothing). */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
  constructor(
    readonly code: WebhookVerificationCode,
    message: string,
  ) {
    super(message);
  }
}
/** No Tender-Signature header. */
export class MissingSignatureError extends WebhookVerificationError {
  override name = 'MissingSignatureError';
  constructor() {
    super('missing_signature', 'no Tender-Signature header');
  }
}
/** A header that is not `t=<seconds>,v1=<64 hex>…`. */
export class MalformedSignatureError extends WebhookVerificationError {
  override name = 'MalformedSignatureError';
  constructor(detail: string) {
    super('malformed_signature', `malformed Tender-Signature header: ${detail}`);
  }
}
/** No v1 matches under any of the secrets: wrong secret, or the body or timestamp was altered. */
export class InvalidSignatureError extends WebhookVerificationError {
  override name = 'InvalidSignatureError';
  constructor() {
    super('invalid_signature', 'no signature matches the body under the endpoint secret');
  }
}
/** A valid signature too far from now: a replay of an old delivery, or a badly wrong clock. */
export class StaleSignatureError extends WebhookVerificationError {
  override name = 'StaleSignatureError';
  constructor(
    readonly ageSeconds: number,
    toleranceSeconds: number,
  ) {
    super('stale_signature', `signature timestamp is ${ageSeconds} s from now (tolerance ${toleranceSeconds} s)`);
  }
}
/** Correctly signed, yet not a JSON event (never sent by Tender). */
export class InvalidPayloadError extends WebhookVerificationError {
  override name = 'InvalidPayloadError';
  constructor(detail: string) {
    super('invalid_payload', detail);
  }
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * Verifies and parses a webhook. `rawBody` must be the exact bytes received (a Buffer or the undecoded string),
 * never a re-serialised object. `secret` may list several secrets (e.g. while you roll yours out); any match passes.
 * Order of checks: header present and well formed, then the signature, then its age, then JSON.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | readonly string[] | null | undefined,
  secret: string | readonly string[],
  opts: VerifyWebhookOptions = {},
): WebhookEvent {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new TypeError('verifyWebhook: rawBody must be the raw request body (string or Buffer), not a parsed object');
  }
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s.length === 0)) {
    throw new TypeError('verifyWebhook: secret must be a non-empty string (whsec_…)');
  }
  const tolerance = opts.toleranceSeconds ?? 300;
  if (Array.isArray(header)) {
    if (header.length > 1) throw new MalformedSignatureError('sent more than once');
    header = header[0];
  }
  if (typeof header !== 'string' || header.trim() === '') throw new MissingSignatureError();

  let t: string | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new MalformedSignatureError(`"${part.trim().slice(0, 40)}" is not key=value`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) throw new MalformedSignatureError('bad or repeated t');
      t = value;
    } else if (key === 'v1') {
      if (!HEX64.test(value)) throw new MalformedSignatureError('v1 must be 64 lowercase hex digits');
      v1.push(value);
    } // other schemes (a future v2) are ignored, so that adding one breaks no receiver
  }
  if (t === undefined) throw new MalformedSignatureError('no t');
  if (v1.length === 0) throw new MalformedSignatureError('no v1');

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  let matched = false;
  for (const s of secrets) {
    const expected = createHmac('sha256', s).update(`${t}.`).update(body).digest();
    // Compare against every v1 without stopping early, in constant time per comparison.
    for (const candidate of v1) {
      if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
    }
  }
  if (!matched) throw new InvalidSignatureError();

  const nowSeconds = Math.floor((opts.now ?? Date.now)() / 1000);
  const age = nowSeconds - Number(t);
  if (Math.abs(age) > tolerance) throw new StaleSignatureError(age, tolerance);

  let event: unknown;
  try {
    event = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    throw new InvalidPayloadError('body is not JSON');
  }
  if (!isEvent(event)) throw new InvalidPayloadError('body is not a Tender event');
  return event;
}

function isEvent(e: unknown): e is WebhookEvent {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  const data = o.data as Record<string, unknown> | null | undefined;
  return (
    typeof o.id === 'string' &&
    typeof o.type === 'string' &&
    typeof o.created === 'number' &&
    typeof data === 'object' &&
    data !== null &&
    typeof data.object === 'object'
  );
}
