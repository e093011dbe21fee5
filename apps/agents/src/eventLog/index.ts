// The agents' durable event log: a leaf that email, phone, realtime, tenants and the paywall record into and the
// events and realtime features read. One SQL action per file; this index lists them.
export * from './eventRecord.ts';
export * from './wakeTenants.ts';
export * from './wakeAfterCommit.ts';
export * from './listEvents.ts';
export * from './getEvent.ts';
export * from './eventNotFound.ts';
export * from './ackEvent.ts';
export * from './ackAllEvents.ts';
export * from './claimForDelivery.ts';
export * from './claimBatch.ts';
export * from './ackDelivered.ts';
export * from './renewLeases.ts';
export * from './releaseLeases.ts';
export * from './notify.ts';
export * from './tenantsWithDeliverable.ts';
export * from './expireAndFailEvents.ts';
export * from './failLeased.ts';
export * from './acknowledgedAmong.ts';
export * from './recordEvent.ts';
