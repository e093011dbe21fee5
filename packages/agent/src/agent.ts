// createAgent: one object an autonomous agent uses for Tender's agent services. It carries the rules an agent must
// not get wrong on its own:
// - every logical operation has one Idempotency-Key, and once a payment proof is signed for it, every retry sends
//   that key and that proof unchanged (PAYMENT_PENDING, PROVIDER_TEMPORARY_FAILURE, a dropped connection), so an
//   operation is paid at most once;
// - the access token is in the token store before the call that issued it returns;
// - a price above the per-call or per-day limit is refused before anything is signed, and a signed proof counts
//   against the day's budget whether or not its answer arrives;
// - a token the service refuses (replaced or revoked by the owner, wallet suspended) is an AgentAuthError: the call
//   rejects with it, `onAuthError` handlers hear it, and the socket stops reconnecting until `useAccessToken`.
import { randomUUID } from 'node:crypto';
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import type { LocalAccount } from 'viem';
import { AgentApiError, AgentAuthError, AUTH_FAILURE_CODES, SpendLimitError } from './errors.ts';
import { createRealtime, type EventHandler, type Realtime, type VoiceTurnHandler } from './realtime.ts';
import { memoryTokenStore, type StoredAgentState, type TokenStore } from './tokenStore.ts';

export interface AgentOptions {
  /** The agent's wallet: it pays, and the access token is bound to it. */
  account: LocalAccount;
  /** e.g. http://127.0.0.1:4100 */
  baseUrl: string;
  /** Default: memory only (pass fileTokenStore(path): a lost token cannot be recovered by the agent). */
  tokenStore?: TokenStore;
  /** Largest price of one call, in the asset's base units; default 10 USDT (10_000_000). */
  maxPerCallUnits?: bigint;
  /** Largest spend per UTC day; default 50 USDT. */
  maxPerDayUnits?: bigint;
  /** Attempts per operation for retryable answers and dropped connections; default 6. */
  maxAttempts?: number;
  fetch?: typeof fetch;
  /** Wait before retry `n` when the service gives no Retry-After; default 250 ms × 2^(n-1), at most 5 s. */
  backoffMs?: (n: number) => number;
}

/** Answers after which the same key and proof are sent again: the outcome is not final yet. */
const RETRYABLE = new Set(['PAYMENT_PENDING', 'PROVIDER_TEMPORARY_FAILURE']);

export type Json = Record<string, unknown>;

export interface CallOptions {
  /** Your own key for this operation (e.g. to retry it after your process restarts). */
  idempotencyKey?: string;
}

export interface PaidResult<T = Json> {
  data: T;
  /** The whole envelope (payment, authentication, …). */
  body: Json;
  /** Settlement transaction of the x402 payment, when this call paid. */
  settlement: string | null;
}

export async function createAgent(o: AgentOptions) {
  const store = o.tokenStore ?? memoryTokenStore();
  const wallet = o.account.address;
  const loaded = await store.load();
  if (loaded && loaded.walletAddress.toLowerCase() !== wallet.toLowerCase()) {
    throw new Error(`The token store belongs to wallet ${loaded.walletAddress}, not ${wallet}`);
  }
  let state: StoredAgentState = loaded ?? { walletAddress: wallet, accessToken: null };
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  const doFetch = o.fetch ?? globalThis.fetch;
  const maxPerCall = o.maxPerCallUnits ?? 10_000_000n;
  const maxPerDay = o.maxPerDayUnits ?? 50_000_000n;
  const maxAttempts = o.maxAttempts ?? 6;
  const backoff = o.backoffMs ?? ((n: number) => Math.min(5_000, 250 * 2 ** (n - 1)));
  const x402 = x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(o.account) }],
    // The agent's own limits below are the spend control (the service's asset is not one of x402's defaults).
    spendControls: false,
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const spentToday = () => (state.spent?.day === today() ? BigInt(state.spent.units) : 0n);

  async function save(next: StoredAgentState): Promise<void> {
    await store.save(next);
    state = next;
  }

  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) =>
    sendRequest(doFetch, baseUrl, state.accessToken, method, path, body, headers);

  /** Checks the quote against the limits, reserves it in the day's budget (durably), then signs. */
  async function pay(path: string, header: string): Promise<string> {
    const required = decodePaymentRequiredHeader(header);
    const quote = required.accepts[0];
    if (!quote) throw new Error(`${path}: the 402 offered no way to pay`);
    const price = BigInt(quote.amount);
    const spent = spentToday();
    checkSpend(path, price, spent, maxPerCall, maxPerDay);
    await save({ ...state, spent: { day: today(), units: String(spent + price) } });
    // The advertised asset and network, exactly as quoted.
    const payload = await x402.createPaymentPayload({ ...required, accepts: [quote] });
    return encodePaymentSignatureHeader(payload);
  }

  const deps: CallDeps = {
    send,
    pay,
    maxAttempts,
    backoff,
    tokenIssued: (accessToken) => save({ ...state, accessToken }),
    hasToken: () => Boolean(state.accessToken),
    authFailed: (err) => authFailed(err),
  };
  /** One logical operation, retried with the same key (and, once paid, the same proof) until its answer is final. */
  const call = <T = Json>(method: 'GET' | 'POST', path: string, body?: unknown, opts: CallOptions = {}) =>
    callWithRetries<T>(deps, method, path, body, opts);

  // Credentials refused: each handler hears it once per token (the socket's loop and the calls may all meet it).
  const authHandlers: ((err: AgentAuthError) => void)[] = [];
  let authFailure: AgentAuthError | null = null;
  function authFailed(err: AgentAuthError): void {
    if (authFailure) return;
    authFailure = err;
    for (const h of authHandlers) {
      try {
        h(err);
      } catch {
        // A handler's own failure is its business; the others still hear it.
      }
    }
  }

  let realtime: Realtime | null = null;
  const realtimeOf = (): Realtime =>
    (realtime ??= createRealtime({
      realtimeToken: async () => {
        const r = await call<{ realtime: { websocketUrl: string; token: string } }>(
          'GET',
          '/api/v1/events/realtime-token',
        );
        return r.data.realtime;
      },
      backoffMs: backoff,
      // The socket's loop stops on these: reconnecting with a refused token only hammers the service.
      isFatal: (err) => err instanceof AgentAuthError,
    }));

  return {
    wallet,
    /** The access token, once issued (also in the token store). */
    get accessToken(): string | null {
      return state.accessToken;
    },
    /** Today's spend in base units (reserved at signing). */
    get spentToday(): bigint {
      return spentToday();
    },
    /** Any catalog endpoint: `agent.call('POST', '/api/v1/email/mailboxes', body)`. */
    call,
    email: emailApi(call),
    phone: phoneApi(call),
    events: eventsApi(call),
    /**
     * Handles a durable event type ('*' for all) delivered over the socket. The event is acknowledged only after
     * every handler resolved; a handler that throws leaves it unacknowledged, so it is delivered again.
     * `'auth.failed'` is not a service event: its handler is an `onAuthError` handler.
     */
    on: ((type: string, handler: EventHandler | ((err: AgentAuthError) => void)) => {
      if (type === 'auth.failed') authHandlers.push(handler as (err: AgentAuthError) => void);
      else realtimeOf().on(type, handler as EventHandler);
    }) as {
      (type: 'auth.failed', handler: (err: AgentAuthError) => void): void;
      (type: string, handler: EventHandler): void;
    },
    /**
     * Called once when the service refuses the access token (replaced or revoked by the owner) or the wallet is
     * suspended. By then the socket has stopped reconnecting and `connected()` rejects with the same error.
     */
    onAuthError(handler: (err: AgentAuthError) => void): void {
      authHandlers.push(handler);
      if (authFailure) handler(authFailure);
    },
    /** The failure that stopped the agent, or null while its token is accepted. */
    get authError(): AgentAuthError | null {
      return authFailure;
    },
    /** Takes a replacement token (issued by the owner): stored, used from now on, and the socket connects again. */
    async useAccessToken(accessToken: string): Promise<void> {
      await save({ ...state, accessToken });
      authFailure = null;
      realtime?.resume();
    },
    /** Answers live voice turns; the answer must come before the turn's deadline (else the service speaks a fallback). */
    onVoiceTurn(handler: VoiceTurnHandler): void {
      realtimeOf().onVoiceTurn(handler);
    },
    /** Resolves once the socket is authenticated and the replay of unacknowledged events is complete. */
    connected: (): Promise<void> => realtimeOf().ready(),
    async close(): Promise<void> {
      await realtime?.close();
    },
  };
}

export type Agent = Awaited<ReturnType<typeof createAgent>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One logical operation of the agent (createAgent's `call`). */
type Call = <T = Json>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts?: CallOptions,
) => Promise<PaidResult<T>>;

/** Refuses a quote above the per-call limit, or one that would take today's spend above the per-day limit. */
function checkSpend(path: string, price: bigint, spent: bigint, maxPerCall: bigint, maxPerDay: bigint): void {
  if (price > maxPerCall) {
    throw new SpendLimitError(
      'perCall',
      price,
      maxPerCall,
      `${path} costs ${price} units, above the per-call limit ${maxPerCall}`,
    );
  }
  if (spent + price > maxPerDay) {
    throw new SpendLimitError(
      'perDay',
      price,
      maxPerDay,
      `${path} costs ${price} units; ${spent} of today's ${maxPerDay} are spent`,
    );
  }
}

/** Mailboxes and messages. */
function emailApi(call: Call) {
  return {
    createMailbox: (b: { localPart: string; displayName: string; outboundSignature?: string }, c?: CallOptions) =>
      call<{ mailboxId: string; address: string; localPart: string }>('POST', '/api/v1/email/mailboxes', b, c),
    mailboxes: () => call<{ mailboxes: Json[] }>('GET', '/api/v1/email/mailboxes/query'),
    updateMailbox: (b: Json, c?: CallOptions) => call('POST', '/api/v1/email/mailboxes/update', b, c),
    deleteMailbox: (b: { mailboxId: string }, c?: CallOptions) => call('POST', '/api/v1/email/mailboxes/delete', b, c),
    send: (
      b: { mailboxId: string; to: string[]; subject: string; text?: string; html?: string; inReplyTo?: string },
      c?: CallOptions,
    ) => call<{ messageId: string }>('POST', '/api/v1/email/messages/send', b, c),
    messages: (q: { mailboxId?: string; messageId?: string }) =>
      call<Json>('GET', `/api/v1/email/messages/query${query(q)}`),
  };
}

/** Numbers, calls and transcripts. */
function phoneApi(call: Call) {
  return {
    purchaseNumber: (country: 'US' | 'CA', b: Json = {}, c?: CallOptions) =>
      call(
        'POST',
        country === 'US' ? '/api/v1/phone/purchase-us-number-30-days' : '/api/v1/phone/purchase-canada-number-30-days',
        b,
        c,
      ),
    renewNumber: (b: { phoneNumberId: string }, c?: CallOptions) =>
      call('POST', '/api/v1/phone/renew-number-30-days', b, c),
    /** Releases a number for good (irreversible): the body must say `confirmRelease: true`, as the service requires. */
    releaseNumber: async (b: { phoneNumberId: string; confirmRelease: true }, c?: CallOptions) => {
      if (b?.confirmRelease !== true) {
        throw new TypeError('releaseNumber is irreversible: pass { phoneNumberId, confirmRelease: true }');
      }
      return call('POST', '/api/v1/phone/release-number', b, c);
    },
    placeCall: (minutes: 1 | 5, b: Json, c?: CallOptions) =>
      call('POST', minutes === 1 ? '/api/v1/phone/call-1-minute' : '/api/v1/phone/call-5-minutes', b, c),
    extendCall: (b: { callId: string }, c?: CallOptions) => call('POST', '/api/v1/phone/extend-call-1-minute', b, c),
    addInboundMinutes: (b: { phoneNumberId: string }, c?: CallOptions) =>
      call('POST', '/api/v1/phone/add-inbound-minutes-10', b, c),
    numbers: () => call('GET', '/api/v1/phone/numbers'),
    getCall: (callId: string) => call('GET', `/api/v1/phone/calls/${encodeURIComponent(callId)}`),
    transcript: (callId: string) => call('GET', `/api/v1/phone/calls/${encodeURIComponent(callId)}/transcript`),
  };
}

/** Durable events over REST. */
function eventsApi(call: Call) {
  return {
    list: (b: Json = {}) => call('POST', '/api/v1/events/list', b),
    get: (b: { eventId: string }) => call('POST', '/api/v1/events/get', b),
    ack: (b: { eventId: string }) => call('POST', '/api/v1/events/ack', b),
  };
}

const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined));
  return q.size ? `?${q}` : '';
};

/** One HTTP request to the service, with the access token when there is one. */
async function sendRequest(
  doFetch: typeof globalThis.fetch,
  baseUrl: string,
  accessToken: string | null,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
) {
  const res = await doFetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  });
  return { res, json: (await res.json().catch(() => ({}))) as Json };
}

/** What an operation needs of its agent. */
interface CallDeps {
  send: (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ) => ReturnType<typeof sendRequest>;
  /** Checks and signs the payment a 402 asks for; answers the payment-signature header. */
  pay: (path: string, header: string) => Promise<string>;
  maxAttempts: number;
  backoff: (n: number) => number;
  /** Stores an access token the service issued. */
  tokenIssued: (accessToken: string) => Promise<void>;
  hasToken: () => boolean;
  authFailed: (err: AgentAuthError) => void;
}

/** One logical operation, retried with the same key (and, once paid, the same proof) until its answer is final. */
async function callWithRetries<T>(
  d: CallDeps,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  opts: CallOptions,
): Promise<PaidResult<T>> {
  const key = method === 'POST' ? (opts.idempotencyKey ?? randomUUID()) : undefined;
  let proof: string | undefined;
  for (let attempt = 1; ; attempt++) {
    const headers: Record<string, string> = {
      ...(key ? { 'idempotency-key': key } : {}),
      ...(proof ? { 'payment-signature': proof } : {}),
    };
    let r: Awaited<ReturnType<CallDeps['send']>>;
    try {
      r = await d.send(method, path, body, headers);
    } catch (err) {
      // No answer: the same request again (the service deduplicates on the key and binds the proof to it).
      if (attempt >= d.maxAttempts) throw err;
      await sleep(d.backoff(attempt));
      continue;
    }
    if (r.res.status === 402 && !proof) {
      proof = await d.pay(path, r.res.headers.get('payment-required') ?? '');
      continue;
    }
    if (r.res.ok) {
      const auth = r.json.authentication as { accessToken?: string | null } | undefined;
      if (auth?.accessToken) await d.tokenIssued(auth.accessToken);
      const settled = r.res.headers.get('payment-response');
      return {
        data: r.json.data as T,
        body: r.json,
        settlement: settled ? decodePaymentResponseHeader(settled).transaction : null,
      };
    }
    const error = (r.json.error ?? {}) as { code?: string; message?: string };
    const code = error.code ?? `HTTP_${r.res.status}`;
    if ((RETRYABLE.has(code) || r.res.status >= 500) && attempt < d.maxAttempts) {
      const after = Number(r.res.headers.get('retry-after'));
      await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : d.backoff(attempt));
      continue;
    }
    const message = error.message ?? `${method} ${path}: HTTP ${r.res.status}`;
    if (AUTH_FAILURE_CODES.has(code) && (d.hasToken() || code === 'TENANT_SUSPENDED')) {
      const err = new AgentAuthError(r.res.status, code, message, r.json);
      d.authFailed(err);
      throw err;
    }
    throw new AgentApiError(r.res.status, code, message, r.json);
  }
}
