// What a refund request may return, by kind, checked under the payment's row lock (createRefundRequest.ts):
//   payment        at most the refundable remainder: final official funds minus every request of the official token
//                  not cancelled (payment and excess kinds; open requests reserve their amount)
//   excess         also at most the excess of a paid payment not already requested as excess
//   foreign_asset  a foreign token the payment received (final) on one network, in that token's decimals: at most
//                  what it received of that token on that network minus the foreign_asset requests of it not
//                  cancelled. A token is a (network, address) pair: one address on two chains is two tokens. The
//                  official token's remainder is untouched: the two are different money.
import type { Sql } from '@tender/platform';
import { GatewayError } from '../http/errors.ts';
import { formatAmount, parseAmount, unitsFromDb } from '../money/amount.ts';
import { storedDecimals } from '../money/tokenDecimals.ts';
import type { CreateRefundInput, RefundKind } from './refundRequest.ts';

export interface RefundIntent {
  id: string;
  final_units: string;
  excess_units: string;
  confirmed: boolean;
  currency: 'USDC' | 'EURC';
  decimals: number;
}

export interface RefundTerms {
  kind: RefundKind;
  amount: bigint;
  decimals: number;
  /** foreign_asset: the token and the network it was received on; null for the official token. */
  token: string | null;
  network: string | null;
}

function positiveAmount(value: string, decimals: number): bigint {
  let amount: bigint;
  try {
    amount = parseAmount(value, decimals);
  } catch {
    amount = 0n; // more decimals than the token has
  }
  if (amount <= 0n) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'amount', message: `must be greater than 0, with at most ${decimals} decimals` }],
    });
  }
  return amount;
}

async function reservedUnits(tx: Sql, paymentId: string, where: string, params: unknown[] = []): Promise<bigint> {
  const [row] = await tx.query<{ units: string }>(
    `select coalesce(sum(amount_units), 0)::text as units from refund_requests
     where payment_id = $1 and status <> 'cancelled' and ${where}`,
    [paymentId, ...params],
  );
  return unitsFromDb(row!.units);
}

export async function refundTerms(tx: Sql, intent: RefundIntent, input: CreateRefundInput): Promise<RefundTerms> {
  const kind = input.kind ?? 'payment';
  if (kind === 'foreign_asset') return foreignTerms(tx, intent, input);
  for (const path of ['token_address', 'network'] as const) {
    if (input[path] !== undefined) {
      throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
        details: [{ path, message: 'only for kind foreign_asset' }],
      });
    }
  }
  const d = intent.decimals;
  const amount = positiveAmount(input.amount, d);
  const received = unitsFromDb(intent.final_units);
  if (received === 0n) {
    throw new GatewayError(
      'PAYMENT_NOT_PAID',
      `Payment ${intent.id} has received no final funds; there is nothing to refund` +
        (kind === 'payment' ? ' (funds in a foreign token are returned with kind foreign_asset)' : ''),
    );
  }
  const remainder = received - (await reservedUnits(tx, intent.id, `kind <> 'foreign_asset'`));
  if (amount > remainder) {
    throw new GatewayError(
      'REFUND_EXCEEDS_REFUNDABLE',
      `The refundable remainder of ${intent.id} is ${formatAmount(remainder > 0n ? remainder : 0n, d)} ` +
        `${intent.currency} (final funds received minus refunds requested or completed)`,
      { details: [{ path: 'amount', message: 'exceeds the refundable remainder' }] },
    );
  }
  if (kind === 'excess') {
    const excess = intent.confirmed ? unitsFromDb(intent.excess_units) : 0n;
    if (excess === 0n) {
      throw new GatewayError(
        'REFUND_NO_EXCESS',
        `Payment ${intent.id} has no excess: ${intent.confirmed ? 'it received exactly its amount' : 'it is not paid'}`,
      );
    }
    const open = excess - (await reservedUnits(tx, intent.id, `kind = 'excess'`));
    if (amount > open) {
      throw new GatewayError(
        'REFUND_EXCEEDS_EXCESS',
        `The excess of ${intent.id} not refunded yet is ${formatAmount(open > 0n ? open : 0n, d)} ${intent.currency} ` +
          `(excess ${formatAmount(excess, d)} minus excess refunds requested or completed)`,
        { details: [{ path: 'amount', message: 'exceeds the excess not refunded yet' }] },
      );
    }
  }
  return { kind, amount, decimals: d, token: null, network: null };
}

async function foreignTerms(tx: Sql, intent: RefundIntent, input: CreateRefundInput): Promise<RefundTerms> {
  const held = await tx.query<{ network: string; token: string; units: string; decimals: number | null }>(
    `select c.network, c.token, sum(c.amount_units)::text as units, ${storedDecimals('c')} as decimals
     from chain_transfers c
     where c.payment_id = $1 and c.kind = 'incoming' and not c.official and c.final and not c.removed
     group by c.network, c.token order by c.network, c.token`,
    [intent.id],
  );
  if (held.length === 0) {
    throw new GatewayError(
      'REFUND_NO_FOREIGN_FUNDS',
      `Payment ${intent.id} received no final funds in a token other than its official ${intent.currency}`,
    );
  }
  const list = held.map((h) => `${h.token} on ${h.network}`).join(', ');
  const want = input.token_address?.toLowerCase();
  const candidates = held.filter(
    (x) => (want === undefined || x.token === want) && (input.network === undefined || x.network === input.network),
  );
  if (candidates.length === 0) {
    const asked = want === undefined ? `a foreign token on ${input.network}` : `${want} ${input.network ?? ''}`;
    const detail =
      want === undefined || !held.some((x) => x.token === want)
        ? { path: want === undefined ? 'network' : 'token_address', message: 'not a token this payment received' }
        : { path: 'network', message: `not a network ${want} was received on` };
    throw new GatewayError(
      'REFUND_NO_FOREIGN_FUNDS',
      `Payment ${intent.id} received no final funds in ${asked.trim()}; it received ${list}`,
      { details: [detail] },
    );
  }
  if (candidates.length > 1) {
    const path = want === undefined && new Set(candidates.map((x) => x.token)).size > 1 ? 'token_address' : 'network';
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path, message: `required: the payment received several foreign tokens (${list})` }],
    });
  }
  const h = candidates[0]!;
  if (h.decimals === null) {
    throw new GatewayError(
      'REFUND_NO_FOREIGN_FUNDS',
      `The decimals of ${h.token} on ${h.network} are unknown (its contract answers no decimals()); it cannot be ` +
        'returned through a refund request',
    );
  }
  const amount = positiveAmount(input.amount, h.decimals);
  const returned = await reservedUnits(tx, intent.id, `kind = 'foreign_asset' and token = $2 and network = $3`, [
    h.token,
    h.network,
  ]);
  const left = unitsFromDb(h.units) - returned;
  if (amount > left) {
    throw new GatewayError(
      'REFUND_EXCEEDS_REFUNDABLE',
      `Payment ${intent.id} holds ${formatAmount(left > 0n ? left : 0n, h.decimals)} of ${h.token} on ${h.network} ` +
        'not returned or requested yet',
      { details: [{ path: 'amount', message: 'exceeds the foreign funds not returned yet' }] },
    );
  }
  return { kind: 'foreign_asset', amount, decimals: h.decimals, token: h.token, network: h.network };
}
