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
import { runAgentClient } from './agent-client.ts';

// The example against a real agents service on real HTTP and SMTP sockets and a devnet.
let chain: Chain;
let db: Database;
let h: AgentsHarness;
let baseUrl: string;

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

it('pays with x402, creates two mailboxes, sends from one to the other and reads the message back', async () => {
  const payer = chain.payers[2]!;
  const before = await chain.balance(payer.address);
  const lines: string[] = [];
  const out = await runAgentClient({
    baseUrl,
    privateKey: toHex(payer.getHdKey().privateKey!),
    log: (l) => lines.push(l),
  });
  expect(out.message).toMatchObject({ from: out.first.address, subject: `Hello from ${out.first.localPart}` });
  expect(out.message.text).toContain('The package is at the usual place.\n\n-- \nScout (an agent)');
  // 0.25 + 0.25 + 0.02 USDT, each settled once.
  expect(await chain.balance(payer.address)).toBe(before - 520_000n);
  expect(lines.join('\n')).toContain('token at_v1_');
});
