// The terms of a foreign_asset refund when one token address arrived on two networks: two tokens, each returned on
// its own network, each counted against its own receipts.
import type { Sql } from '@tender/platform';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../http/errors.ts';
import { refundTerms, type RefundIntent } from './refundTerms.ts';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const intent: RefundIntent = {
  id: 'pi_1',
  final_units: '0',
  excess_units: '0',
  confirmed: false,
  currency: 'USDC',
  decimals: 6,
};

/** A transaction that holds 5 of TOKEN on devnet and 2 on base-sepolia, 4 of the devnet ones already requested. */
function heldOnTwoNetworks(): Sql {
  return {
    query: async (text: string, params: unknown[] = []) => {
      if (text.includes('from chain_transfers')) {
        return [
          { network: 'base-sepolia', token: TOKEN, units: '2000000', decimals: 6 },
          { network: 'devnet', token: TOKEN, units: '5000000', decimals: 6 },
        ];
      }
      return [{ units: params[2] === 'devnet' ? '4000000' : '0' }];
    },
  } as unknown as Sql;
}

const ask = (extra: Record<string, string>) =>
  refundTerms(heldOnTwoNetworks(), intent, {
    payment_intent_id: 'pi_1',
    recipient: '0x00000000000000000000000000000000000000bb',
    kind: 'foreign_asset',
    amount: '2',
    ...extra,
  });

describe('foreign_asset refund terms', () => {
  it('asks for the network when the token arrived on several', async () => {
    const err = await ask({ token_address: TOKEN }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', extra: { details: [{ path: 'network' }] } });
  });

  it('counts each network against its own receipts', async () => {
    expect(await ask({ network: 'base-sepolia' })).toMatchObject({ network: 'base-sepolia', amount: 2_000_000n });
    // devnet received 5 and has 4 requested: 2 is more than is left there, though base-sepolia's 2 are free.
    await expect(ask({ network: 'devnet' })).rejects.toMatchObject({ code: 'REFUND_EXCEEDS_REFUNDABLE' });
    expect(await ask({ network: 'devnet', amount: '1' })).toMatchObject({ network: 'devnet', amount: 1_000_000n });
  });
});
