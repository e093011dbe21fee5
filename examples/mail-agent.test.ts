// The mail agent example against a real agents service on real HTTP and SMTP sockets and a devnet: someone writes
// to the agent's new mailbox, and the reply arrives in theirs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent, type Agent } from '@tender/agent';
import { devnetAccounts } from '@tender/evm';
import { toHex } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startListeningAgents, type ListeningAgents } from '../apps/agents/src/_test/agentsTestKit.ts';
import { runMailAgent } from './mail-agent.ts';

let agents: ListeningAgents;
let dir: string;
let echo: Agent | undefined;
let writer: Agent | undefined;

beforeAll(async () => {
  agents = await startListeningAgents();
  dir = await mkdtemp(join(tmpdir(), 'tender-mail-agent-'));
});
afterAll(async () => {
  await echo?.close();
  await writer?.close();
  await agents?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('buys a mailbox, receives mail over the socket and replies', async () => {
  const wallet = devnetAccounts(7)[6]!;
  const started = await runMailAgent({
    baseUrl: agents.baseUrl,
    privateKey: toHex(wallet.getHdKey().privateKey!),
    tokenFile: join(dir, 'token.json'),
    name: `echo-${Date.now()}`,
  });
  echo = started.agent;

  writer = await createAgent({ account: agents.chain.payers[0]!, baseUrl: agents.baseUrl });
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
