import type { Session, TenantHub } from './session.ts';

/** Events per socket per claim (also the largest burst one socket gets before its next claim). */
const CLAIM_BATCH = 200;
/** A socket whose unsent buffer exceeds this gets nothing more until it drains (slow consumers cost no memory). */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** How many events the socket can take in its next claim: 0 when closed, its window is full or its buffer is. */
export function roomOf(s: Session, maxInFlight: number): number {
  return s.state === 'open' && s.ws.bufferedAmount <= MAX_BUFFERED_BYTES
    ? Math.min(maxInFlight - s.inFlight.size, CLAIM_BATCH)
    : 0;
}

/**
 * The socket of the tenant that claims next: one still replaying first, then in rotation; null when none has room.
 * Records on the hub whether some socket had no room (an acknowledgement then claims again: `windowFull`).
 */
export function pickForClaim(hub: TenantHub, maxInFlight: number): Session | null {
  const n = hub.sessions.length;
  hub.windowFull = hub.sessions.some((s) => roomOf(s, maxInFlight) <= 0);
  let fallback: Session | null = null;
  for (let k = 0; k < n; k++) {
    const s = hub.sessions[(hub.rr + k) % n]!;
    if (roomOf(s, maxInFlight) <= 0) continue;
    if (!s.replayDone) return s;
    fallback ??= s;
  }
  hub.rr = (hub.rr + 1) % Math.max(1, n);
  return fallback;
}
