import WebSocket from 'ws';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Frame = Record<string, any>;

/**
 * A real WebSocket client for the tests: records every frame, waits for frames by predicate, and remembers how the
 * socket closed.
 */
export class TestClient {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];
  /** Called for every event.delivery (e.g. to ack at once). */
  onDelivery: ((event: Frame) => void) | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const f = JSON.parse(data.toString()) as Frame;
      this.frames.push(f);
      if (f.type === 'event.delivery') this.onDelivery?.(f.event);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(f)) return true;
        w.resolve(f);
        return false;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.closeWaiters) w(this.closed);
    });
    ws.on('error', () => {});
  }

  static async connect(url: string, opts: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const ws = new WebSocket(url, { perMessageDeflate: false, ...opts });
    const c = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    return c;
  }

  /** Connects and authenticates; resolves with session.ready. */
  static async open(url: string, token: string): Promise<TestClient> {
    const c = await TestClient.connect(url);
    c.send({ type: 'session.authenticate', token });
    await c.next((f) => f.type === 'session.ready' || f.type === 'error');
    const ready = c.frames.find((f) => f.type === 'session.ready');
    if (!ready) throw new Error(`authentication failed: ${JSON.stringify(c.frames)}`);
    return c;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  ack(eventId: string): void {
    this.send({ type: 'event.ack', eventId });
  }

  /** The next frame (already received or future) matching `pred` that was not consumed by an earlier call. */
  next(pred: (f: Frame) => boolean, ms = 10_000): Promise<Frame> {
    const seen = this.frames.find((f) => pred(f) && !this.consumed.has(f));
    if (seen) {
      this.consumed.add(seen);
      return Promise.resolve(seen);
    }
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no frame within ${ms} ms; got ${JSON.stringify(this.frames.slice(-5))}`)),
        ms,
      );
      this.waiters.push({
        pred: (f) => pred(f) && !this.consumed.has(f),
        resolve: (f) => {
          clearTimeout(timer);
          this.consumed.add(f);
          resolve(f);
        },
      });
    });
  }
  private consumed = new Set<Frame>();

  deliveries(): Frame[] {
    return this.frames.filter((f) => f.type === 'event.delivery').map((f) => f.event);
  }

  whenClosed(ms = 10_000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket not closed')), ms);
      this.closeWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  close(): Promise<unknown> {
    if (this.closed) return Promise.resolve(this.closed);
    const p = this.whenClosed();
    this.ws.close();
    return p;
  }
}
