// Sign-in with the deployment's OpenID Connect provider, in the browser and without a client secret: the implicit
// flow with `response_type=id_token` and `response_mode=fragment`. The button sends the person to the provider with a
// random `state` and `nonce` kept in this tab's sessionStorage; the provider sends them back to IDP_CALLBACK_PATH
// with the id_token in the URL fragment (never sent to any server, and cleared from the address bar at once). The
// callback takes the kept values out (each sign-in is answered once), refuses an answer whose `state` differs (an
// answer this tab did not ask for), and posts the id_token with the nonce to POST /v1/auth/idp, which refuses a token
// not carrying that nonce and sets the session cookie like the other sign-ins.
import { ApiError, ok, publicApi, type ResponseOf } from '../../shared/api.ts';
import { dashboardSession, gateway } from './dashboardApi.ts';

export const IDP_CALLBACK_PATH = '/dashboard/sign-in/idp';

export type IdpProvider = Extract<ResponseOf<'/public/auth/idp', 'get'>, { enabled: true }>;

/** What this tab keeps between the redirect to the provider and its answer. */
interface PendingSignIn {
  state: string;
  nonce: string;
  provider: string;
  businessName?: string;
  startedAt: number;
}

const PENDING_KEY = 'tender.idpSignIn';
/** A sign-in left at the provider longer than this is not finished: its id_token would be old too. */
const PENDING_MAX_AGE_MS = 15 * 60_000;

/** The deployment's provider, or null when it has none (the page then shows no button). */
export async function loadIdpProvider(): Promise<IdpProvider | null> {
  const r = await ok(publicApi.GET('/public/auth/idp'));
  return r.enabled ? r : null;
}

/** Sends this tab to the provider. `businessName` names a new account (the sign-up path). */
export function startIdpSignIn(provider: IdpProvider, businessName?: string): void {
  const pending: PendingSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    provider: provider.name,
    ...(businessName ? { businessName } : {}),
    startedAt: Date.now(),
  };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(provider.authorization_endpoint);
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('response_mode', 'fragment');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('redirect_uri', `${location.origin}${IDP_CALLBACK_PATH}`);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  location.assign(url.href);
}

/** A sign-in that did not complete, in words for the person (and never with the token in it). */
export class IdpSignInProblem extends Error {
  override name = 'IdpSignInProblem';
}

let finishing: Promise<void> | undefined;

/**
 * Completes the sign-in the provider answered at IDP_CALLBACK_PATH: resolves signed in (the session cookie is set),
 * or rejects with an IdpSignInProblem. Runs once per page load however often it is called.
 */
export function finishIdpSignIn(): Promise<void> {
  finishing ??= finish();
  return finishing;
}

async function finish(): Promise<void> {
  const answer = new URLSearchParams(location.hash.slice(1));
  // The id_token leaves the address bar (and this entry of the history) before anything else happens.
  history.replaceState(null, '', '/dashboard/');
  const pending = takePending();
  if (!pending) {
    throw new IdpSignInProblem(
      'This sign-in was not started in this browser tab, or its answer was already used. Start again with the ' +
        'sign-in button.',
    );
  }
  const name = pending.provider;
  if (answer.get('state') !== pending.state) {
    throw new IdpSignInProblem(
      `The answer from ${name} does not belong to the sign-in this tab started (its state differs), so it was ` +
        'refused. Start again with the sign-in button.',
    );
  }
  if (Date.now() - pending.startedAt > PENDING_MAX_AGE_MS) {
    throw new IdpSignInProblem(`The sign-in with ${name} took longer than 15 minutes. Start again.`);
  }
  const error = answer.get('error');
  if (error) {
    const why = answer.get('error_description');
    throw new IdpSignInProblem(
      error === 'access_denied'
        ? `${name} did not sign you in${why ? `: ${why}` : ' (the sign-in was cancelled or refused)'}.`
        : `${name} refused the sign-in (${error})${why ? `: ${why}` : ''}.`,
    );
  }
  const idToken = answer.get('id_token');
  if (!idToken) throw new IdpSignInProblem(`${name} answered without an id_token, so you are not signed in.`);
  try {
    await ok(
      gateway.POST('/v1/auth/idp', {
        body: {
          id_token: idToken,
          nonce: pending.nonce,
          ...(pending.businessName ? { business_name: pending.businessName } : {}),
        },
      }),
    );
  } catch (err) {
    throw new IdpSignInProblem(problemText(err, name));
  }
  dashboardSession.set(true);
}

function problemText(err: unknown, name: string): string {
  if (!(err instanceof ApiError)) return 'Something went wrong while signing you in. Start again.';
  switch (err.code) {
    case 'IDP_ACCOUNT_EXISTS':
      return (
        `An account with this email exists: sign in with your password. A sign-in with ${name} never takes over ` +
        'an existing account by its email.'
      );
    case 'INVALID_ID_TOKEN':
      return `The sign-in from ${name} could not be verified, so you are not signed in. ${err.message}.`;
    default:
      return err.message;
  }
}

function takePending(): PendingSignIn | null {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<PendingSignIn>;
    return typeof p.state === 'string' && typeof p.nonce === 'string' && typeof p.provider === 'string'
      ? (p as PendingSignIn)
      : null;
  } catch {
    return null;
  }
}

/** 32 random bytes, base64url: unguessable, and safe in a URL as it is. */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
