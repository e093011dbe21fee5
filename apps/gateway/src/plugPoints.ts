// The plug points of the gateway's hubs: the hubs (payments/recompute.ts, outbox/events.ts, the chain watcher) call
// what is registered here, in registration order and on their own transaction, and import none of the features that
// register. The composition root (runtime.ts, registerPlugs) fills one per GatewayContext; nothing else adds to it.
import type { OutboxSubscriber } from './outbox/outboxSubscriber.ts';
import type { PaymentDetailPart, PaymentFactSource, PaymentTransitionReaction } from './payments/paymentPlugs.ts';
import type { ChainLogMatcher } from './watcher/chainLogMatcher.ts';

export interface PlugPoints {
  /** Facts of a payment owned elsewhere, read before its status is derived (refunds). */
  paymentFactSources: PaymentFactSource[];
  /** Reactions to a recomputed payment, after its own events (invoice events, then settlement's sweeps). */
  paymentReactions: PaymentTransitionReaction[];
  /** Fields of a payment's detail owned elsewhere (refunds), in the place they have in the response. */
  paymentDetailParts: PaymentDetailPart[];
  /** Sees every outgoing event in the transaction that writes it (webhook fan-out). */
  outboxSubscribers: OutboxSubscriber[];
  /** Token logs the chain watcher offers before it commits a poll (refunds sent from a vault). */
  chainLogMatchers: ChainLogMatcher[];
}

export function emptyPlugPoints(): PlugPoints {
  return {
    paymentFactSources: [],
    paymentReactions: [],
    paymentDetailParts: [],
    outboxSubscribers: [],
    chainLogMatchers: [],
  };
}
