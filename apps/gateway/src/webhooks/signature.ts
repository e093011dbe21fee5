// Signing of outgoing webhooks. Header `Tender-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`: each v1 is the hex
// HMAC-SHA256, keyed with one active endpoint secret (the whole `whsec_…` string as UTF-8), of `<t>.<raw body>`.
// During a secret rotation's overlap both secrets sign, newest first; a receiver accepts if any v1 matches.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Tender-Signature';

export function signatureV1(secret: string, t: number, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}

export function signatureHeader(t: number, body: string | Uint8Array, secrets: readonly string[]): string {
  if (!Number.isSafeInteger(t) || t < 0) throw new RangeError(`bad signature timestamp ${t}`);
  if (secrets.length === 0) throw new Error('signatureHeader: no secret');
  return [`t=${t}`, ...secrets.map((s) => `v1=${signatureV1(s, t, body)}`)].join(',');
}
