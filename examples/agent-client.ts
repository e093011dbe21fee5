/**
 * An autonomous agent using Tender's agent services with x402 on the devnet: it pays for two mailboxes (the first
 * payment issues its access token), sends a message from one to the other and reads it back.
 *
 *   npx tsx examples/agent-client.ts            # against `npm start` (dev profile)
 *   AGENTS_URL=http://127.0.0.1:4100 PAYER_PRIVATE_KEY=0x… npx tsx examples/agent-client.ts
 *
 * It is written the way an agent outside this repository would write it: fetch, `@x402/core`'s client and
 * `@x402/evm`'s exact scheme, nothing from Tender's code.
 */
import { x402Client } from '@x402/core/client';
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';

/** Devnet account 1 of the standard test mnemonic (funded with test USDT by the devnet). Never use it elsewhere. */
const DEVNET_PAYER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface AgentClientOptions {
  baseUrl: string;
  privateKey: `0x${string}`;
  /** Highest price the agent approves without asking (USDT base units). */
  maxPriceUnits?: bigint;
  log?: (line: string) => void;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function runAgentClient(opts: AgentClientOptions) {
  const log = opts.log ?? console.log;
  const account = privateKeyToAccount(opts.privateKey);
  // The devnet USDT is not one of x402's default assets; the approval below is the agent's own spend control.
  const x402 = x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
    spendControls: false,
  });
  const maxPrice = opts.maxPriceUnits ?? 1_000_000n;
  let token: string | null = null;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${opts.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { res, json: (await res.json()) as Json };
  }

  /**
   * Send with a new Idempotency-Key (every paid POST needs one, the first request included); on 402 check the quote,
   * sign, and replay the identical request with PAYMENT-SIGNATURE and the same key.
   */
  async function paid(path: string, body: unknown): Promise<Json> {
    const key = randomUUID();
    const first = await request('POST', path, body, { 'idempotency-key': key });
    if (first.res.status !== 402)
      throw new Error(`${path}: expected 402, got ${first.res.status} ${JSON.stringify(first.json)}`);
    const required = decodePaymentRequiredHeader(first.res.headers.get('payment-required') ?? '');
    const quote = required.accepts[0]!;
    if (BigInt(quote.amount) > maxPrice) throw new Error(`${path}: price ${quote.amount} exceeds the approved maximum`);
    log(`  quote ${Number(quote.amount) / 1e6} USDT on ${quote.network} to ${quote.payTo}`);
    const payload = await x402.createPaymentPayload(required);
    const headers = { 'payment-signature': encodePaymentSignatureHeader(payload), 'idempotency-key': key };
    // Retry unchanged while the payment is pending or the provider failed: the same key and proof never pay twice.
    for (let attempt = 0; ; attempt++) {
      const r = await request('POST', path, body, headers);
      if (r.res.ok) {
        const settled = decodePaymentResponseHeader(r.res.headers.get('payment-response') ?? '');
        log(`  paid, settled in ${settled.transaction}`);
        return r.json;
      }
      const retryable = ['PAYMENT_PENDING', 'PROVIDER_TEMPORARY_FAILURE'].includes(r.json.error?.code);
      if (!retryable || attempt >= 5) throw new Error(`${path}: ${r.res.status} ${JSON.stringify(r.json.error)}`);
      await new Promise((resolve) => setTimeout(resolve, Number(r.res.headers.get('retry-after') ?? '1') * 1000));
    }
  }

  const suffix = randomUUID().slice(0, 8);
  log(`agent wallet ${account.address}`);
  log('1. discovery');
  const { json: api } = await request('GET', '/api/v1');
  log(`  ${api.data.name}, start here: ${api.data.authentication.startHere.join(', ')}`);

  log('2. first mailbox (x402 bootstrap, issues the access token)');
  const first = await paid('/api/v1/email/mailboxes', {
    localPart: `scout-${suffix}`,
    displayName: 'Scout',
    outboundSignature: 'Scout (an agent)',
  });
  token = first.authentication?.accessToken ?? null;
  if (!token) throw new Error('no access token issued: this wallet was provisioned before; use its token');
  log(`  ${first.data.address}; token ${token.slice(0, 10)}… (shown once)`);

  log('3. second mailbox (same wallet, with the token)');
  const second = await paid('/api/v1/email/mailboxes', { localPart: `keeper-${suffix}`, displayName: 'Keeper' });
  log(`  ${second.data.address}`);

  log('4. send from the first to the second');
  const sent = await paid('/api/v1/email/messages/send', {
    mailboxId: first.data.mailboxId,
    to: [second.data.address],
    subject: `Hello from ${first.data.localPart}`,
    text: 'The package is at the usual place.',
  });
  log(`  ${sent.data.messageId} accepted by ${sent.data.delivery.accepted.join(', ')}`);

  log('5. read it back');
  let received: Json | undefined;
  for (let i = 0; i < 20 && !received; i++) {
    const { json } = await request('GET', `/api/v1/email/messages/query?mailboxId=${second.data.mailboxId}`);
    received = json.data.messages.find((m: Json) => m.direction === 'inbound');
    if (!received) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!received) throw new Error('the message did not arrive');
  const { json: full } = await request('GET', `/api/v1/email/messages/query?messageId=${received.emailId}`);
  log(
    `  from ${full.data.message.from}: "${full.data.message.subject}"\n  ${full.data.message.text.replace(/\n/g, '\n  ')}`,
  );
  return { first: first.data, second: second.data, sent: sent.data, message: full.data.message, token };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAgentClient({
    baseUrl: process.env.AGENTS_URL ?? 'http://127.0.0.1:4100',
    privateKey: (process.env.PAYER_PRIVATE_KEY ?? DEVNET_PAYER_KEY) as `0x${string}`,
  }).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
