// The dashboard's session cookie. Sign-in (signup, login, identity-provider sign-in) sets it beside the token it
// returns; logout clears it. HttpOnly (scripts never read it), SameSite=Lax (a cross-site subrequest or form POST does
// not carry it), Path=/, Secure and `__Host-` prefixed when the gateway is served over https. It expires with the
// session; the session's idle and absolute deadlines, logout and a password reset end it on the server either way.
//
// CSRF (checked by `authenticate` for a cookie-authenticated request whose method is not GET, HEAD or OPTIONS): the
// request must come from the gateway's own pages. Its Origin must be this request's own origin (the Host it was sent
// to) or the gateway's public / dashboard origin; without an Origin, Sec-Fetch-Site must say same-origin. Browsers
// set both headers and pages cannot forge them, so a cross-site form, fetch or sibling subdomain is refused (403
// CSRF_REJECTED) even where SameSite would let the cookie through (same-site, older browsers). Chosen over a
// double-submit token because it needs no token kept by the page, so the page holds no secret at all. An
// `Authorization: Bearer` credential is never checked this way (a cross-site page cannot send one) and wins over the
// cookie when both are sent.
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';

/** The cookie and its checks need only the gateway's own URLs. */
type CookieContext = { config: Pick<GatewayContext['config'], 'publicUrl' | 'dashboardUrl'> };

const isHttps = (ctx: CookieContext) => ctx.config.publicUrl.startsWith('https:');

/** `__Host-tender_session` over https (the prefix pins it to this host, Secure and Path=/), else `tender_session`. */
export function sessionCookieName(ctx: CookieContext): string {
  return isHttps(ctx) ? '__Host-tender_session' : 'tender_session';
}

function attributes(ctx: CookieContext, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${isHttps(ctx) ? '; Secure' : ''}`;
}

/** The Set-Cookie value carrying a new session until its absolute expiry. */
export function sessionCookie(ctx: CookieContext, token: string, expiresAt: Date, now: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${sessionCookieName(ctx)}=${token}; ${attributes(ctx, maxAge)}`;
}

/** The Set-Cookie value that removes it (logout, or a cookie the server no longer accepts). */
export function clearedSessionCookie(ctx: CookieContext): string {
  return `${sessionCookieName(ctx)}=; ${attributes(ctx, 0)}`;
}

/** The session token from the request's Cookie header, or null. */
export function sessionFromCookie(ctx: CookieContext, req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const name = sessionCookieName(ctx);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value || null;
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Refuses a cookie-authenticated unsafe request that did not come from the gateway's own pages (see above). */
export function assertSameOriginRequest(ctx: CookieContext, req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  const fetchSite = req.headers['sec-fetch-site'];
  if (typeof origin === 'string' && origin !== 'null') {
    const own = new Set([originOf(ctx.config.publicUrl), originOf(ctx.config.dashboardUrl)]);
    const host = req.headers.host;
    const sameHost = !!host && originOf(origin)?.replace(/^[a-z]+:\/\//, '') === host.toLowerCase();
    if (own.has(origin) || sameHost) {
      if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') return;
    }
  } else if (fetchSite === 'same-origin') {
    return;
  }
  throw new GatewayError(
    'CSRF_REJECTED',
    'A session cookie was sent from a page that is not this gateway’s (Origin / Sec-Fetch-Site); the dashboard ' +
      'sends requests from its own origin, and other clients send the credential as Authorization: Bearer',
  );
}
