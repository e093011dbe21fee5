// Which Transfer log of a transaction fulfils a refund request, or exactly why none does. Pure: the proof endpoint
// feeds it the logs of a mined receipt; its answer decides the refusal code.
import { TRANSFER_TOPIC } from '../watcher/chainReader.ts';

export interface LogLike {
  address: string;
  topics: readonly string[];
  data: string;
  logIndex: number;
}

export interface TokenTransfer {
  logIndex: number;
  token: string;
  from: string;
  to: string;
  amountUnits: bigint;
}

export interface RefundExpectation {
  /** The payment's official token on the refund's network (lowercase). */
  token: string;
  /** The merchant's vault on that network (lowercase). */
  vault: string;
  recipient: string;
  amountUnits: bigint;
}

export type RefundMismatch =
  | 'REFUND_NO_TRANSFER'
  | 'REFUND_WRONG_TOKEN'
  | 'REFUND_WRONG_SENDER'
  | 'REFUND_WRONG_RECIPIENT'
  | 'REFUND_AMOUNT_TOO_SMALL';

export type RefundMatch =
  { ok: true; transfers: TokenTransfer[] } | { ok: false; code: RefundMismatch; message: string };

const word = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

/** ERC-20 Transfer logs (3 topics, one 32-byte word of data); ERC-721 transfers (4 topics) are not money. */
export function tokenTransfers(logs: readonly LogLike[]): TokenTransfer[] {
  return logs
    .filter((l) => l.topics.length === 3 && l.topics[0]?.toLowerCase() === TRANSFER_TOPIC && l.data.length === 66)
    .map((l) => ({
      logIndex: l.logIndex,
      token: l.address.toLowerCase(),
      from: word(l.topics[1]!),
      to: word(l.topics[2]!),
      amountUnits: BigInt(l.data),
    }));
}

/**
 * The transfers that fulfil the request (official token, vault -> recipient, amount >= requested), in log order; or
 * the first rule the transaction breaks, checked in this order: token, sender, recipient, amount.
 */
export function matchRefundTransfer(logs: readonly LogLike[], want: RefundExpectation): RefundMatch {
  const all = tokenTransfers(logs);
  if (all.length === 0) {
    return { ok: false, code: 'REFUND_NO_TRANSFER', message: 'The transaction transfers no ERC-20 token' };
  }
  const official = all.filter((t) => t.token === want.token.toLowerCase());
  if (official.length === 0) {
    return {
      ok: false,
      code: 'REFUND_WRONG_TOKEN',
      message: `The transaction transfers no ${want.token} (the token this refund is sent in); it moves ${[
        ...new Set(all.map((t) => t.token)),
      ].join(', ')}`,
    };
  }
  const fromVault = official.filter((t) => t.from === want.vault.toLowerCase());
  if (fromVault.length === 0) {
    return {
      ok: false,
      code: 'REFUND_WRONG_SENDER',
      message: `The transfer must come from your vault ${want.vault}; this one is from ${official[0]!.from}`,
    };
  }
  const toRecipient = fromVault.filter((t) => t.to === want.recipient.toLowerCase());
  if (toRecipient.length === 0) {
    return {
      ok: false,
      code: 'REFUND_WRONG_RECIPIENT',
      message: `The transfer must go to the refund's recipient ${want.recipient}; this one goes to ${fromVault[0]!.to}`,
    };
  }
  const covering = toRecipient.filter((t) => t.amountUnits >= want.amountUnits);
  if (covering.length === 0) {
    const best = toRecipient.reduce((a, t) => (t.amountUnits > a ? t.amountUnits : a), 0n);
    return {
      ok: false,
      code: 'REFUND_AMOUNT_TOO_SMALL',
      message: `The transfer moves ${best} base units; the refund needs at least ${want.amountUnits}`,
    };
  }
  return { ok: true, transfers: covering };
}
