import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';

interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  jwk: JWK;
}

/**
 * A test-only OpenID Connect issuer on 127.0.0.1: serves `/.well-known/openid-configuration` and a JWKS, and signs
 * id_tokens with its current key. `rotate()` replaces the published key set, as a provider does when it rotates.
 * Counts JWKS fetches so tests can see the verifier cache and refresh.
 */
export async function startOidcIssuer(): Promise<{
  issuer: string;
  jwksFetches(): number;
  rotate(opts?: { keepOld?: boolean }): Promise<void>;
  /** A key that is not published (for bad-signature tokens), optionally reusing a published kid. */
  strayKey(kid?: string): Promise<SigningKey>;
  sign(
    claims: Record<string, unknown>,
    opts?: { key?: SigningKey; expiresIn?: number; issuedAt?: number; aud?: string | string[]; iss?: string },
  ): Promise<string>;
  close(): Promise<void>;
}> {
  let kidSeq = 0;
  const makeKey = async (kid = `k${++kidSeq}`): Promise<SigningKey> => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    return { kid, privateKey, jwk };
  };
  let published: SigningKey[] = [await makeKey()];
  let fetches = 0;
  let issuer = '';
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256'] }));
    } else if (req.url === '/jwks') {
      fetches++;
      res.end(JSON.stringify({ keys: published.map((k) => k.jwk) }));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    issuer,
    jwksFetches: () => fetches,
    async rotate(opts = {}) {
      const next = await makeKey();
      published = opts.keepOld ? [...published, next] : [next];
    },
    strayKey: (kid) => makeKey(kid),
    async sign(claims, opts = {}) {
      const key = opts.key ?? published[published.length - 1]!;
      const iat = opts.issuedAt ?? Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(opts.iss ?? issuer)
        .setAudience(opts.aud ?? 'tender-test-client')
        .setIssuedAt(iat)
        .setExpirationTime(iat + (opts.expiresIn ?? 600))
        .sign(key.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
