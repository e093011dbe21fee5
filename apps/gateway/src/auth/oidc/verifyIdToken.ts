import type { GatewayContext } from '../../context.ts';
import { GatewayError } from '../../http/errors.ts';
import { IdTokenError, type IdTokenClaims, type OidcVerifier } from './oidcVerifier.ts';

/** The configured verifier, or 503 IDP_NOT_CONFIGURED: sign-in with an identity provider is then disabled. */
export function oidcOf(ctx: GatewayContext): OidcVerifier {
  if (!ctx.oidc) {
    throw new GatewayError(
      'IDP_NOT_CONFIGURED',
      'Identity-provider sign-in is not configured on this server (set OIDC_ISSUER and OIDC_CLIENT_ID)',
    );
  }
  return ctx.oidc;
}

/**
 * Verifies an id_token and maps failures onto the envelope: 401 INVALID_ID_TOKEN, or 503 IDP_UNAVAILABLE. With
 * `nonce` (the value the browser put in its authorization request and kept), the token's `nonce` claim must be
 * exactly it: a token issued for another sign-in, or one without a nonce, is refused (OpenID Connect Core 3.2.2.11).
 */
export async function verifyIdToken(ctx: GatewayContext, idToken: string, nonce?: string): Promise<IdTokenClaims> {
  const oidc = oidcOf(ctx);
  let claims: IdTokenClaims;
  try {
    claims = await oidc.verify(idToken, ctx.now());
  } catch (err) {
    if (err instanceof IdTokenError) {
      if (err.problem === 'provider_unavailable') {
        ctx.logger.warn({ err: err.message }, 'identity provider unavailable');
        throw new GatewayError('IDP_UNAVAILABLE', 'The identity provider cannot be reached; try again shortly');
      }
      throw new GatewayError('INVALID_ID_TOKEN', `The id_token was rejected: ${err.message}`);
    }
    throw err;
  }
  if (nonce !== undefined && claims.nonce !== nonce) {
    throw new GatewayError(
      'INVALID_ID_TOKEN',
      claims.nonce === null
        ? 'The id_token was rejected: it carries no nonce claim, but this sign-in sent a nonce'
        : 'The id_token was rejected: its nonce claim differs from the nonce of this sign-in (the token was ' +
            'issued for another sign-in)',
    );
  }
  return claims;
}
