import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type KeyLike } from 'jose';

interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  jwk: JWK;
}

/** Who the authorize endpoint signs in, as if they had just typed their password at the provider. */
export interface AuthorizePerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** How the authorize endpoint answers the next requests (`refuse`: the person said no, `access_denied`). */
export type AuthorizeAnswer =
  { person: AuthorizePerson; state?: (state: string) => string; nonce?: (nonce: string) => string } | 'refuse';

/**
 * A test-only OpenID Connect issuer on 127.0.0.1: serves `/.well-known/openid-configuration` and a JWKS, and signs
 * id_tokens with its current key. `rotate()` replaces the published key set, as a provider does when it rotates.
 * Counts JWKS fetches so tests can see the verifier cache and refresh. Its `/authorize` endpoint answers the
 * implicit flow (`response_type=id_token`, `response_mode=fragment`) for client `tender-test-client`: it redirects
 * to the `redirect_uri` with a signed id_token carrying the request's nonce for the person `authorizeAs` names, or
 * with `error=access_denied`. `state` and `nonce` may be altered on the way back, as an attacker would.
 */
export async function startOidcIssuer(opts: { responseTypes?: string[] } = {}): Promise<{
  issuer: string;
  authorizationEndpoint: string;
  authorizeAs(answer: AuthorizeAnswer): void;
  /** The query of every authorization request received, oldest first. */
  authorizeRequests(): URLSearchParams[];
  jwksFetches(): number;
  discoveryFetches(): number;
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
  let discoveries = 0;
  let issuer = '';
  let answer: AuthorizeAnswer = 'refuse';
  const requests: URLSearchParams[] = [];
  const sign = async (
    claims: Record<string, unknown>,
    o: { key?: SigningKey; expiresIn?: number; issuedAt?: number; aud?: string | string[]; iss?: string } = {},
  ) => {
    const key = o.key ?? published[published.length - 1]!;
    const iat = o.issuedAt ?? Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(o.iss ?? issuer)
      .setAudience(o.aud ?? 'tender-test-client')
      .setIssuedAt(iat)
      .setExpirationTime(iat + (o.expiresIn ?? 600))
      .sign(key.privateKey);
  };
  const authorize = async (q: URLSearchParams): Promise<{ status: number; location?: string; body?: string }> => {
    requests.push(q);
    const redirect = q.get('redirect_uri');
    // A provider answers a request it cannot trust with a page of its own, never a redirect.
    if (q.get('client_id') !== 'tender-test-client' || !redirect) return { status: 400, body: 'unknown client' };
    if (q.get('response_type') !== 'id_token' || q.get('response_mode') !== 'fragment' || !q.get('nonce')) {
      return { status: 400, body: 'unsupported request' };
    }
    const state = q.get('state') ?? '';
    const back = (params: Record<string, string>) => `${redirect}#${new URLSearchParams(params).toString()}`;
    if (answer === 'refuse') {
      return {
        status: 302,
        location: back({ error: 'access_denied', error_description: 'The person declined to sign in', state }),
      };
    }
    const nonce = answer.nonce ? answer.nonce(q.get('nonce')!) : q.get('nonce')!;
    const idToken = await sign({ ...answer.person, nonce });
    return { status: 302, location: back({ id_token: idToken, state: answer.state ? answer.state(state) : state }) };
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/authorize') {
      void authorize(url.searchParams).then((r) => {
        res.statusCode = r.status;
        if (r.location) res.setHeader('location', r.location);
        res.setHeader('content-type', 'text/plain');
        res.end(r.body ?? '');
      });
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      discoveries++;
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          authorization_endpoint: `${issuer}/authorize`,
          response_types_supported: opts.responseTypes ?? ['code', 'id_token', 'id_token token'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
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
    authorizationEndpoint: `${issuer}/authorize`,
    authorizeAs(next) {
      answer = next;
    },
    authorizeRequests: () => [...requests],
    jwksFetches: () => fetches,
    discoveryFetches: () => discoveries,
    async rotate(opts = {}) {
      const next = await makeKey();
      published = opts.keepOld ? [...published, next] : [next];
    },
    strayKey: (kid) => makeKey(kid),
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
