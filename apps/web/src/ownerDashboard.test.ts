// The owner dashboard in Chromium against the agents service on the devnet: the agent (examples/agent-client.ts)
// pays for mailboxes and a message; its owner signs in with the same wallet, injected as an EIP-1193 provider whose
// signatures come from a viem local account in Node; sees the mailboxes and the payments with their transactions;
// replaces the access token. The old token then answers AUTH_REQUIRED over REST (and, on PostgreSQL, its socket
// held by a second agents process is closed); the new one works.
import type { AddressInfo } from 'node:net';
import type { Database } from '@tender/platform';
import type { Browser, Page } from 'playwright-core';
import { toHex, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAgentClient } from '../../../examples/agent-client.ts';
import {
  call,
  openAgentsDb,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../../agents/src/_test/agentsTestKit.ts';
import { spawnAgents, type AgentsChild } from '../../agents/src/realtime/_test/processes.ts';
import { TestClient } from '../../agents/src/realtime/_test/wsClient.ts';
import { launchChromium, recordConsole, screenshot } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

let chain: Chain;
let db: Database & { schema?: string };
let h: AgentsHarness;
let browser: Browser;
let baseUrl = '';

beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  [chain, db, browser] = await Promise.all([startChain(), openAgentsDb(), launchChromium()]);
  h = await startAgents({ db, chain, webDir: dir });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

/** An injected wallet (EIP-6963 and window.ethereum) whose every request is answered in Node by `account`. */
async function installOwnerWallet(page: Page, account: HDAccount, chainId: number): Promise<string[]> {
  const calls: string[] = [];
  await page.exposeFunction('__ownerWallet', async (method: string, params: unknown[]) => {
    calls.push(method);
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return { result: [account.address] };
      case 'eth_chainId':
        return { result: toHex(chainId) };
      case 'personal_sign':
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
      default:
        return { error: { code: 4200, message: `unsupported method ${method}` } };
    }
  });
  await page.addInitScript({
    content: `(() => {
      const bridge = window.__ownerWallet;
      const provider = {
        async request({ method, params }) {
          const r = await bridge(method, params ?? []);
          if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
          return r.result;
        },
        on() {},
        removeListener() {},
      };
      window.ethereum = provider;
      const info = { uuid: '5e0b2b1e-0000-4000-8000-0000000000aa', name: 'Devnet Owner Wallet', rdns: 'test.tender.owner' };
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    })();`,
  });
  return calls;
}

describe(`owner dashboard in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the owner signs in with the wallet, sees the mailboxes and the payments, and replaces the token: the old one is refused at once', async () => {
    const owner = chain.payers[0]!;
    const agent = await runAgentClient({
      baseUrl,
      privateKey: toHex(owner.getHdKey().privateKey!),
      log: () => {},
    });
    const oldToken = agent.token;
    expect(oldToken).toMatch(/^at_v1_/);

    // On PostgreSQL, a second agents process holds a socket authenticated through the old token.
    let child: AgentsChild | null = null;
    let socket: TestClient | null = null;
    if (process.env.DATABASE_URL && db.schema) {
      child = await spawnAgents({ url: process.env.DATABASE_URL, schema: db.schema });
      const rt = await fetch(`http://127.0.0.1:${child.port}/api/v1/events/realtime-token`, {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      socket = await TestClient.open(
        child.wsUrl,
        ((await rt.json()) as { data: { realtime: { token: string } } }).data.realtime.token,
      );
    }

    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const logs = recordConsole(page);
      const walletCalls = await installOwnerWallet(page, owner, chain.devnet.chainId);
      await page.goto(`${baseUrl}/owner/`);
      await page.getByRole('button', { name: /Sign in with/ }).click();
      await expect
        .poll(() => page.getByLabel('Wallet address').textContent(), { timeout: 15_000 })
        .toBe(owner.address.toLowerCase());
      expect(walletCalls).toContain('personal_sign');

      const mailboxes = page.getByRole('region', { name: 'Mailboxes' });
      await expect.poll(() => mailboxes.textContent()).toContain(agent.first.address);
      expect(await mailboxes.textContent()).toContain(agent.second.address);
      const payments = await page.getByRole('region', { name: 'Payments made by the agent' }).textContent();
      expect(payments?.match(/email\.mailbox\.create · 0\.25 USDT/g)).toHaveLength(2);
      expect(payments).toContain('email.message.send · 0.02 USDT');
      expect(payments?.match(/tx 0x[0-9a-f]{64}/g)).toHaveLength(3);
      await screenshot(page, 'owner-dashboard.png');

      await page.getByRole('button', { name: 'Replace access token' }).click();
      const fresh = (await page.getByLabel('New access token').textContent({ timeout: 10_000 })) ?? '';
      expect(fresh).toMatch(/^at_v1_[0-9A-Za-z]{40}$/);
      expect(fresh).not.toBe(oldToken);
      await expect.poll(() => page.getByRole('region', { name: 'Access token' }).textContent()).toContain('1 revoked');

      const old = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      expect([old.status, old.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
      const now = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(now.status).toBe(200);
      if (socket) expect((await socket.whenClosed(3_000)).code).toBe(4403);
      expect(logs.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
      expect(logs.join('\n')).not.toContain(fresh);
      await page.close();
    } finally {
      await socket?.close();
      if (child) {
        child.child.kill('SIGTERM');
        await child.exited();
      }
    }
  }, 120_000);
});
