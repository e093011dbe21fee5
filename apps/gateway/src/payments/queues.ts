// Job queues of the payment domain (platform jobs table). Idempotency keys:
//   payment-expiry:<payment id>   re-derives the status at expires_at
// (The sweep queues are settlement's: settlement/sweepQueue.ts.)
export const EXPIRY_QUEUE = 'gateway.payment-expiry';
