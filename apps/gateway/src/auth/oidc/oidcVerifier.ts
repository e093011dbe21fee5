/** What the gateway takes from a verified OpenID Connect id_token. */
export interface IdTokenClaims {
  issuer: string;
  subject: string;
  /** The address the provider vouches for: set only when the token says `email_verified: true`. */
  verifiedEmail: string | null;
  name: string | null;
  issuedAt: Date;
  expiresAt: Date;
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
