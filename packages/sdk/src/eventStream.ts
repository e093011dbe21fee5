// Follows GET /v1/events/stream (server-sent events) as an async iterable of events. A dropped connection is
// reopened with backoff and `Last-Event-ID`, so the caller sees every event after the first one once, in order.
//
// When to stop: an answer that another attempt cannot change ends the iteration with a TenderError: 401 (the key
// was revoked, the session logged out or expired) and 403 (the role lost the permission), or any other 4xx. The
// gateway ends an open stream within seconds of such a change, after a last comment `: closed: <CODE>: <message>`;
// the reconnect then gets the 401/403 with the envelope, which is what the caller receives. Only what can pass
// (no connection, 429, 5xx, a stream ended by a restart) is retried, with backoff, a bounded number of times in a
// row.
import { TenderConnectionError, TenderError } from './errors.ts';
import type { Transport } from './transport.ts';

export interface EventStreamOptions<E> {
  /** Only these event types. */
  types?: readonly string[];
  /** Resume after this event id (default: start with events after now). */
  after?: string;
  /** Stops the stream (the iterator then ends). */
  signal?: AbortSignal;
  /** Called when the connection opens (again), e.g. to print "Ready". */
  onOpen?: () => void;
  /** Parses one message's data (tests); default JSON.parse. */
  parse?: (data: string) => E;
  /** Delay before reconnect `n` in a row (1-based); default exponential from 500 ms, capped at 10 s. */
  backoffMs?: (n: number) => number;
}

/** Failed attempts in a row before the iteration gives up. */
const MAX_FAILURES = 8;
/** A connection that ends sooner than this without an event counts as a failed attempt (no tight reconnect loop). */
const SHORT_LIVED_MS = 1_000;

const defaultBackoff = (n: number): number => Math.min(10_000, 250 * 2 ** n);
const retryable = (status: number): boolean => status === 408 || status === 429 || status >= 500;

export async function* followEvents<E extends { id: string }>(
  t: Transport,
  o: EventStreamOptions<E> = {},
): AsyncGenerator<E> {
  let lastId = o.after;
  const backoff = o.backoffMs ?? defaultBackoff;
  const pause = (failures: number, retryAfterSeconds?: number) =>
    new Promise((r) => setTimeout(r, Math.max(backoff(failures), (retryAfterSeconds ?? 0) * 1000)));
  for (let failures = 0; !o.signal?.aborted;) {
    let res: Response;
    try {
      res = await fetch(t.url('/v1/events/stream', { types: o.types?.join(',') }), {
        headers: t.headers({ accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) }),
        ...(o.signal ? { signal: o.signal } : {}),
      });
    } catch (err) {
      if (o.signal?.aborted) return;
      if (++failures > MAX_FAILURES) {
        throw new TenderConnectionError(`event stream: ${(err as Error).message}`, { cause: err });
      }
      await pause(failures);
      continue;
    }
    if (!res.ok || !res.body) {
      const envelope = (await res.json().catch(() => ({}))) as { error?: ConstructorParameters<typeof TenderError>[1] };
      const error = new TenderError(res.status, envelope.error ?? {});
      // 401/403 and other refusals: the same request would be refused again.
      if (!retryable(res.status) || ++failures > MAX_FAILURES) throw error;
      await pause(failures, Number(res.headers.get('retry-after')) || undefined);
      continue;
    }
    o.onOpen?.();
    const opened = Date.now();
    let delivered = false;
    let buffer = '';
    try {
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data === '') continue; // a comment (keepalive, or why the server closed)
          const event = (o.parse ?? JSON.parse)(data) as E;
          lastId = event.id;
          delivered = true;
          failures = 0;
          yield event;
        }
      }
    } catch (err) {
      if (o.signal?.aborted) return;
      void err; // dropped: reconnect after the last event seen
    }
    if (o.signal?.aborted) return;
    // Ended by the server or dropped: reconnect at once after a connection that lived, with backoff otherwise.
    if (delivered || Date.now() - opened >= SHORT_LIVED_MS) failures = 0;
    else if (++failures > MAX_FAILURES) throw new TenderConnectionError('event stream: the server keeps closing it');
    else await pause(failures);
  }
}
