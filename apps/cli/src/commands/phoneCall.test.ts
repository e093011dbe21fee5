// The telephony simulator end to end, with no Twilio account: an agent (@tender/agent, onVoiceTurn) buys a number
// with x402 on the devnet, `tender phone call` (its library function, and once the real CLI) calls it, the answers come
// back through ConversationRelay and the agent's socket; the transcript and phone.call.ended follow; an outbound
// 1-minute call to the simulated callee ends by its TimeLimit.
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Database } from '@tender/platform';
import { testPort } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openAgentsDb,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../../../../apps/agents/src/_test/agentsTestKit.ts';
import { eventually } from '../../../../apps/agents/src/events/_test/eventsKit.ts';
import { createAgent, type Agent } from '../../../../packages/agent/src/index.ts';
import { phoneCall } from './phoneCall.ts';

const root = new URL('../../../../', import.meta.url).pathname;
/** One simulated second: the callee's and the TimeLimit's clock (calls run 20× faster than real time). */
const SECOND_MS = 50;

let chain: Chain;
let db: Database;
let h: AgentsHarness;
let baseUrl = '';
let agent: Agent;
let numberE164 = '';
let phoneNumberId = '';

beforeAll(async () => {
  [chain, db] = await Promise.all([startChain(), openAgentsDb()]);
  const port = await testPort();
  baseUrl = `http://127.0.0.1:${port}`;
  h = await startAgents({
    db,
    chain,
    simulatorSecondMs: SECOND_MS,
    env: {
      TELEPHONY_PROVIDER: 'simulator',
      AGENTS_PUBLIC_URL: baseUrl,
      AGENTS_PORT: String(port),
      PHONE_SWEEP_MS: '600000',
    },
  });
  await h.app.listen({ host: '127.0.0.1', port });
}, 180_000);

afterAll(async () => {
  await agent?.close();
  await h?.close();
  await Promise.all([chain?.devnet.stop(), db?.close()]);
});

/** The call's single phone.call.ended event, once recorded. */
const endedEvent = (callId: string, ms = 10_000) =>
  eventually(async () => (await events('phone.call.ended', callId))[0], ms, `phone.call.ended of ${callId}`);

const events = (type: string, resourceId: string) =>
  db.query<{ payload: Record<string, unknown> }>(
    `select payload from agent_events where type = $1 and resource_id = $2 order by created_at`,
    [type, resourceId],
  );

describe('telephony simulator (dev profile, no Twilio account)', () => {
  it('an agent buys a fictional number with x402 and answers a call placed with --say', async () => {
    agent = await createAgent({ account: chain.payers[0]!, baseUrl });
    const bought = await agent.phone.purchaseNumber('US', {
      agentName: 'Ada',
      areaCode: '808',
      beginMessage: 'Ada here',
    });
    expect(bought.settlement).toMatch(/^0x[0-9a-f]{64}$/);
    const number = bought.data as { number: string; phoneNumberId: string; status: string };
    expect(number.status).toBe('active');
    expect(number.number).toMatch(/^\+180855501[5-9]\d$/);
    ({ number: numberE164, phoneNumberId } = number);
    await agent.phone.addInboundMinutes({ phoneNumberId });
    // The socket opens once the wallet has its token (the purchase issued it).
    agent.onVoiceTurn((turn) => ({
      text: /time/i.test(turn.transcript) ? 'It is ten past nine.' : `You said: ${turn.transcript}`,
      hangup: false,
    }));
    await agent.connected();

    const turns: unknown[] = [];
    const r = await phoneCall({
      agentsUrl: baseUrl,
      to: numberE164,
      from: '+14155550123',
      says: ['hello', 'what time is it'],
      onTurn: (t) => turns.push(t),
    });
    expect(r.greeting).toEqual(['Ada here']);
    expect(r.turns.map((t) => [t.prompt, t.answer])).toEqual([
      ['hello', 'You said: hello'],
      ['what time is it', 'It is ten past nine.'],
    ]);
    expect(turns).toEqual(r.turns);
    for (const t of r.turns) expect(t.ms).toBeGreaterThanOrEqual(0);
    expect(r.status).toBe('completed');
    expect(r.callSid).toMatch(/^CA[0-9a-f]{32}$/);

    // The call as the API shows it (the same views as with Twilio): transcript, then phone.call.ended once.
    const [row] = await db.query<{ id: string }>(`select id from agent_phone_calls where provider_call_id = $1`, [
      r.callSid,
    ]);
    const transcript = await agent.phone.transcript(row!.id);
    expect(
      (transcript.data as { entries: { speaker: string; text: string }[] }).entries.map((e) => [e.speaker, e.text]),
    ).toEqual([
      ['caller', 'hello'],
      ['agent', 'You said: hello'],
      ['caller', 'what time is it'],
      ['agent', 'It is ten past nine.'],
    ]);
    const ended = await endedEvent(row!.id);
    expect(await events('phone.call.ended', row!.id)).toHaveLength(1);
    expect(ended.payload).toMatchObject({
      direction: 'inbound',
      fromNumber: '+14155550123',
      toNumber: numberE164,
      providerCallId: r.callSid,
      hasTranscript: true,
    });
    const call = (await agent.phone.getCall(row!.id)).data as { status: string; providerCallId: string };
    expect(call).toMatchObject({ status: 'ended', providerCallId: r.callSid });
  });

  it('the real CLI: tender phone call <number> --say … --json prints each turn and the end', async () => {
    const run = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/cli/src/main.ts',
        'phone',
        'call',
        numberE164,
        '--url',
        baseUrl,
        '--say',
        'hello',
        '--say',
        'what time is it',
        '--json',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    run.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    run.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const code = await new Promise<number | null>((res) => run.once('exit', res));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.slice(0, 2).map((l) => [l.prompt, l.answer, typeof l.ms])).toEqual([
      ['hello', 'You said: hello', 'number'],
      ['what time is it', 'It is ten past nine.', 'number'],
    ]);
    expect(lines[2]).toMatchObject({ status: 'completed', greeting: ['Ada here'] });
  }, 60_000);

  it('interactive: each typed line is a prompt, /dtmf presses keys (ConversationRelay dtmf frames), /hangup ends it', async () => {
    const input = new PassThrough();
    const heard: string[] = [];
    const done = phoneCall({
      agentsUrl: baseUrl,
      to: numberE164,
      input,
      print: (line) => {
        heard.push(line);
        if (line === 'agent: Ada here') input.write('good morning\n');
        if (line === 'agent: You said: good morning') input.write('/dtmf 5\n');
        if (line === 'agent: You said: [dtmf] 5') input.write('/hangup\n');
      },
    });
    const r = await done;
    expect(r.status).toBe('completed');
    expect(r.turns.map((t) => [t.prompt, t.answer])).toEqual([['good morning', 'You said: good morning']]);
    expect(heard).toContain('agent: You said: [dtmf] 5');
    expect(heard.at(-1)).toMatch(/^Call ended: completed after \d+ s$/);
  });

  it('a call to a number the simulator does not hold is refused with a clear message', async () => {
    await expect(phoneCall({ agentsUrl: baseUrl, to: '+18085550199', says: ['hi'] })).rejects.toThrow(
      /\+18085550199 is not a number of the telephony simulator/,
    );
  });

  it('an outbound 1-minute call to the simulated callee: it speaks, and the call ends by its TimeLimit', async () => {
    const placed = await agent.phone.placeCall(1, {
      phoneNumberId,
      toNumber: '+12125550100',
      initialGreeting: 'Hi from Ada',
    });
    const c = placed.data as { callId: string; providerCallId: string; authorisedSeconds: number };
    expect(c.authorisedSeconds).toBe(60);
    // 60 simulated seconds after the answer the simulator hangs up (TimeLimit), and reports it completed.
    const ended = await endedEvent(c.callId, 20_000);
    expect(ended.payload).toMatchObject({
      direction: 'outbound',
      toNumber: '+12125550100',
      reason: 'completed',
      durationSeconds: 60,
      authorisedSeconds: 60,
    });
    const transcript = (await agent.phone.transcript(c.callId)).data as {
      entries: { speaker: string; text: string }[];
    };
    expect(transcript.entries.slice(0, 2).map((e) => [e.speaker, e.text])).toEqual([
      ['caller', 'Hello, this is the simulated callee.'],
      ['agent', 'You said: Hello, this is the simulated callee.'],
    ]);
  }, 30_000);

  it('a busy callee (…0101) ends the call busy, without a connection', async () => {
    const placed = await agent.phone.placeCall(1, { phoneNumberId, toNumber: '+12125550101' });
    const c = placed.data as { callId: string };
    const ended = await endedEvent(c.callId, 20_000);
    expect(ended.payload).toMatchObject({ reason: 'busy', durationSeconds: 0 });
  }, 30_000);
});
