import type { Database } from '@tender/platform';
import { acknowledgedAmong, renewLeases, type EventPolicy } from '../eventLog/index.ts';
import type { Session } from './session.ts';

/** Renews the leases of every socket holding events; frees the window of those no longer held. */
export async function renewSocketLeases(
  db: Database,
  policy: EventPolicy,
  sessions: ReadonlySet<Session>,
): Promise<void> {
  const holding = [...sessions].filter((s) => s.state === 'open' && s.inFlight.size > 0);
  if (holding.length === 0) return;
  const before = new Map(holding.map((s) => [s, [...s.inFlight]]));
  const held = await renewLeases(
    db,
    policy,
    holding.map((s) => s.leaseToken),
  );
  const still = new Set(held.map((h) => `${h.leaseToken}/${h.eventId}`));
  for (const [s, ids] of before) {
    const gone = ids.filter((id) => !still.has(`${s.leaseToken}/${id}`));
    if (gone.length === 0) continue;
    // A lease no longer held was either acknowledged over REST meanwhile (its NOTIFY may find the event already
    // out of the window: the socket is told here, once, by whichever removes it first) or ran out (a stalled
    // process): either way the window is freed; the acks of the latter would be refused.
    const acked = new Set(await acknowledgedAmong(db, s.tenantId, gone));
    for (const id of gone) {
      if (s.inFlight.delete(id) && acked.has(id)) s.send({ type: 'event.acknowledged', eventId: id });
    }
  }
}
