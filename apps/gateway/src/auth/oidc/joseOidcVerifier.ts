import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { IdTokenError, type IdTokenClaims, type OidcProvider, type OidcVerifier } from './oidcVerifier.ts';

export interface JoseOidcVerifierOptions {
  /** Issuer URL exactly as the provider writes it in `iss` (no trailing slash is added or removed). */
  issuer: string;
  /** This deployment's client id: the required audience. */
  clientId: string;
  /** How the dashboard's button names the provider; default: the issuer's host. */
  name?: string | undefined;
  /** JWKS URL; discovered from `<issuer>/.well-known/openid-configuration` when omitted. */
  jwksUri?: string;
  /**
   * Minimum time between two JWKS fetches (jose's cooldown). A token signed with a key id not in the cached set
   * triggers a refetch once this has passed, which is how a rotated key is picked up. Default 30 s.
   */
  cooldownMs?: number;
  /** The cached JWKS is refetched when older than this, even without an unknown kid. Default 10 min. */
  cacheMaxAgeMs?: number;
  timeoutMs?: number;
  /** Leeway for exp / nbf / iat against clock skew. Default 30 s. */
  clockToleranceSeconds?: number;
}

// Asymmetric algorithms only: a provider's JWKS carries public keys, and `none` or HMAC must never verify.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** The parts of the provider's discovery document the gateway uses. */
interface Discovery {
  jwksUri: string;
  authorizationEndpoint: string | null;
  responseTypesSupported: string[];
}

/** Verifies id_tokens with jose against the provider's published, cached and rotation-aware JWKS. */
export function createJoseOidcVerifier(opts: JoseOidcVerifierOptions): OidcVerifier {
  const issuer = opts.issuer;
  const timeoutMs = opts.timeoutMs ?? 5000;
  let discovery: Discovery | undefined;
  let discovering: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  // The discovery document is fetched once and kept for the life of the process (as the JWKS URL always was); one
  // fetch at a time, and a failed one is forgotten so the next caller tries again.
  const discover = async (): Promise<Discovery> => {
    if (discovery) return discovery;
    discovering ??= fetchDiscovery(issuer, timeoutMs).finally(() => {
      discovering = undefined;
    });
    discovery = await discovering;
    return discovery;
  };

  const keySet = async () => {
    if (jwks) return jwks;
    const uri = opts.jwksUri ?? (await discover()).jwksUri;
    jwks ??= createRemoteJWKSet(new URL(uri), {
      cooldownDuration: opts.cooldownMs ?? 30_000,
      cacheMaxAge: opts.cacheMaxAgeMs ?? 600_000,
      timeoutDuration: timeoutMs,
    });
    return jwks;
  };

  return {
    issuer,
    async verify(idToken, now) {
      const keys = await keySet();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          issuer,
          audience: opts.clientId,
          algorithms: ALGORITHMS,
          currentDate: now,
          clockTolerance: opts.clockToleranceSeconds ?? 30,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        throw toIdTokenError(err);
      }
      // OpenID Connect Core 3.1.3.7: with several audiences, the authorized party must be this client.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== opts.clientId) {
        throw new IdTokenError('audience', 'id_token has several audiences and azp is not this client');
      }
      const email = typeof payload.email === 'string' ? payload.email : null;
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      return {
        issuer,
        subject: String(payload.sub),
        verifiedEmail: email && emailVerified ? email : null,
        name: typeof payload.name === 'string' ? payload.name : null,
        nonce: typeof payload.nonce === 'string' ? payload.nonce : null,
        issuedAt: new Date(Number(payload.iat) * 1000),
        expiresAt: new Date(Number(payload.exp) * 1000),
      } satisfies IdTokenClaims;
    },
    async provider() {
      const d = await discover();
      if (!d.authorizationEndpoint) {
        throw new IdTokenError(
          'provider_unavailable',
          `OpenID configuration of ${issuer} names no http(s) authorization_endpoint`,
        );
      }
      return {
        issuer,
        clientId: opts.clientId,
        name: opts.name ?? new URL(issuer).host,
        authorizationEndpoint: d.authorizationEndpoint,
        responseTypesSupported: d.responseTypesSupported,
      } satisfies OidcProvider;
    },
  };
}

async function fetchDiscovery(issuer: string, timeoutMs: number): Promise<Discovery> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  let doc: {
    issuer?: unknown;
    jwks_uri?: unknown;
    authorization_endpoint?: unknown;
    response_types_supported?: unknown;
  };
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    doc = (await res.json()) as typeof doc;
  } catch (err) {
    throw new IdTokenError('provider_unavailable', `OpenID configuration of ${issuer} unavailable: ${String(err)}`);
  }
  // The discovery document must describe the configured issuer, or keys of another issuer could be trusted.
  if (doc.issuer !== issuer || typeof doc.jwks_uri !== 'string') {
    throw new IdTokenError(
      'provider_unavailable',
      `OpenID configuration of ${issuer} names another issuer or no jwks_uri`,
    );
  }
  return {
    jwksUri: doc.jwks_uri,
    // Browsers are sent here, so only an http(s) URL is taken (never javascript: or data:).
    authorizationEndpoint: httpUrl(doc.authorization_endpoint),
    responseTypesSupported: Array.isArray(doc.response_types_supported)
      ? doc.response_types_supported.filter((t): t is string => typeof t === 'string')
      : [],
  };
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

function toIdTokenError(err: unknown): IdTokenError {
  if (err instanceof IdTokenError) return err;
  if (err instanceof errors.JWTExpired) return new IdTokenError('expired', 'id_token has expired');
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return new IdTokenError('issuer', 'id_token was issued by another issuer');
    if (err.claim === 'aud') return new IdTokenError('audience', 'id_token is for another client (audience)');
    if (err.claim === 'nbf' || err.claim === 'iat') {
      return new IdTokenError('not_yet_valid', 'id_token is not valid yet');
    }
    return new IdTokenError('claims', `id_token claim ${err.claim} is invalid`);
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) {
    return new IdTokenError('signature', 'id_token signature does not verify');
  }
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return new IdTokenError('signature', 'id_token is signed with a key the provider does not publish');
  }
  if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) {
    return new IdTokenError('provider_unavailable', 'the identity provider keys could not be fetched');
  }
  if (err instanceof errors.JOSEAlgNotAllowed) {
    return new IdTokenError('signature', 'id_token uses a signing algorithm that is not accepted');
  }
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid || err instanceof errors.JOSENotSupported) {
    return new IdTokenError('malformed', 'id_token is not a well-formed signed JWT');
  }
  // Network failures fetching the JWKS surface as plain errors from jose's fetch.
  if (!(err instanceof errors.JOSEError)) {
    return new IdTokenError('provider_unavailable', 'the identity provider keys could not be fetched');
  }
  return new IdTokenError('malformed', `id_token rejected: ${err.code}`);
}
