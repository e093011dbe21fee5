/** What the gateway takes from a verified OpenID Connect id_token. */
export interface IdTokenClaims {
  issuer: string;
  subject: string;
  /** The address the provider vouches for: set only when the token says `email_verified: true`. */
  verifiedEmail: string | null;
  name: string | null;
  /** The `nonce` the browser put in its authorization request, echoed by the provider (null when absent). */
  nonce: string | null;
  issuedAt: Date;
  expiresAt: Date;
}

/** What the dashboard needs to send a person to the provider (from its `/.well-known/openid-configuration`). */
export interface OidcProvider {
  issuer: string;
  clientId: string;
  /** How the sign-in button names the provider (OIDC_PROVIDER_NAME, else the issuer's host). */
  name: string;
  authorizationEndpoint: string;
  /** The provider's `response_types_supported`: the dashboard's flow needs `id_token`. */
  responseTypesSupported: readonly string[];
}

/**
 * Verifies id_tokens of the one identity provider this deployment trusts, for this deployment's client id.
 * The real implementation (`joseOidcVerifier.ts`) checks signature (against the provider's published JWKS),
 * issuer, audience, expiry and issue time. A deployment without a configured provider has no verifier (`null`).
 */
export interface OidcVerifier {
  readonly issuer: string;
  /** Resolves with the claims, or rejects with an `IdTokenError`. `now` is the clock the checks use. */
  verify(idToken: string, now: Date): Promise<IdTokenClaims>;
  /**
   * The provider as its discovery document describes it, fetched once and kept (the document the JWKS URL comes
   * from); rejects with an `IdTokenError` of problem `provider_unavailable` while it cannot be fetched.
   */
  provider(): Promise<OidcProvider>;
}

export type IdTokenProblem =
  | 'malformed'
  | 'signature'
  | 'issuer'
  | 'audience'
  | 'expired'
  | 'not_yet_valid'
  | 'claims'
  /** The provider's keys could not be fetched: not the token's fault. */
  | 'provider_unavailable';

export class IdTokenError extends Error {
  override name = 'IdTokenError';
  constructor(
    readonly problem: IdTokenProblem,
    message: string,
  ) {
    super(message);
  }
}
