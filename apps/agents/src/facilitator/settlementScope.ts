import { AsyncLocalStorage } from 'node:async_hooks';
import type { SettleResponse } from '@x402/core/types';

// One settlement of the built-in facilitator runs in an async context of its own (a scope): what its steps share
// without x402 passing it along. Its broadcast gate (holdBroadcast, passGate), the hash of its broadcast transfer
// (announceTransfer), the chain reads it makes once (codeOnce), and its transfer's preparation started ahead
// (prepareAhead, preparedOnce).

/**
 * A settlement started before the paywall may move money: everything before its broadcast (the verification, the
 * gas estimate that refuses a transfer that would revert, the fees) runs at once; the transaction is signed and
 * sent only after settle(). abandon() makes sure it never is.
 */
export interface PreparedSettlement {
  /** Lets the broadcast go and resolves with the settlement's outcome. */
  settle(): Promise<SettleResponse>;
  /**
   * Resolves with the hash of the transfer once it is broadcast, while its receipt is awaited; never when nothing is
   * broadcast. Only a hint of what settle() will say: the outcome is settle()'s.
   */
  readonly broadcast: Promise<`0x${string}`>;
  /** The transaction is never broadcast; the outcome is dropped. A no-op after settle(). */
  abandon(): void;
}

export class SettlementAbandoned extends Error {
  override readonly name = 'SettlementAbandoned';
}

interface Scope {
  /** Resolves when the broadcast may go; rejects when it must not. */
  gate: Promise<void>;
  /** Code read per address (lower case), in flight or read. */
  codes: Map<string, Promise<`0x${string}` | undefined>>;
  /** Told the hash of the transfer once it is broadcast. */
  transferred(hash: `0x${string}`): void;
  /** The transaction prepared ahead (prepareAhead), under the key that names it, until preparedOnce takes it. */
  ahead?: { key: string; prepared: Promise<unknown> } | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();
const OPEN = Promise.resolve();
const ignore = () => {};

/**
 * Runs `start` (a settlement) now, in a scope whose broadcast waits at passGate until settle() is called. The one
 * who holds it must call settle() or abandon(): a held settlement never abandoned waits forever.
 */
export function holdBroadcast(start: () => Promise<SettleResponse>): PreparedSettlement {
  let open!: () => void;
  let refuse!: (err: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    refuse = reject;
  });
  gate.catch(() => {});
  let transferred!: (hash: `0x${string}`) => void;
  const broadcast = new Promise<`0x${string}`>((resolve) => (transferred = resolve));
  const outcome = scopes.run({ gate, codes: new Map(), transferred }, start);
  outcome.catch(() => {});
  return {
    settle() {
      open();
      return outcome;
    },
    broadcast,
    abandon: () => refuse(new SettlementAbandoned('the paid request gave up this settlement before its broadcast')),
  };
}

/** Runs one settlement in a scope of its own, its gate open, unless it runs in one already (holdBroadcast). */
export function inSettlement<T>(run: () => Promise<T>): Promise<T> {
  return scopes.getStore() ? run() : scopes.run({ gate: OPEN, codes: new Map(), transferred: ignore }, run);
}

/** The settlement of this async context broadcast its transfer, `hash` (holdBroadcast's `broadcast`). */
export function announceTransfer(hash: `0x${string}`): void {
  scopes.getStore()?.transferred(hash);
}

/**
 * Resolves when the settlement of this async context may broadcast: at once outside holdBroadcast. Throws
 * SettlementAbandoned when it must not.
 */
export function passGate(): Promise<void> {
  return scopes.getStore()?.gate ?? OPEN;
}

/**
 * The code at `address`, read once per settlement: x402 reads the payer's twice, milliseconds apart (to classify an
 * ERC-6492 signature, then to choose between ECDSA and ERC-1271), which is one chain call for one fact. A failed read
 * is forgotten, so the next asks again. Outside a settlement, `read` as is.
 */
export function codeOnce(
  address: string,
  read: () => Promise<`0x${string}` | undefined>,
): Promise<`0x${string}` | undefined> {
  const scope = scopes.getStore();
  if (!scope) return read();
  const key = address.toLowerCase();
  let code = scope.codes.get(key);
  if (!code) {
    code = read();
    scope.codes.set(key, code);
    code.catch(() => scope.codes.delete(key));
  }
  return code;
}

/**
 * Starts `prepare` (the transaction `key` names: its contract and calldata) now, for preparedOnce to take up when the
 * settlement comes to send it. The built-in facilitator prepares its transfer (the gas estimate and the fees) while
 * x402 is still verifying the payment (the payer's code, the signature): neither needs the other, and verifying
 * first put the two in a row on every settlement's path. A preparation nobody takes (the verification failed, the
 * settlement was abandoned) is dropped: it only read the chain. A no-op outside a settlement.
 */
export function prepareAhead(key: string, prepare: () => Promise<unknown>): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const prepared = prepare();
  prepared.catch(() => {});
  scope.ahead = { key, prepared };
}

/**
 * The transaction `key` names, prepared: the one prepareAhead started in this settlement when the keys match (taken
 * once), else `prepare()` now. A preparation ahead that failed is asked again, so that the error the settlement sees
 * is the chain's answer of now (a transfer that would revert, say), not a read from before the verification.
 */
export function preparedOnce<T>(key: string, prepare: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope?.ahead || scope.ahead.key !== key) return prepare();
  const { prepared } = scope.ahead;
  scope.ahead = undefined;
  return (prepared as Promise<T>).catch(() => prepare());
}
