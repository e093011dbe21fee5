// Job queue of webhook deliveries (platform jobs table). Idempotency keys:
//   webhook:<delivery id>                    the automatic schedule of one delivery (first attempt and retries)
//   webhook:<delivery id>:manual:<n>         a manual retry asked for when the delivery had n attempts
export const WEBHOOK_DELIVERY_QUEUE = 'gateway.webhook-delivery';

/** Job payload of a delivery run. */
export interface DeliveryJobPayload {
  deliveryId: string;
  /** A manual retry: one attempt, made even when the delivery already succeeded (a resend). */
  manual?: boolean;
}
