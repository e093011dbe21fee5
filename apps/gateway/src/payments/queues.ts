// Job queues of the payment domain (platform jobs table). Idempotency keys:
//   payment-expiry:<payment id>                         re-derives the status at expires_at
//   sweep:<payment id>:<network>:<purpose>:<token|key>:<attempt>   one sweep attempt (settlement/sweeper.ts), in
//                                                       the queue of its network (sweepQueue)
export const EXPIRY_QUEUE = 'gateway.payment-expiry';
/**
 * Sweeps of one network: a queue per network, so that a process claims only the sweeps it can send (the network's
 * RPC URL, deposit factory and relayer configured). A process without the network never touches them.
 */
export const sweepQueue = (network: string): string => `gateway.sweep.${network}`;
