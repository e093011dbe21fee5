// The owner dashboard's client of /owner/api (agents service). Types mirror apps/agents/src/owner/ownerViews.ts;
// every failure is an ApiError with the API's own code and message. The owner session (os_v1_…) lives in
// sessionStorage: it ends with the tab, and it opens only /owner/api, never the agent API.
import { ApiError } from '../shared/api.ts';

export interface SignInNonce {
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  version: '1';
  statement: string;
  issuedAt: string;
  expirationTime: string;
}

export interface AccessTokenInfo {
  tokenId: string;
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
  replacedBy: string | null;
}

export interface Overview {
  walletAddress: string;
  tenantSince: string | null;
  suspended: boolean;
  accessTokens: AccessTokenInfo[];
}

export interface OwnerMailbox {
  mailboxId: string;
  address: string;
  displayName: string;
  status: 'active' | 'deleted';
  messages: number;
  createdAt: string;
}

export interface OwnerMessage {
  emailId: string;
  mailboxId: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string[];
  subject: string;
  receivedAt: string;
  deliveryState: string | null;
}

export interface OwnerEvent {
  eventId: string;
  type: string;
  status: string;
  createdAt: string;
  deliveredAt: string | null;
  acknowledgedAt: string | null;
}

export interface OwnerPayment {
  paymentId: string;
  serviceId: string;
  state: string;
  amount: string;
  amountUnits: string;
  currency: 'USDT';
  network: string;
  transaction: string | null;
  createdAt: string;
}

/** The telephony module's number view (as phone.number.list answers it). */
export interface OwnerPhoneNumber {
  phoneNumberId: string;
  number: string;
  country: string;
  agentName: string;
  status: 'active' | 'suspended' | 'released';
  expiresAt: string;
  renewalDeadline: string;
  inboundAllowanceSeconds: number;
  inboundSecondsPurchased: number;
  createdAt: string;
  releasedAt: string | null;
}

/** The telephony module's call view (as phone.call.get answers it). */
export interface OwnerCall {
  callId: string;
  phoneNumberId: string;
  direction: 'inbound' | 'outbound';
  fromNumber: string;
  toNumber: string;
  status: 'initiated' | 'connected' | 'ended';
  authorisedSeconds: number;
  durationSeconds: number | null;
  hasTranscript: boolean;
  createdAt: string;
}

export interface OwnerTranscript {
  callId: string;
  entries: { seq: number; speaker: 'caller' | 'agent'; text: string; at: string }[];
}

export interface OwnerPhone {
  available: boolean;
  numbers: OwnerPhoneNumber[];
  calls: OwnerCall[];
  transcripts: OwnerTranscript[];
}

const SESSION_KEY = 'tender.ownerSession';

export const ownerSession = {
  get: (): string | null => sessionStorage.getItem(SESSION_KEY),
  set: (token: string) => sessionStorage.setItem(SESSION_KEY, token),
  clear: () => sessionStorage.removeItem(SESSION_KEY),
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const session = ownerSession.get();
  if (session) headers.authorization = `Bearer ${session}`;
  let res: Response;
  try {
    res = await fetch(`/owner/api${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server; check your connection');
  }
  const json = (await res.json().catch(() => undefined)) as
    { data?: T; error?: { code?: string; message?: string } } | undefined;
  if (!res.ok || !json?.data) {
    if (res.status === 401) ownerSession.clear();
    throw new ApiError(
      res.status,
      json?.error?.code ?? 'HTTP_ERROR',
      json?.error?.message ?? `The server answered ${res.status}`,
    );
  }
  return json.data;
}

export const ownerApi = {
  nonce: () => call<SignInNonce>('POST', '/sign-in/nonce'),
  signIn: (message: string, signature: string) =>
    call<{ session: { token: string; expiresAt: string }; walletAddress: string }>('POST', '/sign-in', {
      message,
      signature,
    }),
  signOut: () => call<{ signedOut: true }>('POST', '/sign-out'),
  overview: () => call<Overview>('GET', '/overview'),
  mailboxes: () => call<{ mailboxes: OwnerMailbox[] }>('GET', '/mailboxes'),
  messages: () => call<{ messages: OwnerMessage[] }>('GET', '/messages'),
  events: () => call<{ events: OwnerEvent[] }>('GET', '/events'),
  payments: () => call<{ payments: OwnerPayment[] }>('GET', '/payments'),
  phone: () => call<OwnerPhone>('GET', '/phone'),
  replaceToken: () =>
    call<{ accessToken: string; tokenId: string; revokedTokenIds: string[] }>('POST', '/access-token/replace'),
  revokeTokens: () => call<{ revokedTokenIds: string[] }>('POST', '/access-token/revoke'),
};
