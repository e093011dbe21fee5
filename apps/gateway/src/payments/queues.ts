// Job queues of the payment domain (platform jobs table). Idempotency keys:
//   payment-expiry:<payment id>                         re-derives the status at expires_at
//   sweep:<payment id>:<network>:<purpose>:<token|key>:<attempt>   one sweep attempt (settlement/sweeper.ts)
export const EXPIRY_QUEUE = 'gateway.payment-expiry';
export const SWEEP_QUEUE = 'gateway.sweep';
