// Follows GET /v1/events/stream (server-sent events) as an async iterable of events. A dropped connection is
// reopened with backoff and `Last-Event-ID`, so the caller sees every event after the first one once, in order.
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
}

export async function* followEvents<E extends { id: string }>(
  t: Transport,
  o: EventStreamOptions<E> = {},
): AsyncGenerator<E> {
  let lastId = o.after;
  for (let failures = 0; !o.signal?.aborted;) {
    let res: Response;
    try {
      res = await fetch(t.url('/v1/events/stream', { types: o.types?.join(',') }), {
        headers: t.headers({ accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) }),
        ...(o.signal ? { signal: o.signal } : {}),
      });
    } catch (err) {
      if (o.signal?.aborted) return;
      if (++failures > 8) throw new TenderConnectionError(`event stream: ${(err as Error).message}`, { cause: err });
      await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** failures)));
      continue;
    }
    if (!res.ok || !res.body) {
      const envelope = (await res.json().catch(() => ({}))) as { error?: ConstructorParameters<typeof TenderError>[1] };
      throw new TenderError(res.status, envelope.error ?? {});
    }
    failures = 0;
    o.onOpen?.();
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
          if (data === '') continue; // a comment (keepalive)
          const event = (o.parse ?? JSON.parse)(data) as E;
          lastId = event.id;
          yield event;
        }
      }
    } catch (err) {
      if (o.signal?.aborted) return;
      void err; // dropped: reconnect after the last event seen
    }
  }
}
