// The mail agent example against a real agents service on real HTTP and SMTP sockets and a devnet: someone writes
// to the agent's new mailbox, and the reply arrives in theirs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent } from '@tender/agent';
import { devnetAccounts, freePort } from '@tender/evm';
import type { Database } from '@tender/platform';
import { toHex } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  openAgentsDb,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../apps/agents/src/_test/agentsTestKit.ts';
import { runMailAgent } from './mail-agent.ts';

let chain: Chain;
let db: Database;
let h: AgentsHarness;
let baseUrl: string;
let dir: string;
let echo: Agent | undefined;
let writer: Agent | undefined;

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  h = await startAgents({ db, chain, env: { AGENTS_PUBLIC_URL: baseUrl } });
  await h.app.listen({ port, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'tender-mail-agent-'));
});
afterAll(async () => {
  await echo?.close();
  await writer?.close();
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('buys a mailbox, receives mail over the socket and replies', async () => {
  const wallet = devnetAccounts(7)[6]!;
  const started = await runMailAgent({
    baseUrl,
    privateKey: toHex(wallet.getHdKey().privateKey!),
    tokenFile: join(dir, 'token.json'),
    name: `echo-${Date.now()}`,
  });
  echo = started.agent;

  writer = await createAgent({ account: chain.payers[0]!, baseUrl });
  const box = await writer.email.createMailbox({ localPart: `writer-${Date.now()}`, displayName: 'Writer' });
  await writer.email.send({
    mailboxId: box.data.mailboxId,
    to: [started.address],
    subject: 'Ping',
    text: 'Are you there?',
  });

  const deadline = Date.now() + 30_000;
  let reply: { subject: string } | undefined;
  while (!reply && Date.now() < deadline) {
    const { data } = await writer.email.messages({ mailboxId: box.data.mailboxId });
    reply = (data as { messages: { direction: string; subject: string }[] }).messages.find(
      (m) => m.direction === 'inbound',
    );
    if (!reply) await new Promise((r) => setTimeout(r, 200));
  }
  expect(reply?.subject).toBe('Re: Ping');
});
