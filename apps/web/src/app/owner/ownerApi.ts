// The owner dashboard's client of /owner/api (agents service): openapi-fetch over the types generated from the owner
// routes' document (ownerApiTypes.ts, from apps/agents/src/owner/ownerApiDocument.ts), as the gateway's UIs call the
// gateway (shared/api.ts), so every path, body and answer is checked at compile time; every failure is an ApiError
// with the API's own code and message. The owner session (os_v1_…) lives in sessionStorage: it ends with the tab,
// and it opens only /owner/api, never the agent API.
import createClient from 'openapi-fetch';
import { ok } from '../shared/api.ts';
import { storedCredentialAuth } from '../shared/storedCredential.ts';
import type { paths } from './ownerApiTypes.ts';

/** The `data` of a successful answer of operation `M` on owner path `P`. */
type Data<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type SignInNonce = Data<'/owner/api/sign-in/nonce', 'post'>;
export type Overview = Data<'/owner/api/overview', 'get'>;
export type AccessTokenInfo = Overview['accessTokens'][number];
export type OwnerMailbox = Data<'/owner/api/mailboxes', 'get'>['mailboxes'][number];
export type OwnerMessage = Data<'/owner/api/messages', 'get'>['messages'][number];
export type OwnerEvent = Data<'/owner/api/events', 'get'>['events'][number];
export type OwnerPayment = Data<'/owner/api/payments', 'get'>['payments'][number];
export type OwnerPhone = Data<'/owner/api/phone', 'get'>;
export type OwnerPhoneNumber = OwnerPhone['numbers'][number];
export type OwnerCall = OwnerPhone['calls'][number];
export type OwnerTranscript = OwnerPhone['transcripts'][number];

const SESSION_KEY = 'tender.ownerSession';

export const ownerSession = {
  get: (): string | null => sessionStorage.getItem(SESSION_KEY),
  set: (token: string) => sessionStorage.setItem(SESSION_KEY, token),
  clear: () => sessionStorage.removeItem(SESSION_KEY),
};

const owner = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  credentials: 'omit',
  cache: 'no-store',
});
owner.use(storedCredentialAuth(ownerSession, 'Bearer'));

/** The answer's `data`, or an ApiError in the API's own words. */
const data = async <D>(call: Promise<{ data?: { data: D }; error?: unknown; response: Response }>): Promise<D> =>
  (await ok(call)).data;

export const ownerApi = {
  nonce: () => data(owner.POST('/owner/api/sign-in/nonce')),
  signIn: (message: string, signature: string) =>
    data(owner.POST('/owner/api/sign-in', { body: { message, signature } })),
  signOut: () => data(owner.POST('/owner/api/sign-out')),
  overview: () => data(owner.GET('/owner/api/overview')),
  mailboxes: () => data(owner.GET('/owner/api/mailboxes')),
  messages: () => data(owner.GET('/owner/api/messages')),
  events: () => data(owner.GET('/owner/api/events')),
  payments: () => data(owner.GET('/owner/api/payments')),
  phone: () => data(owner.GET('/owner/api/phone')),
  replaceToken: () => data(owner.POST('/owner/api/access-token/replace')),
  revokeTokens: () => data(owner.POST('/owner/api/access-token/revoke')),
};
