import type { Database, Logger } from '@tender/platform';
import { acknowledgedAmong, ackDelivered, type EventPolicy } from '../eventLog/index.ts';
import type { Session, TenantHub } from './session.ts';

export interface AcknowledgementsDeps {
  db: Database;
  log: Logger;
  policy: EventPolicy;
  /** The open sockets of this process by tenant (the gateway's; read only here). */
  tenants: ReadonlyMap<string, TenantHub>;
  /** An acknowledgement freed a socket's window (eventDelivery.ts). */
  windowFreed(tenantId: string): void;
}

/**
 * Acknowledgements reaching the lease holder: event.ack frames of this process's sockets (batched per tick across
 * sockets), and REST acks of any process (NOTIFY `a:<tenant id>`) for the events leased to sockets here. Either way
 * the socket gets event.acknowledged and its window back.
 *
 * Not the platform's `batched`: acks are fire-and-forget (results go to the sockets, not to a caller's promise), a
 * failed statement is retried once, and what arrived during a flush is sent without waiting another turn.
 */
export interface Acknowledgements {
  /** An event.ack from an open socket: written with the next batch, answered on that socket. */
  queue(s: Session, eventId: string): void;
  /** A REST ack or ack-all for the tenant: sockets holding such events learn it and get their window back. */
  onRestAck(tenantId: string): Promise<void>;
  /** Waits for the batch being written (if any). */
  settle(): Promise<void>;
}

/** Socket acknowledgements per statement. */
const ACK_BATCH = 5_000;

export function createAcknowledgements(deps: AcknowledgementsDeps): Acknowledgements {
  const { db, log, policy, tenants, windowFreed } = deps;
  let ackQueue: { s: Session; eventId: string }[] = [];
  let ackFlush: Promise<void> | null = null;

  function queue(s: Session, eventId: string): void {
    ackQueue.push({ s, eventId });
    if (!ackFlush) ackFlush = new Promise<void>((r) => setImmediate(r)).then(flushAcks);
  }

  async function flushAcks(): Promise<void> {
    try {
      while (ackQueue.length) {
        const batch = ackQueue.slice(0, ACK_BATCH);
        ackQueue = ackQueue.slice(batch.length);
        const wake = new Set<string>();
        try {
          const acks = batch.map((a) => ({ tenantId: a.s.tenantId, eventId: a.eventId, leaseToken: a.s.leaseToken }));
          // A failed statement changed nothing (one transaction): retry it before asking clients to ack again.
          const results = await ackDelivered(db, policy, acks).catch(async (err: unknown) => {
            log.warn({ err }, 'socket acknowledgements failed; retrying once');
            await new Promise((r) => setTimeout(r, 50));
            return ackDelivered(db, policy, acks);
          });
          results.forEach((r, i) => {
            const { s, eventId } = batch[i]!;
            if (r !== 'not_found' && r !== 'not_owned') {
              // Acknowledged, expired, or no longer leased here: either way not in flight on this socket any more.
              if (s.inFlight.delete(eventId)) wake.add(s.tenantId);
            }
            if (r === 'acknowledged') s.send({ type: 'event.acknowledged', eventId });
            else if (r === 'not_found')
              s.error('RESOURCE_NOT_FOUND', `No event ${eventId}; list events to refresh`, { eventId });
            else if (r === 'not_owned')
              s.error('RESOURCE_NOT_OWNED', `Event ${eventId} belongs to another tenant; use one of yours`, {
                eventId,
              });
            else if (r === 'expired')
              s.error('EVENT_EXPIRED', 'The event expired unacknowledged; nothing changed', { eventId });
            else {
              s.error(
                'LEASE_EXPIRED',
                'This socket holds no live delivery lease for the event; nothing changed. Acknowledge its redelivery or use POST /api/v1/events/ack',
                { eventId },
              );
            }
          });
        } catch (err) {
          log.error({ err }, 'socket acknowledgements failed');
          for (const { s, eventId } of batch) {
            s.error(
              'INTERNAL_ERROR',
              'The acknowledgement was not recorded; send event.ack again or use POST /api/v1/events/ack',
              {
                eventId,
              },
            );
          }
        }
        for (const t of wake) windowFreed(t);
      }
    } finally {
      ackFlush = null;
      if (ackQueue.length) ackFlush = new Promise<void>((r) => setImmediate(r)).then(flushAcks);
    }
  }

  async function onRestAck(tenantId: string): Promise<void> {
    const hub = tenants.get(tenantId);
    if (!hub) return;
    for (const s of hub.sessions) {
      if (s.state !== 'open' || s.inFlight.size === 0) continue;
      const acked = await acknowledgedAmong(db, tenantId, [...s.inFlight]);
      for (const id of acked) {
        if (s.inFlight.delete(id)) s.send({ type: 'event.acknowledged', eventId: id });
      }
    }
    windowFreed(tenantId);
  }

  return {
    queue,
    onRestAck,
    async settle() {
      await ackFlush?.catch(() => {});
    },
  };
}
