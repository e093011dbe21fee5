// The agent's WebSocket session: durable events in, acknowledgements out, live voice turns answered before their
// deadline. Reconnects with backoff and a fresh realtime token; the service replays every unacknowledged event on
// each (re)connect, so an event whose handler did not finish (crash, throw, dropped socket) comes again.
import WebSocket from 'ws';

export interface DeliveredEvent {
  eventId: string;
  type: string;
  createdAt: string;
  /** Socket deliveries so far; above 1 means a redelivery (make handlers idempotent on eventId). */
  attempts: number;
  payload: Record<string, unknown>;
  [field: string]: unknown;
}

export type EventHandler = (event: DeliveredEvent) => unknown | Promise<unknown>;

export interface VoiceTurn {
  turnId: string;
  callId: string;
  phoneNumberId: string;
  direction: 'inbound' | 'outbound';
  fromNumber: string;
  toNumber: string;
  transcript: string;
  deadline: string;
  deadlineMs: number;
}

export type VoiceTurnHandler = (
  turn: VoiceTurn,
) => { text: string; hangup?: boolean } | Promise<{ text: string; hangup?: boolean }>;

export interface Realtime {
  on(type: string, handler: EventHandler): void;
  onVoiceTurn(handler: VoiceTurnHandler): void;
  /** Resolves once authenticated and replayed; rejects with the fatal error that stopped the loop. */
  ready(): Promise<void>;
  /** Starts again after a fatal stop (the caller fixed what was fatal: a replacement token). */
  resume(): void;
  close(): Promise<void>;
}

export function createRealtime(o: {
  realtimeToken: () => Promise<{ websocketUrl: string; token: string }>;
  backoffMs: (n: number) => number;
  /** A failure no retry can fix (the access token was refused): the loop stops and ready() rejects with it. */
  isFatal?: (err: unknown) => boolean;
}): Realtime {
  const handlers = new Map<string, EventHandler[]>();
  let voice: VoiceTurnHandler | null = null;
  let socket: WebSocket | null = null;
  let closed = false;
  let started = false;
  let failures = 0;
  let fatal: unknown = null;
  let readyOnce!: Promise<void>;
  let markReady!: () => void;
  let failReady!: (err: unknown) => void;
  const newReady = () => {
    readyOnce = new Promise<void>((res, rej) => {
      markReady = res;
      failReady = rej;
    });
    readyOnce.catch(() => {}); // rejected for whoever waits; nobody waiting is not an error
  };
  newReady();
  /** Events being handled on this process: a redelivery while the first run is still going is not run twice. */
  const inFlight = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  function start(): void {
    if (started || closed) return;
    started = true;
    void connect();
  }

  async function connect(): Promise<void> {
    while (!closed) {
      try {
        const { websocketUrl, token } = await o.realtimeToken();
        await session(websocketUrl, token);
        failures = 0;
      } catch (err) {
        if (o.isFatal?.(err)) {
          // The token is refused (replaced, revoked): stop, and say so to whoever waits for the socket.
          fatal = err;
          started = false;
          failReady(err);
          return;
        }
        // Token or socket failed otherwise: back off and try again (the events wait durably on the service).
      }
      if (closed) return;
      await new Promise((r) => setTimeout(r, o.backoffMs(++failures)));
    }
  }

  /** One socket's life; resolves when it closes. */
  function session(url: string, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      socket = ws;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'session.authenticate', token })));
      ws.on('error', reject);
      ws.on('close', () => {
        socket = null;
        resolve();
      });
      ws.on('message', (data) => {
        let frame: Record<string, unknown>;
        try {
          frame = JSON.parse(String(data));
        } catch {
          return;
        }
        if (frame.type === 'session.replay.complete') markReady();
        else if (frame.type === 'event.delivery') deliver(ws, frame.event as DeliveredEvent);
        else if (frame.type === 'voice.turn' && voice) void answerVoiceTurn(ws, voice, frame as unknown as VoiceTurn);
      });
    });
  }

  /** Handlers run one event at a time, in delivery order; the ack is sent only after every handler resolved. */
  function deliver(ws: WebSocket, event: DeliveredEvent): void {
    if (inFlight.has(event.eventId)) return;
    inFlight.add(event.eventId);
    queue = queue.then(async () => {
      try {
        const list = [...(handlers.get(event.type) ?? []), ...(handlers.get('*') ?? [])];
        for (const h of list) await h(event);
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'event.ack', eventId: event.eventId }));
      } catch {
        // Not acknowledged: the service delivers it again after its lease, or on the next connection.
      } finally {
        inFlight.delete(event.eventId);
      }
    });
  }

  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
      start();
    },
    onVoiceTurn(handler) {
      voice = handler;
      start();
    },
    ready() {
      if (fatal) return Promise.reject(fatal);
      start();
      return readyOnce;
    },
    resume() {
      if (!fatal || closed) return;
      fatal = null;
      failures = 0;
      newReady();
      if (handlers.size || voice) start();
    },
    async close() {
      closed = true;
      socket?.close(1000);
      await queue;
    },
  };
}

/** Runs the voice handler on a turn and sends its answer, or a cancel when it throws or misses the deadline. */
async function answerVoiceTurn(ws: WebSocket, voice: VoiceTurnHandler, turn: VoiceTurn): Promise<void> {
  // Answer a little before the deadline, or not at all (the service then speaks its fallback line).
  const budget = Math.max(0, turn.deadlineMs - Date.now() - 50);
  let timer: NodeJS.Timeout | undefined;
  try {
    const reply = await Promise.race([
      Promise.resolve(voice(turn)),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('deadline')), budget))),
    ]);
    if (ws.readyState === WebSocket.OPEN) {
      ws.send(
        JSON.stringify({
          type: 'voice.response',
          turnId: turn.turnId,
          text: reply.text,
          hangup: reply.hangup ?? false,
        }),
      );
    }
  } catch {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'voice.cancel', turnId: turn.turnId }));
  } finally {
    clearTimeout(timer);
  }
}
