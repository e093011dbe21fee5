// /checkout.js, the script a merchant's page includes to embed the hosted checkout (checkout.js beside this file).
// It is read once at start: its ETag is a hash of its bytes, so a deployment with a new script is a new ETag, and a
// page asking for `/checkout.js?v=<version>` of the version it was written against may cache it for a year.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

export interface CheckoutScript {
  body: Buffer;
  /** Brotli, quality 11: compressed once at start. */
  br: Buffer;
  etag: string;
  /** Hash prefix that `?v=` may name to be served as immutable. */
  version: string;
}

export function loadCheckoutScript(): CheckoutScript {
  const body = readFileSync(new URL('./checkout.js', import.meta.url));
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { body, br, etag: `"${version}"`, version };
}
