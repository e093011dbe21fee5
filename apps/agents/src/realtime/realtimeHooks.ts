import type { EventRecord } from '../eventLog/index.ts';

/**
 * Where a tenant's events are on their way to a socket: `woken` the tenant was asked to claim (NOTIFY, a freed
 * window, a new socket, a sweep), `claim.start` and `claim.end` bound the claim statement that includes it, `written`
 * the last frame of the events it claimed was handed to the kernel.
 */
export type DeliveryPoint = 'woken' | 'claim.start' | 'claim.end' | 'written';

/**
 * Test and benchmark hooks, never set in production. Fault injection for the crash tests (a child process SIGKILLs
 * itself at these points): `afterClaim`, the events are leased to a socket and not sent yet; `afterSend`, their
 * frames were written. `probe`: the events benchmark's stage timestamps (bench/events). At most one claim per tenant
 * is in flight, so per tenant the points come in order: woken… claim.start, claim.end, written.
 */
export interface RealtimeHooks {
  afterClaim?(events: readonly EventRecord[]): void;
  afterSend?(events: readonly EventRecord[]): void;
  probe?(point: DeliveryPoint, tenantId: string, events?: readonly EventRecord[]): void;
}
