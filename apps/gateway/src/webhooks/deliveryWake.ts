import { JOBS_CHANNEL_SQL } from '@tender/platform';

/**
 * The NOTIFY payload that wakes webhook delivery runners. It travels on the jobs channel (namespaced per schema,
 * see jobsChannel.ts), where job runners ignore payloads that are not one of their queues; the name is the old
 * delivery queue's, which is also how the deliveries show in the status page's queue figures (deliveryStats.ts).
 */
export const WEBHOOK_DELIVERY_WAKE = 'gateway.webhook-delivery';

/** A SQL expression that wakes the delivery runners when the statement's transaction commits. */
export const WAKE_DELIVERY_RUNNERS_SQL = `pg_notify(${JOBS_CHANNEL_SQL}, '${WEBHOOK_DELIVERY_WAKE}')`;
