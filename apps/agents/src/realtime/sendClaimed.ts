import type { Database, Logger } from '@tender/platform';
import { failLeased, type ClaimedEvent, type EventRecord } from '../eventLog/index.ts';
import type { RealtimeHooks } from './realtimeHooks.ts';
import { MAX_FRAME_BYTES, type ServerFrame } from './protocol.ts';
import type { Session, TenantHub } from './session.ts';

/**
 * Sends the events claimed for a socket as event.delivery frames and counts them in its window. A frame too large to
 * ever cross the socket fails its event (listable and acknowledgeable over REST), never retried here. The hooks
 * (tests, benchmarks) hear the batch once its last frame was written.
 */
export function sendClaimed(
  deps: { db: Database; log: Logger; hooks?: RealtimeHooks | undefined },
  s: Session,
  claimed: readonly ClaimedEvent[],
): void {
  const sent: EventRecord[] = [];
  for (const c of claimed) {
    const frame: ServerFrame = { type: 'event.delivery', event: c.record };
    const text = JSON.stringify(frame);
    if (Buffer.byteLength(text, 'utf8') > MAX_FRAME_BYTES) {
      void failLeased(deps.db, c.record.eventId, s.leaseToken, `event frame exceeds ${MAX_FRAME_BYTES} bytes`).catch(
        (err: unknown) => deps.log.warn({ err }, 'cannot mark oversized event failed'),
      );
      continue;
    }
    s.inFlight.add(c.record.eventId);
    if (!s.replayDone) s.replayed++;
    sent.push(c.record);
    const last = sent.length === claimed.length;
    const hooks = last ? deps.hooks : undefined;
    s.ws.send(
      text,
      hooks?.afterSend || hooks?.probe
        ? () => {
            hooks.afterSend?.(sent);
            hooks.probe?.('written', s.tenantId, sent);
          }
        : undefined,
    );
  }
}

/** The socket has been sent everything its tenant's inbox held when it connected. */
export function completeReplay(s: Session): void {
  s.replayDone = true;
  s.send({ type: 'session.replay.complete', replay: 'complete', replayed: s.replayed });
}

/** The inbox cannot be read: sockets still replaying are told so; their events come with a later sweep. */
export function deferReplay(hub: TenantHub): void {
  for (const s of hub.sessions) {
    if (s.state !== 'open' || s.replayDone) continue;
    s.replayDone = true;
    s.error(
      'REPLAY_UNAVAILABLE',
      'The event inbox cannot be read now; events are delivered once it can (or list them over REST)',
    );
    s.send({ type: 'session.replay.complete', replay: 'deferred', replayed: s.replayed });
  }
}
