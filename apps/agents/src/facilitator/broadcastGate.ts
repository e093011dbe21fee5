import { AsyncLocalStorage } from 'node:async_hooks';
import type { SettleResponse } from '@x402/core/types';

/**
 * A settlement started before the paywall may move money: everything before its broadcast (the verification, the
 * gas estimate that refuses a transfer that would revert, the fees) runs at once; the transaction is signed and
 * sent only after settle(). abandon() makes sure it never is.
 */
export interface PreparedSettlement {
  /** Lets the broadcast go and resolves with the settlement's outcome. */
  settle(): Promise<SettleResponse>;
  /** The transaction is never broadcast; the outcome is dropped. A no-op after settle(). */
  abandon(): void;
}

export class SettlementAbandoned extends Error {
  override readonly name = 'SettlementAbandoned';
}

/** The gate of the settlement running in this async context (holdBroadcast); none outside one. */
const gates = new AsyncLocalStorage<Promise<void>>();

/**
 * Runs `start` (a settlement) now, in an async context whose broadcast waits at passGate until settle() is called.
 * The one who holds it must call settle() or abandon(): a held settlement never abandoned waits forever.
 */
export function holdBroadcast(start: () => Promise<SettleResponse>): PreparedSettlement {
  let open!: () => void;
  let refuse!: (err: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    refuse = reject;
  });
  gate.catch(() => {});
  const outcome = gates.run(gate, start);
  outcome.catch(() => {});
  return {
    settle() {
      open();
      return outcome;
    },
    abandon: () => refuse(new SettlementAbandoned('the paid request gave up this settlement before its broadcast')),
  };
}

/**
 * Resolves when the settlement of this async context may broadcast: at once outside holdBroadcast. Throws
 * SettlementAbandoned when it must not.
 */
export function passGate(): Promise<void> {
  return gates.getStore() ?? Promise.resolve();
}
