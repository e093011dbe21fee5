import { DEVNET_CHAIN_ID, DEVNET_MINT_AMOUNT, DEVNET_TOKEN_DECIMALS } from '@tender/evm';
import type { AgentsContext } from '../context.ts';
import { AGENT_ERRORS, ERROR_ACTIONS, type AgentErrorCode } from '../http/errors.ts';
import type { ServiceRecord } from './catalog.ts';
import { clientSetupMarkdown, websocketMarkdown } from './clientGuide.ts';

/** The rules every agent must know, shared by GET /api/v1, /llms.txt and /docs. */
export const AUTH_RULES = [
  'The tenant is the paying wallet. Every resource belongs to one tenant.',
  'Start-here services (email.mailbox.create, phone.number.us.30d, phone.number.ca.30d) are paid with x402 and need no token: send the request with Idempotency-Key: <a new UUID per logical operation; the same on the paid replay>, get 402 with PAYMENT-REQUIRED, pay, replay the identical request with PAYMENT-SIGNATURE and the same Idempotency-Key.',
  'The first successful provisioning of a wallet returns authentication.accessToken (at_v1_…) once; only its SHA-256 is stored. It has no automatic expiry and serves email, phone and events.',
  'Every other endpoint needs Authorization: Bearer <accessToken>. A paid one without token answers 428 ONBOARDING_REQUIRED naming the start-here service; do not pay then.',
  'On a paid call with a token the x402 payer must be the wallet of the token.',
  'Idempotency-Key is required on the paid replay of every paid POST (a signed replay without it: 400 IDEMPOTENCY_KEY_REQUIRED before anything settles; the first request without it still gets the 402 challenge, so send it there too and keep it), and is bound to the wallet, the endpoint, the request body and the payment proof: reuse it only for a byte-equivalent retry. A payment proof pays for one request only.',
  'Replaying a completed paid request returns the stored response (no second charge, no second operation); a replayed first provisioning shows authentication.status already_issued and accessToken null.',
  'A lost token is replaced only through the owner dashboard (/owner/): sign in with the paying wallet (Sign-In with Ethereum), issue a replacement (shown once); the old token is revoked at once, over REST and on open sockets.',
];

function price(r: ServiceRecord): string {
  return r.price ? `${r.price} USDT` : r.serviceId === 'domain.register' ? 'free, unavailable' : 'free';
}

function auth(r: ServiceRecord): string {
  return r.auth === 'x402' ? 'x402 bootstrap' : r.auth === 'bearer' ? 'Bearer' : 'none';
}

function catalogTable(records: readonly ServiceRecord[]): string {
  const rows = records.map(
    (r) =>
      `| ${r.serviceId} | ${r.method} ${r.path} | ${price(r)} | ${auth(r)} | ${r.available ? 'yes' : `no: ${r.unavailableReason}`} |`,
  );
  return ['| Service | Method and path | Price | Auth | Available |', '|---|---|---|---|---|', ...rows].join('\n');
}

function errorTable(): string {
  const rows = (Object.keys(AGENT_ERRORS) as AgentErrorCode[]).map(
    (c) => `| ${c} | ${AGENT_ERRORS[c]} | ${ERROR_ACTIONS[c]} |`,
  );
  return ['| Code | HTTP | What to do |', '|---|---|---|', ...rows].join('\n');
}

function x402Terms(ctx: AgentsContext): string {
  const paid = ctx.catalog.records.find((r) => r.x402Price);
  if (!paid?.x402Price) return 'Payments are not configured on this deployment: paid services are unavailable (503).';
  const t = paid.x402Price;
  return [
    `- scheme \`exact\`, x402Version 2, network \`${t.network}\``,
    `- asset (USDT, 6 decimals, EIP-3009 transferWithAuthorization) \`${t.asset}\`, EIP-712 domain name \`${t.extra.name}\`, version \`${t.extra.version}\``,
    `- payTo \`${t.payTo}\`; amount = the catalog price in base units; validity window at most ${t.maxTimeoutSeconds} s`,
  ].join('\n');
}

/** Said on /llms.txt when the phone is the dev profile's telephony simulator (never in production). */
const SIMULATOR_NOTE =
  '> Dev profile: phone numbers and calls here are the telephony simulator playing Twilio. Numbers are fictional (+1 <area code> 555 0150-0199) and nothing reaches a real phone; outbound callees by the last digits: 0100 answers and speaks, 0101 busy, 0102 no answer, 0103 fails, 0110-0149 hang up after 10-49 s.';
/** On `npm start` (dev profile): where mail outside the domain goes and which devnet wallets can pay. */
function devProfileMarkdown(ctx: AgentsContext): string {
  if (ctx.config.profile !== 'dev') return '';
  const mail = ctx.config.devMailUrl
    ? `- Mail your mailboxes send outside @${ctx.config.emailDomain} is not delivered: the dev mail catcher keeps it. Read it at ${ctx.config.devMailUrl} (JSON: ${ctx.config.devMailUrl}api/messages) or with \`tender mail --follow\`.\n`
    : '';
  const paid = ctx.catalog.records.find((r) => r.x402Price)?.x402Price;
  const devnet = paid?.network === `eip155:${DEVNET_CHAIN_ID}`;
  if (!mail && !devnet) return '';
  return `
## Dev profile (npm start)

${mail}${devnet ? DEVNET_WALLETS : ''}`;
}

const DEVNET_WALLETS = `- The devnet accounts 0-9 of the mnemonic \`test test test test test test test test test test test junk\` each hold ${(DEVNET_MINT_AMOUNT / 10n ** BigInt(DEVNET_TOKEN_DECIMALS)).toLocaleString('en-US')} test USDC, EURC and USDT: pay x402 from any of them (addresses in .tender/dev.json).
`;

/** /llms.txt: the start and recovery guide for agents (plain Markdown, llms.txt convention). */
export function llmsTxt(ctx: AgentsContext): string {
  const start = ctx.catalog.get('email.mailbox.create').record;
  return `# Tender agent services

> Paid (x402, USDT) real email mailboxes on ${ctx.config.emailDomain}, phone numbers and durable events for autonomous agents. Base URL: ${ctx.config.publicUrl}. Not an MCP server; no simulated provider success.
${ctx.phone?.simulator ? `\n${SIMULATOR_NOTE}\n` : ''}
## Start here

1. GET /api/v1/services and pick a start-here service. For email: ${start.method} ${start.path} (${start.serviceId}, ${start.price} USDT) with JSON {"localPart": "my-agent", "displayName": "My Agent"} and header Idempotency-Key: <a new UUID per logical operation; the same on the paid replay> (the paid replay must carry it; a replay without it is refused with 400 IDEMPOTENCY_KEY_REQUIRED before anything settles).
2. The answer is HTTP 402 with header PAYMENT-REQUIRED (base64 JSON, x402 v2). Check the price, get approval, sign the EIP-3009 authorization it describes.
3. Replay the identical method, URL and body with headers PAYMENT-SIGNATURE (base64 payment payload) and the same Idempotency-Key.
4. The 201 answer carries data (the mailbox), header PAYMENT-RESPONSE (settlement) and authentication.accessToken (at_v1_…). Store the token now: it is shown once.
5. Every other call: Authorization: Bearer <accessToken>. Paid ones (update, delete, send) also go through key → 402 → pay → replay, from the same wallet.

## Payment terms

${x402Terms(ctx)}
${devProfileMarkdown(ctx)}
## Using the official x402 clients (@x402/fetch, @x402/axios)

${clientSetupMarkdown(ctx.catalog, ctx.config.publicUrl)}

## Events over the WebSocket

${websocketMarkdown(ctx.realtime.websocketUrl)}

## Recovery

- 428 ONBOARDING_REQUIRED: you called a paid endpoint without token. Call the start-here service named in error.startHere. Do not pay.
- 409 PAYMENT_PENDING: your payment is being processed. Do not pay again; retry the same request, key and PAYMENT-SIGNATURE after Retry-After.
- 502 PROVIDER_TEMPORARY_FAILURE: the payment settled but the provider failed. Retry with the same Idempotency-Key and PAYMENT-SIGNATURE; you are not charged twice.
- 409 IDEMPOTENCY_CONFLICT: the key was used with another body or proof. Replay the original or use a new key.
- 402 PAYMENT_INVALID: the signature does not match the terms (error.reason). Sign a new payment for the terms in PAYMENT-REQUIRED.
- 503 SERVICE_UNAVAILABLE: the service is not offered here (catalog says why). Never pay for it. POST /api/v1/domains/register is always 503.
- Lost the access token? The wallet's owner opens ${ctx.config.publicUrl}/owner/, signs in with the paying wallet (EIP-4361 message, no transaction, no fee) and issues a replacement; the old token stops working at once.
- 403 TENANT_SUSPENDED: the operator suspended this wallet. Do not pay; nothing is charged.

## Links

- [Service catalog](/api/v1/services)
- [OpenAPI 3.1](/openapi.json)
- [Operational guide](/docs)
`;
}

/** /docs: the operational guide (Markdown). */
export function docsMarkdown(ctx: AgentsContext): string {
  return `# Tender agent services: operational guide

Base URL ${ctx.config.publicUrl}. Mailbox domain ${ctx.config.emailDomain}. All bodies are JSON.

## Envelopes

- Success: \`{data, requestId, guide}\`; paid success also has the PAYMENT-RESPONSE header; first provisioning adds \`authentication\`.
- Error: \`{error: {code, message, requestId, …}, guides: {llms, serviceCatalog, openapi}}\`.

## Authentication {#authentication}

${AUTH_RULES.map((r) => `- ${r}`).join('\n')}

\`authentication\` on a provisioning response: \`{status: "issued" | "already_issued", accessToken: "at_v1_…" | null, walletAddress, guide}\`.

## Paid request flow {#payment}

1. Send the request. Without PAYMENT-SIGNATURE the answer is 402 PAYMENT_REQUIRED with header PAYMENT-REQUIRED (x402 v2 PaymentRequired; the same object in error.paymentRequired), with or without Idempotency-Key. The paid replay must carry Idempotency-Key (a new UUID per logical operation; send it on the first request too and keep it the same).
2. Checked in order, each before any money moves: availability (503), token (401/428), body, ownership of named resources (404/403), Idempotency-Key (400 IDEMPOTENCY_KEY_REQUIRED when malformed, or missing on the paid replay), proof terms and signature (402 PAYMENT_INVALID), payer = token wallet (403 PAYER_MISMATCH), idempotency binding (409), verification by the facilitator.
3. Settlement happens once per request; then the operation runs and its response is stored. Replays return the stored response.

## Payment terms

${x402Terms(ctx)}

## Official x402 clients {#clients}

${clientSetupMarkdown(ctx.catalog, ctx.config.publicUrl)}

## Services

${catalogTable(ctx.catalog.records)}

${ctx.catalog.records.map((r) => `### ${r.serviceId}\n\n${r.method} ${r.path} — ${price(r)}, ${auth(r)}.\n\n${r.summary}\n\nInput: ${r.input}.${r.ownershipChecked.length ? ` Ownership checked before payment: ${r.ownershipChecked.join(', ')}.` : ''}`).join('\n\n')}

## Email

- localPart: 1-64 of a-z 0-9 . _ -, starting and ending with a letter or digit; reserved names (postmaster, abuse, hostmaster, webmaster, security, …) are refused. An address belongs to the first tenant that claims it, even after deletion.
- Sending: at most 50 recipients, one-line subject up to 998 characters, text up to 200000 characters; the mailbox's outbound signature is appended after "-- ". Mail to ${ctx.config.emailDomain} is delivered to our own inbound server; other domains need the operator's SMTP relay (otherwise 422 RECIPIENT_NOT_DELIVERABLE before payment).
- Receiving: mail for active mailboxes only (no relay), one stored copy per recipient mailbox, duplicates by Message-ID ignored, SPF and DKIM results recorded; each stored message creates an email.received event {type, eventId, mailboxId, emailId, from, subject, receivedAt} (no body). Fetch the body with GET /api/v1/email/messages/query?messageId=<emailId>.

## Events over the WebSocket {#websocket}

${websocketMarkdown(ctx.realtime.websocketUrl)}

## Owner dashboard {#dashboard}

Not an agent endpoint: the owner of a paying wallet uses it in a browser at ${ctx.config.publicUrl}/owner/ (API under /owner/api, tag \`owner\` of /openapi.json).

1. POST /owner/api/sign-in/nonce → \`{nonce, domain, uri, chainId, version, statement, issuedAt, expirationTime}\`. The nonce is single-use and expires after 10 minutes.
2. Build the EIP-4361 message from those fields and the wallet address (viem: \`createSiweMessage\`), sign it with the wallet (personal_sign; contract wallets through EIP-1271/6492 are accepted).
3. POST /owner/api/sign-in \`{message, signature}\` → an owner session \`os_v1_…\` (Authorization: Bearer on /owner/api only; it never calls the agent API, and agent tokens never open the dashboard). Another domain, another chain, an expired message, a used nonce or another wallet's signature answer 401 SIGN_IN_REJECTED.
4. GET /owner/api/overview, mailboxes, messages, phone, events, payments (every x402 payment of the wallet with its transaction).
5. POST /owner/api/access-token/replace → a new access token, shown once; every other token of the wallet is revoked in the same transaction: REST answers AUTH_REQUIRED and open WebSockets authenticated through it close with 4403, in every process. POST /owner/api/access-token/revoke revokes without replacement.

## Errors

${errorTable()}
`;
}
