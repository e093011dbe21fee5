import type { App } from '@tender/platform';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { KEY_PREFIX } from '../apiKeys/apiKeys.ts';
import { can, type Permission } from '../auth/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import { resolveSession, SESSION_TOKEN_PREFIX } from '../auth/sessions.ts';
import { assertSameOriginRequest, sessionFromCookie } from '../auth/sessionCookie.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from './errors.ts';
import type { Environment } from '../tenant.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`'s hook; null on routes without credentials. Read it through `principalOf`. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The credentials a route accepts and the permission it needs; routes without it take no credentials. */
    auth?: RouteAuth;
  }
}

/** Which credentials a route accepts: an API key, a dashboard session token, or either. */
export type Credential = 'key' | 'session';

/** A route's authentication, declared once in its `config`: `{ config: { auth: { accepts, permission } } }`. */
export interface RouteAuth {
  accepts: readonly Credential[];
  permission?: Permission;
}

/**
 * Header a dashboard session sends to act in live mode; sessions act in `test` mode without it. API keys carry
 * their environment in their prefix; a key sent with a contradicting header is refused (400).
 */
export const ENVIRONMENT_HEADER = 'tender-environment';

const SESSION_ONLY_MESSAGE = 'This endpoint needs a dashboard session token (from login); API keys are not accepted';

/**
 * Declares `request.principal` once per server (Fastify wants decorated properties known up front), and applies
 * every route's `config.auth` as it is registered: `requireAuth` is added to its onRequest hooks, after the rate
 * limiter's (so that requests with missing or wrong credentials are limited like any other, rather than each
 * costing a key or session lookup unbounded), and its OpenAPI `security` names the accepted credentials. Register
 * this before any route.
 */
export function registerAuthentication(app: App, ctx: GatewayContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth;
    if (!auth) return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, requireAuth(ctx, auth.accepts, auth.permission)];
    route.schema ??= {};
    route.schema.security ??= securityFor(auth.accepts);
  });
}

/**
 * The onRequest hook `config.auth` installs (registerAuthentication): resolves `Authorization: Bearer <API key | session token>` into `request.principal`, then
 * checks the route accepts that kind of credential and the caller's role holds `permission`. Order of answers:
 * missing or invalid credentials 401 (AUTHENTICATION_REQUIRED, INVALID_API_KEY, INVALID_SESSION,
 * INVALID_CREDENTIALS); a valid credential of a suspended merchant 403 MERCHANT_SUSPENDED; a valid API key on a session-only route 403 SESSION_REQUIRED; a role without the
 * permission 403 PERMISSION_DENIED.
 *
 *     app.post('/v1/payment-intents', { config: { auth: { accepts: ['key', 'session'], permission: 'write' } } }, h)
 */
export function requireAuth(
  ctx: GatewayContext,
  accepts: readonly Credential[],
  permission?: Permission,
): onRequestAsyncHookHandler {
  return async (req) => {
    const principal = await authenticate(ctx, req);
    if (principal.kind === 'api_key' && !accepts.includes('key')) {
      throw new GatewayError('SESSION_REQUIRED', SESSION_ONLY_MESSAGE);
    }
    if (principal.kind === 'session' && !accepts.includes('session')) {
      throw new GatewayError('PERMISSION_DENIED', 'This endpoint needs an API key, not a session token');
    }
    if (permission && !can(principal.role, permission)) {
      throw new GatewayError(
        'PERMISSION_DENIED',
        `The ${principal.role} role does not have the ${permission} permission this endpoint needs`,
      );
    }
    req.principal = principal;
  };
}

/** The principal `requireAuth` resolved. Calling it on a route without `requireAuth` is a programming error. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal)
    throw new Error(`route ${req.routeOptions.url ?? req.url} reads the principal without requireAuth`);
  return req.principal;
}

/** OpenAPI `security` for a route accepting these credentials (schemes declared in server.ts). */
export function securityFor(accepts: readonly Credential[]): Record<string, string[]>[] {
  return accepts.map((c): Record<string, string[]> => (c === 'key' ? { apiKey: [] } : { session: [] }));
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when the header has another shape. */
export function bearerToken(header: string): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(header)?.[1];
}

async function authenticate(ctx: GatewayContext, req: FastifyRequest): Promise<Principal> {
  const header = req.headers.authorization;
  if (!header) {
    // The dashboard's session cookie, only when no Authorization header is sent (a bearer credential always wins).
    const cookie = sessionFromCookie(ctx, req);
    if (cookie?.startsWith(SESSION_TOKEN_PREFIX)) {
      assertSameOriginRequest(ctx, req);
      return sessionPrincipal(ctx, req, cookie);
    }
    throw new GatewayError('AUTHENTICATION_REQUIRED', 'Send an API key or session token as Authorization: Bearer …', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  const bearer = bearerToken(header);
  if (!bearer) {
    throw new GatewayError('AUTHENTICATION_REQUIRED', 'The Authorization header must be "Bearer <token>"', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  const requested = requestedEnvironment(req);
  const now = ctx.now();
  const ip = req.ip ?? null;
  const invalid = (code: 'INVALID_API_KEY' | 'INVALID_SESSION' | 'INVALID_CREDENTIALS', message: string) =>
    new GatewayError(code, message, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

  if (bearer.startsWith(KEY_PREFIX.test) || bearer.startsWith(KEY_PREFIX.live)) {
    const r = await ctx.apiKeys.resolve(bearer, now);
    if (!r.ok)
      throw invalid('INVALID_API_KEY', r.reason === 'revoked' ? 'This API key has been revoked' : 'Unknown API key');
    if (requested && requested !== r.key.environment) {
      throw new GatewayError(
        'ENVIRONMENT_MISMATCH',
        `This is a ${r.key.environment} key; the ${ENVIRONMENT_HEADER} header asks for ${requested}`,
      );
    }
    if (r.key.merchantSuspended) throw suspended();
    return {
      merchantId: r.key.merchantId,
      role: r.key.role,
      environment: r.key.environment,
      kind: 'api_key',
      keyId: r.key.id,
      sessionId: null,
      userId: null,
      ip,
    };
  }
  if (bearer.startsWith(SESSION_TOKEN_PREFIX)) return sessionPrincipal(ctx, req, bearer);
  throw invalid(
    'INVALID_CREDENTIALS',
    'The bearer token is neither a Tender API key (sk_test_…, sk_live_…) nor a session token',
  );
}

/** The principal of a session token, sent as a bearer token or in the dashboard's cookie. */
async function sessionPrincipal(ctx: GatewayContext, req: FastifyRequest, token: string): Promise<Principal> {
  const requested = requestedEnvironment(req);
  const r = await resolveSession(ctx.db, token, { now: ctx.now(), idleSeconds: ctx.auth.sessionIdleSeconds });
  if (!r.ok) {
    const why = {
      unknown: 'Unknown session',
      ended: 'This session has ended',
      expired: 'This session has expired',
      idle: 'This session ended after inactivity',
    }[r.reason];
    throw new GatewayError('INVALID_SESSION', `${why}; sign in again`, {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  if (r.session.merchantSuspended) throw suspended();
  return {
    merchantId: r.session.merchantId,
    role: r.session.role,
    environment: requested ?? 'test',
    kind: 'session',
    keyId: null,
    sessionId: r.session.id,
    userId: r.session.userId,
    ip: req.ip ?? null,
  };
}

/** A valid credential of a merchant the operator suspended (operator/merchantsAdmin.ts): refused on every route. */
const suspended = () =>
  new GatewayError('MERCHANT_SUSPENDED', 'This merchant account is suspended by the operator; contact support');

function requestedEnvironment(req: FastifyRequest): Environment | undefined {
  const raw = req.headers[ENVIRONMENT_HEADER];
  if (raw === undefined) return undefined;
  if (raw === 'test' || raw === 'live') return raw;
  throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
    details: [{ path: `header:${ENVIRONMENT_HEADER}`, message: 'must be one of test, live' }],
  });
}
