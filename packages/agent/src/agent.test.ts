// @tender/agent against the agents service on the devnet: x402 bootstrap, the token persisted the moment it is
// issued, spend limits, mail received through on(...) and acknowledged once, and a crash of the agent's process
// before it acknowledged: the restarted process reuses the stored token and gets the same mail again.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devnetAccounts } from '@tender/evm';
import type { Database } from '@tender/platform';
import { toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startListeningAgents,
  type AgentsHarness,
  type Chain,
  type ListeningAgents,
} from '../../../apps/agents/src/_test/agentsTestKit.ts';
import { replaceAccessToken } from '../../../apps/agents/src/tenants/replaceAccessToken.ts';
import {
  AgentAuthError,
  createAgent,
  fileTokenStore,
  SpendLimitError,
  type Agent,
  type DeliveredEvent,
} from './index.ts';

const root = new URL('../../../', import.meta.url).pathname;

describe('@tender/agent against the agents service on the devnet', () => {
  let agents: ListeningAgents | undefined;
  let chain: Chain;
  let db: Database;
  let h: AgentsHarness;
  let baseUrl: string;
  let dir: string;
  /** A second agent that writes mail to the others (provisioned in the first test). */
  let sender: Agent | undefined;
  let outboxId = '';
  beforeAll(async () => {
    agents = await startListeningAgents();
    ({ chain, db, h, baseUrl } = agents);
    dir = await mkdtemp(join(tmpdir(), 'tender-agent-'));
  });
  afterAll(async () => {
    await sender?.close();
    await agents?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('bootstraps with x402, persists the token at once, receives mail over the socket and acknowledges it once', async () => {
    const payer = chain.payers[0]!;
    const tokenFile = join(dir, 'receiver.json');
    const agent = await createAgent({ account: payer, baseUrl, tokenStore: fileTokenStore(tokenFile) });
    const before = await chain.balance(payer.address);
    const inbox = await agent.email.createMailbox({ localPart: `inbox-${Date.now()}`, displayName: 'Agent' });
    expect(inbox.settlement).toMatch(/^0x[0-9a-f]{64}$/);
    const stored = JSON.parse(await readFile(tokenFile, 'utf8'));
    expect(stored.accessToken).toMatch(/^at_v1_/);
    expect(stored.walletAddress).toBe(payer.address);
    expect(agent.accessToken).toBe(stored.accessToken);
    expect(await chain.balance(payer.address)).toBe(before - 250_000n);

    const delivered: DeliveredEvent[] = [];
    agent.on('email.received', (e) => void delivered.push(e));
    await agent.connected();

    // Another agent (its own wallet) writes to the inbox.
    sender = await createAgent({ account: chain.payers[1]!, baseUrl });
    const outbox = await sender.email.createMailbox({ localPart: `outbox-${Date.now()}`, displayName: 'Agent' });
    outboxId = outbox.data.mailboxId;
    await sender.email.send({ mailboxId: outboxId, to: [inbox.data.address], subject: 'hi', text: 'hello' });

    await waitFor(() => delivered.length > 0);
    const event = delivered[0]!;
    expect(event.type).toBe('email.received');
    expect(event.payload).toMatchObject({ mailboxId: inbox.data.mailboxId, subject: 'hi' });
    await waitFor(async () => {
      const got = await agent.events.get({ eventId: event.eventId });
      return (got.data as { event: { status: string } }).event.status === 'acknowledged';
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(delivered.map((e) => e.eventId)).toEqual([event.eventId]);
    await agent.close();
  });

  it('answers a live voice turn through onVoiceTurn before its deadline', async () => {
    const payer = chain.payers[1]!; // the sender of the first test: provisioned, its token in memory there
    const [tenant] = await db.query<{ id: string }>('select id from agent_tenants where wallet_address = $1', [
      payer.address.toLowerCase(),
    ]);
    sender!.onVoiceTurn((turn) => ({ text: `You said: ${turn.transcript}`, hangup: false }));
    await sender!.connected();
    const outcome = await h.ctx.realtime.requestVoiceTurn({
      tenantId: tenant!.id,
      callId: 'call-1',
      phoneNumberId: 'pn-1',
      providerCallId: 'CA123',
      direction: 'inbound',
      fromNumber: '+15551230000',
      toNumber: '+15559870000',
      transcript: 'What are your opening hours?',
      timeoutMs: 5_000,
    });
    expect(outcome).toMatchObject({
      answered: true,
      response: { text: 'You said: What are your opening hours?', hangup: false },
    });
  });

  it('refuses a price above its limits before signing anything', async () => {
    const payer = chain.payers[2]!;
    const agent = await createAgent({ account: payer, baseUrl, maxPerCallUnits: 100_000n });
    const before = await chain.balance(payer.address);
    const err = await agent.email
      .createMailbox({ localPart: `limited-${Date.now()}`, displayName: 'Agent' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpendLimitError);
    expect(err).toMatchObject({ limit: 'perCall', priceUnits: 250_000n });
    const daily = await createAgent({ account: payer, baseUrl, maxPerDayUnits: 300_000n });
    await daily.email.createMailbox({ localPart: `daily-a-${Date.now()}`, displayName: 'Agent' });
    await expect(
      daily.email.createMailbox({ localPart: `daily-b-${Date.now()}`, displayName: 'Agent' }),
    ).rejects.toMatchObject({
      limit: 'perDay',
    });
    expect(await chain.balance(payer.address)).toBe(before - 250_000n);
  });

  it('after a crash before the acknowledgement, the restarted agent reuses its stored token and gets the mail again', async () => {
    const wallet = devnetAccounts(6)[5]!;
    const tokenFile = join(dir, 'crash.json');
    const setup = await createAgent({ account: wallet, baseUrl, tokenStore: fileTokenStore(tokenFile) });
    const box = await setup.email.createMailbox({ localPart: `crash-${Date.now()}`, displayName: 'Agent' });
    const token = setup.accessToken;
    expect(token).toMatch(/^at_v1_/);
    const balance = await chain.balance(wallet.address);

    const runAgent = (mode: 'hang' | 'ack') => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'packages/agent/src/_test/agentProcess.ts'], {
        cwd: root,
        env: {
          ...process.env,
          BASE_URL: baseUrl,
          PRIVATE_KEY: toHex(wallet.getHdKey().privateKey!),
          TOKEN_FILE: tokenFile,
          MODE: mode,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      child.stdout.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
      const exited = new Promise((r) => child.once('exit', r));
      return { child, lines, exited };
    };
    const delivered = (lines: string[]) =>
      lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { eventId: string; attempts: number; token: string });

    const crashing = runAgent('hang');
    await waitFor(() => crashing.lines.includes('ready'), 60_000);
    await sender!.email.send({ mailboxId: outboxId, to: [box.data.address], subject: 'before the crash', text: '!' });
    await waitFor(() => delivered(crashing.lines).length > 0, 60_000);
    const [seen] = delivered(crashing.lines);
    crashing.child.kill('SIGKILL'); // mid-handler: never acknowledged
    await crashing.exited;

    const restarted = runAgent('ack');
    await waitFor(() => delivered(restarted.lines).length > 0, 60_000);
    const [again] = delivered(restarted.lines);
    expect(again!.eventId).toBe(seen!.eventId);
    expect(again!.attempts).toBeGreaterThan(seen!.attempts);
    expect(again!.token).toBe(token); // the stored token: no new bootstrap, nothing paid
    await waitFor(async () => {
      const got = await setup.events.get({ eventId: seen!.eventId });
      return (got.data as { event: { status: string } }).event.status === 'acknowledged';
    });
    restarted.child.kill('SIGTERM');
    await restarted.exited;
    expect(await chain.balance(wallet.address)).toBe(balance);
    await setup.close();
  });
});

describe('@tender/agent when its token is replaced, and its typed calls', () => {
  let agents: ListeningAgents | undefined;
  beforeAll(async () => {
    agents = await startListeningAgents();
  });
  afterAll(async () => agents?.close());

  it('a replaced token stops the agent with an AgentAuthError: onAuthError once, rejected promises, no reconnect loop; the replacement resumes it', async () => {
    const { chain, db, baseUrl } = agents!;
    const payer = chain.payers[0]!;
    let tokenRequests = 0;
    const counting: typeof fetch = (input, init) => {
      if (String(input).includes('/api/v1/events/realtime-token')) tokenRequests++;
      return fetch(input, init);
    };
    const agent = await createAgent({ account: payer, baseUrl, fetch: counting, backoffMs: () => 100 });
    await agent.email.createMailbox({ localPart: `auth-${Date.now()}`, displayName: 'Agent' });
    const heard: AgentAuthError[] = [];
    const viaOn: AgentAuthError[] = [];
    agent.onAuthError((err) => heard.push(err));
    agent.on('auth.failed', (err) => viaOn.push(err));
    agent.on('email.received', () => {});
    await agent.connected();

    // The owner replaces the token in the dashboard: the socket closes, the next token request is refused.
    const [tenant] = await db.query<{ id: string }>('select id from agent_tenants where wallet_address = $1', [
      payer.address.toLowerCase(),
    ]);
    const replaced = await replaceAccessToken(db, { tenantId: tenant!.id, by: 'owner' });
    await waitFor(() => heard.length > 0, 10_000);
    expect(heard[0]).toBeInstanceOf(AgentAuthError);
    expect(heard[0]).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
    expect(viaOn).toEqual(heard);
    await expect(agent.connected()).rejects.toBeInstanceOf(AgentAuthError);
    await expect(agent.email.mailboxes()).rejects.toMatchObject({ name: 'AgentAuthError', code: 'AUTH_REQUIRED' });
    expect(agent.authError).toBe(heard[0]);
    // The loop stopped: no token request every backoff while nobody can succeed.
    const after = tokenRequests;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(tokenRequests).toBe(after);
    expect(heard).toHaveLength(1);

    // The replacement token: calls work again and the socket reconnects.
    await agent.useAccessToken(replaced.token);
    await agent.connected();
    expect((await agent.email.mailboxes()).data.mailboxes).toHaveLength(1);
    expect(agent.authError).toBeNull();
    await agent.close();
  });

  it('releaseNumber sends confirmRelease: true, and refuses to send a release without it', async () => {
    const bodies: unknown[] = [];
    const recording: typeof fetch = async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ data: { released: true }, requestId: 'r', guide: '/llms.txt' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const agent = await createAgent({
      account: devnetAccounts(8)[7]!,
      baseUrl: 'http://agents.test',
      fetch: recording,
    });
    const phoneNumberId = '00000000-0000-4000-8000-000000000001';
    await agent.phone.releaseNumber({ phoneNumberId, confirmRelease: true });
    expect(bodies).toEqual([{ phoneNumberId, confirmRelease: true }]);
    // @ts-expect-error confirmRelease is required by the type, and checked at run time for JavaScript callers
    await expect(agent.phone.releaseNumber({ phoneNumberId })).rejects.toThrow(/confirmRelease: true/);
    expect(bodies).toHaveLength(1);
  });
});

async function waitFor(ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
