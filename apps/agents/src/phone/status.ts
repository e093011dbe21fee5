/**
 * Status of numbers and calls, derived from facts by pure functions (like payments/status.ts): nothing stores a
 * status; every reader calls these.
 *
 * Number: active until its entitlement ends; suspended from expiry until released (inbound calls hear a short
 * message, outbound calls are refused with NUMBER_EXPIRING, renewal restores it); released once released_at is
 * set (the owner's release, or the end of the grace period), irreversibly.
 *
 * | released_at | now < expires_at | status    |
 * |-------------|------------------|-----------|
 * | set         | any              | released  |
 * | null        | true             | active    |
 * | null        | false            | suspended |
 */
export type NumberStatus = 'active' | 'suspended' | 'released';

export interface NumberFacts {
  expiresAt: Date;
  releasedAt: Date | null;
}

export function numberStatus(f: NumberFacts, now: Date): NumberStatus {
  if (f.releasedAt) return 'released';
  return now.getTime() < f.expiresAt.getTime() ? 'active' : 'suspended';
}

/**
 * Call: initiated (placed or arrived, not connected), connected (the live-conversation socket said setup), ended
 * (the provider reported its end, or we ended it). An ended call never changes again.
 */
export type CallStatus = 'initiated' | 'connected' | 'ended';

export interface CallFacts {
  connectedAt: Date | null;
  endedAt: Date | null;
}

export function callStatus(f: CallFacts): CallStatus {
  if (f.endedAt) return 'ended';
  return f.connectedAt ? 'connected' : 'initiated';
}

/** When a connected call must end: connection + authorised seconds (extensions included). */
export function callDeadline(connectedAt: Date, authorisedSeconds: number): Date {
  return new Date(connectedAt.getTime() + authorisedSeconds * 1000);
}

/** The days before expiry at which phone.number.expiring is sent. */
export const EXPIRY_WARNING_DAYS = [5, 3, 1] as const;

/**
 * The warning due now for a number that expires at `expiresAt`: the tightest threshold already reached, or null
 * (not within 5 days, or already expired). After a long outage only the tightest is sent, not a burst of three.
 */
export function dueExpiryWarning(expiresAt: Date, now: Date): (typeof EXPIRY_WARNING_DAYS)[number] | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return null;
  let due: (typeof EXPIRY_WARNING_DAYS)[number] | null = null;
  for (const d of EXPIRY_WARNING_DAYS) if (left <= d * 86_400_000) due = d;
  return due;
}
