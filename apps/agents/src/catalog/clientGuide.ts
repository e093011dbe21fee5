import { REALTIME_PATH } from '../realtime/protocol.ts';
import type { Catalog } from './catalog.ts';

/**
 * How to configure the official x402 clients for this deployment, shared by /llms.txt, /docs and every 402 body.
 *
 * Why it is needed: `@x402/fetch` (x402Client of `@x402/core` ≥ 2.2x) applies spend controls by default: only the
 * assets `@x402/evm` knows as defaults (USDC on most chains; not the USDT0 we advertise on Arbitrum, and not the
 * devnet stand-in), each capped at $1. Every requirement we send is then refused with "All payment requirements
 * were rejected by spendControls". The exact fix is one option of the wrapper's config:
 * `spendControls.allowedAssets: [{ network, asset, maxAmountPerPayment }]`, with the cap in base units (the
 * highest catalog price here). `@x402/axios` (2.11, on `@x402/core` 2.11) has no spend controls and ignores the
 * option, so the same config serves both.
 *
 * Neither wrapper adds an Idempotency-Key, which every paid POST needs: put it in the request's own headers. Both
 * wrappers replay the original request with its headers, adding PAYMENT-SIGNATURE.
 */
export interface X402ClientSetup {
  network: string;
  asset: string;
  /** Highest catalog price in base units: no catalog payment is refused, nothing above it is ever signed. */
  maxAmountPerPayment: string;
  spendControls: { allowedAssets: { network: string; asset: string; maxAmountPerPayment: string }[] };
  idempotencyKey: string;
  fetch: string;
  axios: string;
}

export function x402ClientSetup(catalog: Catalog): X402ClientSetup | null {
  const paid = catalog.records.filter((r) => r.x402Price);
  const terms = paid[0]?.x402Price;
  if (!terms) return null;
  const max = paid.reduce((m, r) => (BigInt(r.priceUnits ?? '0') > m ? BigInt(r.priceUnits ?? '0') : m), 0n).toString();
  const spendControls = {
    allowedAssets: [{ network: terms.network, asset: terms.asset, maxAmountPerPayment: max }],
  };
  const config = `{
  schemes: [{ network: '${terms.network}', client: new ExactEvmScheme(account) }],
  spendControls: { allowedAssets: [{ network: '${terms.network}', asset: '${terms.asset}', maxAmountPerPayment: '${max}' }] },
}`;
  return {
    network: terms.network,
    asset: terms.asset,
    maxAmountPerPayment: max,
    spendControls,
    idempotencyKey:
      'Send Idempotency-Key (a new unique string per operation, e.g. crypto.randomUUID()) in the headers of the request you give the wrapper; it replays them with PAYMENT-SIGNATURE. Reuse the key only to retry the byte-identical request.',
    fetch: `import { wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { ExactEvmScheme } from '@x402/evm';
const fetchWithPayment = wrapFetchWithPaymentFromConfig(fetch, ${config});
const res = await fetchWithPayment('<base URL>/api/v1/email/mailboxes', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
  body: JSON.stringify({ localPart: 'my-agent', displayName: 'My Agent' }),
});`,
    axios: `import axios from 'axios';
import { wrapAxiosWithPaymentFromConfig } from '@x402/axios';
import { ExactEvmScheme } from '@x402/evm';
const api = wrapAxiosWithPaymentFromConfig(axios.create(), ${config});
const res = await api.post('<base URL>/api/v1/email/mailboxes', { localPart: 'my-agent', displayName: 'My Agent' }, {
  headers: { 'idempotency-key': crypto.randomUUID() },
});`,
  };
}

/** The compact form carried by every 402 body (`error.clients`): the option, the header, and where the rest is. */
export function x402ClientHint(catalog: Catalog) {
  const s = x402ClientSetup(catalog);
  if (!s) return null;
  return {
    packages: ['@x402/fetch', '@x402/axios'],
    wrapperConfig: { spendControls: s.spendControls },
    idempotencyKey: s.idempotencyKey,
    guide: '/docs#clients',
  };
}

/** Markdown section for /llms.txt and /docs. */
export function clientSetupMarkdown(catalog: Catalog, baseUrl: string): string {
  const s = x402ClientSetup(catalog);
  if (!s) return 'Payments are not configured on this deployment: paid services are unavailable (503).';
  const code = (src: string) => '```ts\n' + src.replaceAll('<base URL>', baseUrl) + '\n```';
  return `The official clients work with one option: their default spend controls accept only their own default assets (capped at $1), which excludes this USDT asset. Allow it, capped at the highest catalog price (${s.maxAmountPerPayment} base units):

- \`spendControls: { allowedAssets: [{ network: '${s.network}', asset: '${s.asset}', maxAmountPerPayment: '${s.maxAmountPerPayment}' }] }\`
- Idempotency-Key: ${s.idempotencyKey}
- After the first provisioning, add \`authorization: Bearer <accessToken>\` to the headers of every call; pay from the same wallet.

@x402/fetch:

${code(s.fetch)}

@x402/axios (its 2.11 release has no spend controls and ignores the option; keep it for newer releases):

${code(s.axios)}`;
}

/** The WebSocket protocol (spec: WebSocket messages), for /llms.txt and /docs. */
export function websocketMarkdown(websocketUrl: string): string {
  return `1. GET /api/v1/events/realtime-token with your bearer token: \`data.realtime.websocketUrl\` (${websocketUrl}, path ${REALTIME_PATH}) and a 15-minute \`token\` (rt_v1_…).
2. Connect, then send \`{"type":"session.authenticate","token":"rt_v1_…"}\` as the first frame (never a token in the URL). JSON text frames, at most 256 KiB.
3. Unacknowledged, unexpired events are replayed in order (createdAt, then eventId), then live ones follow. Acknowledge each only after handling it durably.

| Direction | type | Fields |
|---|---|---|
| client → service | session.authenticate | token (realtime token) |
| service → client | session.ready | sessionId, walletAddress, protocols (events and voice), maxFrameBytes, heartbeatIntervalMs, maxInFlight |
| service → client | event.delivery | event (durable event), in order; replayed unacknowledged events first |
| service → client | session.replay.complete | replay (complete, or deferred after error REPLAY_UNAVAILABLE), replayed |
| client → service | event.ack | eventId |
| service → client | event.acknowledged | eventId (use POST /api/v1/events/ack when in doubt) |
| service → client | voice.turn | turnId, callId, phoneNumberId, providerCallId, direction, fromNumber, toNumber, transcript, deadline (ISO 8601), deadlineMs |
| client → service | voice.response | turnId, text (≤ 2000 characters), hangup (boolean), action (speak, hangup or sendDigits: what the call does after the text), digits (DTMF, 0-9 * # w) |
| client → service | voice.cancel | turnId |
| service → client | voice.timeout | turnId |
| service → client | error | code, message, eventId or turnId when it concerns one |

Rules: event.ack for a voice turn, or voice.response for a durable event, is a PROTOCOL_ERROR. Voice turns are never stored or replayed and have a deadline; a late, unknown, foreign or second voice.response is rejected. Close codes: 4401 no authentication in time, 4403 authentication refused or the access token was revoked (get a new realtime token with the replacement), 4429 too many sockets, 1001 server going away (reconnect).`;
}
