// The origins a merchant lets embed its hosted checkout (merchant_payment_settings.checkout_allowed_origins, per
// environment). They are the checkout page's `frame-ancestors` and the only targets of its postMessage reports, so
// each is one exact origin as a browser names it: no path, no wildcard, no trailing slash, default port left out.
import type { Sql } from '@tender/platform';
import { GatewayError } from '../http/errors.ts';
import type { Tenant } from '../tenant.ts';

export const MAX_CHECKOUT_ORIGINS = 20;

/** `http://` is allowed for these hosts only, and only in test mode or the dev profile. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface CheckoutOriginRules {
  environment: Tenant['environment'];
  profile: 'dev' | 'production';
}

/** Why `raw` is not an allowed checkout origin, or null when it is one. */
export function checkoutOriginProblem(raw: string, rules: CheckoutOriginRules): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'must be an origin such as https://shop.example';
  }
  const loopback = LOOPBACK_HOSTS.has(u.hostname) || u.hostname.endsWith('.localhost');
  if (u.protocol === 'http:') {
    if (!loopback) return 'must use https (http is allowed for localhost only)';
    if (rules.environment === 'live' && rules.profile !== 'dev') {
      return 'http://localhost origins are allowed in test mode only';
    }
  } else if (u.protocol !== 'https:') {
    return 'must use https';
  }
  if (u.username || u.password) return 'must not carry a user name or password';
  // Letters, digits, dots and hyphens only (IDNs in their xn-- form): a CSP source list is built from these, so no
  // wildcard, quote, comma or semicolon can reach it.
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[::1\]$/.test(u.hostname)) return 'must name one host (no wildcard)';
  if (u.origin !== raw) return `must be the exact origin ${u.origin} (no path, query, trailing slash or default port)`;
  return null;
}

/** The list as stored: every entry an exact origin (else 400 naming each bad index), duplicates refused by schema. */
export function parseCheckoutOrigins(list: readonly string[], rules: CheckoutOriginRules): string[] {
  const details = list.flatMap((o, i) => {
    const message = checkoutOriginProblem(o, rules);
    return message ? [{ path: `checkout_allowed_origins[${i}]`, message }] : [];
  });
  if (details.length > 0) {
    throw new GatewayError('VALIDATION_FAILED', `checkout_allowed_origins: ${details[0]!.message}`, { details });
  }
  return [...list];
}

/**
 * The allowed origins of the merchant and environment of payment intent `intentId`; empty for an unknown intent.
 * Read on every checkout page load and origin check, so a change applies to the next load.
 */
export async function checkoutOriginsOfIntent(sql: Sql, intentId: string): Promise<string[]> {
  const [row] = await sql.query<{ origins: string[] }>(
    `select s.checkout_allowed_origins as origins from payment_intents i
       join merchant_payment_settings s on s.merchant_id = i.merchant_id and s.environment = i.environment
     where i.id = $1`,
    [intentId],
  );
  return row?.origins ?? [];
}
