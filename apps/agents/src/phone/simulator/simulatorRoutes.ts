import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { App } from '@tender/platform';
import type { AgentsContext } from '../../context.ts';
import type { CallParty, CallStatus, SimulatedCall } from './simulatedCall.ts';
import { TwilioRefusal, type TwilioSimulator } from './twilioSimulator.ts';

/** Where the simulator answers: Twilio's REST API (under this prefix) and the caller's socket of `tender phone call`. */
export const SIMULATOR_PATHS = {
  api: '/dev/twilio',
  caller: '/dev/phone/caller',
} as const;

const E164 = /^\+[1-9]\d{1,14}$/;
/** The caller id of `tender phone call` without --from (fictional). */
export const DEFAULT_CALLER = '+12025550100';

type Params = Record<string, string | string[]>;

/** Frames of the caller's socket (server → client). */
export type CallerFrame =
  | { type: 'connected'; callSid: string; from: string; to: string }
  | { type: 'speech'; text: string; playMs: number }
  | { type: 'digits'; digits: string }
  | { type: 'ended'; status: CallStatus; durationSeconds: number }
  | { type: 'error'; message: string };

/**
 * The simulator's routes on the agents server (dev profile only: registered only when the simulator is the
 * provider):
 *  - /dev/twilio/2010-04-01/…: Twilio's REST API as the twilio library calls it (form bodies, HTTP Basic);
 *  - WebSocket /dev/phone/caller?to=…&from=…: places an inbound call and is the caller's phone. In: {type:'say',
 *    text}, {type:'dtmf', digits}, {type:'hangup'}; out: CallerFrame.
 */
export function simulatorRoutes(app: App, ctx: AgentsContext, sim: TwilioSimulator): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, raw, done) => {
        const out: Params = {};
        for (const [k, v] of new URLSearchParams(String(raw))) {
          const prev = out[k];
          out[k] = prev === undefined ? v : [...(Array.isArray(prev) ? prev : [prev]), v];
        }
        done(null, out);
      },
    );
    scope.route<{ Body: Params | undefined }>({
      method: ['GET', 'POST', 'DELETE'],
      url: `${SIMULATOR_PATHS.api}/*`,
      schema: { hide: true },
      config: { rateLimit: false },
      handler: async (req, reply) => {
        const url = new URL(req.url, 'http://simulator');
        const query: Params = {};
        for (const [k, v] of url.searchParams) query[k] = v;
        const answer = await sim.handle(
          {
            method: req.method,
            path: url.pathname.slice(SIMULATOR_PATHS.api.length),
            query,
            form: req.body ?? {},
          },
          basicAuth(req.headers.authorization),
        );
        if (answer.status === 204) return reply.code(204).send();
        return reply.code(answer.status).type('application/json').send(JSON.stringify(answer.body));
      },
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  ctx.realtime.addUpgradeRoute(SIMULATOR_PATHS.caller, (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const to = q.get('to') ?? '';
    const from = q.get('from') ?? DEFAULT_CALLER;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.once('close', () => sockets.delete(ws));
      void callerSession(sim, ws, from, to).catch((err: unknown) => {
        ctx.logger.warn({ err }, 'simulated inbound call failed');
        ws.close(1011);
      });
    });
  });
  app.addHook('preClose', async () => {
    for (const ws of sockets) ws.close(1001);
    await sim.close();
  });
}

async function callerSession(sim: TwilioSimulator, ws: WebSocket, from: string, to: string): Promise<void> {
  const send = (f: CallerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f));
  };
  const fail = (message: string) => {
    send({ type: 'error', message });
    ws.close(1000);
  };
  if (!E164.test(to)) return fail(`to must be an E.164 number (+…), not "${to}"`);
  if (!E164.test(from)) return fail(`from must be an E.164 number (+…), not "${from}"`);
  const party: CallParty = {
    hears: (text, playMs) => send({ type: 'speech', text, playMs }),
    digits: (digits) => send({ type: 'digits', digits }),
    connected: (c) => send({ type: 'connected', callSid: c.sid, from: c.from, to: c.to }),
    ended: (status, durationSeconds) => {
      send({ type: 'ended', status, durationSeconds });
      ws.close(1000);
    },
  };
  let call: SimulatedCall;
  try {
    call = await sim.placeInbound(from, to, party);
  } catch (err) {
    if (err instanceof TwilioRefusal) return fail(err.message);
    throw err;
  }
  ws.on('message', (data) => {
    let m: { type?: unknown; text?: unknown; digits?: unknown };
    try {
      m = JSON.parse(String(data)) as typeof m;
    } catch {
      return;
    }
    if (m.type === 'say' && typeof m.text === 'string' && m.text.trim()) call.say(m.text.trim().slice(0, 4000));
    else if (m.type === 'dtmf' && typeof m.digits === 'string') call.dtmf(m.digits.slice(0, 32));
    else if (m.type === 'hangup') void call.end(call.answeredAt ? 'completed' : 'canceled');
  });
  ws.once('close', () => void call.end(call.answeredAt ? 'completed' : 'canceled'));
}

function basicAuth(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0 ? null : { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}
