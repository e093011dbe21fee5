// `tender phone call <number>`: an inbound call through the local telephony simulator, the terminal as the caller.
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { readDevJson } from '../devJson.ts';
import type { Output } from './output.ts';
import { UsageError } from './usageError.ts';

export const PHONE_USAGE =
  'tender phone call <number> [--from <e164>] [--say "…"]… [--json]   (the local telephony simulator; --url: the agent services)';

/** The agent services' URL: --url, TENDER_AGENTS_URL, or the local `npm start`'s (dev.json). */
async function agentsUrlOf(flags: { url?: string | undefined }): Promise<string> {
  const dev = await readDevJson(resolve(process.env.TENDER_HOME ?? '.tender'));
  const url = flags.url ?? process.env.TENDER_AGENTS_URL ?? (dev.agents?.url as string | undefined);
  if (!url)
    throw new UsageError('No agent services URL: pass --url, set TENDER_AGENTS_URL, or run `npm start` here first');
  return url;
}

/**
 * `tender phone call`: exit 0 when the call completed, 1 when it did not (busy, failed, refused). With --json, one
 * line per turn ({prompt, answer, ms}) and a last line with the call's end.
 */
export async function phoneCommand(
  out: Output,
  positionals: string[],
  f: { url?: string | undefined; from?: string | undefined; say?: string[] | undefined },
): Promise<number> {
  if (positionals[0] !== 'call' || !positionals[1]) throw new UsageError(PHONE_USAGE);
  try {
    const r = await phoneCall({
      agentsUrl: await agentsUrlOf(f),
      to: positionals.slice(1).join(''),
      from: f.from,
      says: f.say?.length ? f.say : undefined,
      input: f.say?.length ? undefined : process.stdin,
      print: (line) => out.info(line),
      onTurn: (t) => {
        if (out.json) out.result(t, '');
      },
    });
    const end = { callSid: r.callSid, status: r.status, durationSeconds: r.durationSeconds, greeting: r.greeting };
    if (out.json) out.result(end, '');
    return r.status === 'completed' ? 0 : 1;
  } catch (err) {
    if (!(err instanceof PhoneCallError)) throw err;
    process.stderr.write(`tender phone: ${err.message}\n`);
    return 1;
  }
}

/** One exchange of the call: what the caller said, the agent's answer (null: none before the deadline), the wait. */
export interface PhoneTurn {
  prompt: string;
  answer: string | null;
  ms: number;
}

export interface PhoneCallResult {
  callSid: string | null;
  /** Twilio's final status: completed, busy, failed, no-answer, canceled. */
  status: string;
  durationSeconds: number;
  /** What the agent said before the first prompt (the number's greeting). */
  greeting: string[];
  turns: PhoneTurn[];
}

export interface PhoneCallOptions {
  /** The agent services' base URL (the local `npm start`'s agents.url). */
  agentsUrl: string;
  to: string;
  from?: string | undefined;
  /** Scripted caller: these lines, each after the previous answer was heard; then the caller hangs up. */
  says?: string[] | undefined;
  /** Interactive caller: each line is a prompt (`/dtmf 12#` presses keys, `/hangup` ends the call). */
  input?: NodeJS.ReadableStream | undefined;
  /** Every line a person should see (agent speech, digits, the end). */
  print?: ((line: string) => void) | undefined;
  /** How long one answer may take before the turn is recorded without one. */
  answerTimeoutMs?: number | undefined;
  /** Each turn as it completes. */
  onTurn?: ((turn: PhoneTurn) => void) | undefined;
}

type Frame =
  | { type: 'connected'; callSid: string; from: string; to: string }
  | { type: 'speech'; text: string; playMs: number }
  | { type: 'digits'; digits: string }
  | { type: 'ended'; status: string; durationSeconds: number }
  | { type: 'error'; message: string };

export class PhoneCallError extends Error {}

const E164 = /^\+[1-9]\d{1,14}$/;

/** Places the call and plays the caller until the call ends; resolves with the turns. */
export async function phoneCall(opts: PhoneCallOptions): Promise<PhoneCallResult> {
  const to = opts.to.replace(/[\s().-]/g, '');
  const from = opts.from?.replace(/[\s().-]/g, '');
  if (!E164.test(to)) throw new UsageError(`the number to call must be E.164 (+1…), not "${opts.to}"`);
  if (from !== undefined && !E164.test(from)) throw new UsageError(`--from must be E.164 (+1…), not "${opts.from}"`);
  const print = opts.print ?? (() => {});
  const url = new URL('/dev/phone/caller', opts.agentsUrl.replace(/^http/, 'ws'));
  url.searchParams.set('to', to);
  if (from) url.searchParams.set('from', from);
  const ws = new WebSocket(url);
  const result: PhoneCallResult = { callSid: null, status: 'failed', durationSeconds: 0, greeting: [], turns: [] };
  let pending: { prompt: string; at: number; done(text: string | null, playMs: number): void } | null = null;
  let onConnected: () => void = () => {};
  const connected = new Promise<void>((r) => (onConnected = r));

  const ended = new Promise<PhoneCallResult>((resolve, reject) => {
    ws.once('error', (err) =>
      reject(new PhoneCallError(`cannot reach the telephony simulator at ${url.origin}: ${err.message}`)),
    );
    ws.once('unexpected-response', (_req, res) =>
      reject(
        new PhoneCallError(
          `${url.origin} has no telephony simulator (HTTP ${res.statusCode}): it runs on the dev profile when no Twilio account is configured`,
        ),
      ),
    );
    ws.on('message', (data) => {
      const f = JSON.parse(String(data)) as Frame;
      if (f.type === 'error') reject(new PhoneCallError(f.message));
      else if (f.type === 'connected') {
        result.callSid = f.callSid;
        print(`Connected: ${f.from} → ${f.to} (${f.callSid})`);
        onConnected();
      } else if (f.type === 'speech') {
        print(`agent: ${f.text}`);
        if (pending) pending.done(f.text, f.playMs);
        else if (!result.turns.length) result.greeting.push(f.text);
      } else if (f.type === 'digits') print(`agent pressed: ${f.digits}`);
      else if (f.type === 'ended') {
        result.status = f.status;
        result.durationSeconds = f.durationSeconds;
        print(`Call ended: ${f.status} after ${f.durationSeconds} s`);
      }
    });
    ws.once('close', () => {
      pending?.done(null, 0);
      resolve(result);
    });
  });
  // A refusal (no such number) or a failed connection ends the call before it connects.
  await Promise.race([connected, ended]);

  const say = (prompt: string): Promise<number> =>
    new Promise((resolve) => {
      const at = Date.now();
      const timer = setTimeout(() => finish(null, 0), opts.answerTimeoutMs ?? 30_000);
      const finish = (answer: string | null, playMs: number) => {
        clearTimeout(timer);
        pending = null;
        const turn = { prompt, answer, ms: Date.now() - at };
        result.turns.push(turn);
        opts.onTurn?.(turn);
        resolve(playMs);
      };
      pending = { prompt, at, done: finish };
      ws.send(JSON.stringify({ type: 'say', text: prompt }));
    });

  if (opts.says) {
    for (const line of opts.says) {
      if (ws.readyState !== WebSocket.OPEN) break;
      print(`you: ${line}`);
      const playMs = await say(line);
      // A polite caller lets the answer finish before speaking (speaking over it would interrupt it).
      await new Promise((r) => setTimeout(r, playMs));
    }
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hangup' }));
  } else if (opts.input) {
    const rl = createInterface({ input: opts.input });
    rl.on('line', (raw) => {
      const line = raw.trim();
      if (!line || ws.readyState !== WebSocket.OPEN) return;
      if (line === '/hangup') ws.send(JSON.stringify({ type: 'hangup' }));
      else if (line.startsWith('/dtmf ')) ws.send(JSON.stringify({ type: 'dtmf', digits: line.slice(6) }));
      else void say(line);
    });
    rl.once('close', () => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'hangup' }));
    });
    void ended.finally(() => rl.close());
  }
  return ended;
}
