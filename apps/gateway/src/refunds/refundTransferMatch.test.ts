import { pad } from 'viem';
import { describe, expect, it } from 'vitest';
import { TRANSFER_TOPIC } from '../watcher/chainReader.ts';
import { matchRefundTransfer, type LogLike } from './refundTransferMatch.ts';

const TOKEN = '0x' + 'a'.repeat(40);
const OTHER = '0x' + 'b'.repeat(40);
const VAULT = '0x' + '1'.repeat(40);
const RECIPIENT = '0x' + '2'.repeat(40);
const SOMEONE = '0x' + '3'.repeat(40);

let idx = 0;
const log = (token: string, from: string, to: string, amount: bigint): LogLike => ({
  address: token,
  topics: [TRANSFER_TOPIC, pad(from as `0x${string}`), pad(to as `0x${string}`)],
  data: pad(`0x${amount.toString(16)}`),
  logIndex: idx++,
});
const want = { token: TOKEN, vault: VAULT, recipient: RECIPIENT, amountUnits: 5_000_000n };
const code = (logs: LogLike[]) => {
  const m = matchRefundTransfer(logs, want);
  return m.ok ? 'ok' : m.code;
};

describe('matchRefundTransfer', () => {
  it('accepts the official token from the vault to the recipient covering the amount', () => {
    const m = matchRefundTransfer([log(TOKEN, VAULT, RECIPIENT, 5_000_000n)], want);
    expect(m).toMatchObject({ ok: true, transfers: [{ amountUnits: 5_000_000n, from: VAULT, to: RECIPIENT }] });
    expect(code([log(TOKEN, VAULT, RECIPIENT, 6_000_000n)])).toBe('ok');
  });

  it('names the first rule a transaction breaks', () => {
    expect(code([])).toBe('REFUND_NO_TRANSFER');
    expect(code([log(OTHER, VAULT, RECIPIENT, 5_000_000n)])).toBe('REFUND_WRONG_TOKEN');
    expect(code([log(TOKEN, SOMEONE, RECIPIENT, 5_000_000n)])).toBe('REFUND_WRONG_SENDER');
    expect(code([log(TOKEN, VAULT, SOMEONE, 5_000_000n)])).toBe('REFUND_WRONG_RECIPIENT');
    expect(code([log(TOKEN, VAULT, RECIPIENT, 4_999_999n)])).toBe('REFUND_AMOUNT_TOO_SMALL');
  });

  it('finds the matching log among others in the same transaction', () => {
    const m = matchRefundTransfer(
      [log(OTHER, VAULT, RECIPIENT, 9n), log(TOKEN, VAULT, SOMEONE, 9n), log(TOKEN, VAULT, RECIPIENT, 5_000_000n)],
      want,
    );
    expect(m.ok && m.transfers.map((t) => t.token)).toEqual([TOKEN]);
  });

  it('ignores ERC-721 transfers (four topics)', () => {
    const nft = { ...log(TOKEN, VAULT, RECIPIENT, 5_000_000n) };
    nft.topics = [...nft.topics, pad('0x01')];
    expect(code([nft])).toBe('REFUND_NO_TRANSFER');
  });
});
