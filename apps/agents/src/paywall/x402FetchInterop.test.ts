import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { ExactEvmScheme } from '@x402/evm';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb, startAgents, startChain, type AgentsHarness, type Chain } from '../_test/agentsTestKit.ts';

/**
 * `@x402/fetch` exactly as its README shows (wrapFetchWithPaymentFromConfig, ExactEvmScheme from `@x402/evm`,
 * network `eip155:*`), plus only what our 402 body and /docs give: the spendControls option and an
 * Idempotency-Key header on the request init. Real HTTP, real devnet settlement.
 */
let chain: Chain;
let db: Database;
let h: AgentsHarness;
let base = '';

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('@x402/fetch against Tender', () => {
  it('as the README shows, it refuses our USDT; with the spendControls our docs give, it pays for a mailbox and a send', async () => {
    const account = chain.payers[0]!;
    const mailbox = { localPart: `fetch-${randomUUID().slice(0, 8)}`, displayName: 'Fetch Agent' };
    const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body),
    });

    // README, unchanged: its default spend controls allow only default assets (capped at $1).
    const readme = wrapFetchWithPaymentFromConfig(fetch, {
      schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
    });
    await expect(readme(`${base}/api/v1/email/mailboxes`, post(mailbox))).rejects.toThrow(/spendControls/);

    // What our 402 body says (the same as /docs#clients and /llms.txt).
    const challenge = (await (await fetch(`${base}/api/v1/email/mailboxes`, post(mailbox))).json()) as Json;
    const hint = challenge.error.clients;
    expect(hint.guide).toBe('/docs#clients');
    const docs = await (await fetch(`${base}/docs`)).text();
    expect(docs).toContain(JSON.stringify(hint.wrapperConfig.spendControls.allowedAssets[0].asset).slice(1, -1));
    expect(docs).toContain('idempotency-key');
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    expect(llms).toContain(
      `maxAmountPerPayment: '${hint.wrapperConfig.spendControls.allowedAssets[0].maxAmountPerPayment}'`,
    );
    expect(llms).toContain('| client → service | session.authenticate | token (realtime token) |');

    const fetchWithPayment = wrapFetchWithPaymentFromConfig(fetch, {
      schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
      ...hint.wrapperConfig,
    });
    const before = await chain.balance(account.address);

    const created = await fetchWithPayment(`${base}/api/v1/email/mailboxes`, post(mailbox));
    const createdBody = (await created.json()) as Json;
    expect(created.status).toBe(201);
    expect(decodePaymentResponseHeader(created.headers.get('payment-response')!).success).toBe(true);
    const token = createdBody.authentication.accessToken as string;
    expect(token).toMatch(/^at_v1_/);

    const sent = await fetchWithPayment(
      `${base}/api/v1/email/messages/send`,
      post(
        {
          mailboxId: createdBody.data.mailboxId,
          to: [`${mailbox.localPart}@agents.localhost`],
          subject: 'paid with @x402/fetch',
          text: 'hello',
        },
        { authorization: `Bearer ${token}` },
      ),
    );
    expect(sent.status).toBe(201);
    expect(decodePaymentResponseHeader(sent.headers.get('payment-response')!).transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(before - (await chain.balance(account.address))).toBe(270_000n); // 0.25 + 0.02 USDT, once each
  });
});
