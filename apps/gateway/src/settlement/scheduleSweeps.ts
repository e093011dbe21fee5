// Settlement's reaction to a payment transition (registered on the payment hub's plug point by runtime.ts): which
// funds move into the vault, as sweeps (a settlements row, state pending, and its job) in the recompute's
// transaction.
import { newId, enqueue, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { DEPOSIT_COLUMNS, type DepositRow, type IntentRow } from '../payments/model.ts';
import type { PaymentTransition } from '../payments/paymentPlugs.ts';
import { isRefundStatus } from '../payments/status.ts';
import { sweepQueue } from './sweepQueue.ts';

/**
 * Which funds move into the vault, decided from the transition:
 *  - entering the paid family: settle the official token on every network that holds final official funds;
 *  - entering UNDERPAID or LATE_PAYMENT: recover the official funds on those networks (the state stays);
 *  - a foreign-token transfer that became final (any state), or an official one while the payment is no longer
 *    open (late top-ups, funds after settlement): recover that token from that deposit address.
 * A sweep moves the forwarder's whole balance, so overlapping sweeps are harmless (the later moves 0).
 */
export async function scheduleSweeps(ctx: GatewayContext, tx: Sql, t: PaymentTransition): Promise<readonly string[]> {
  const { intent, from, derived, transfers, cause } = t;
  // The state beneath the refund layer decides what moves (a refund request changes no sweep).
  const to = derived.fundingStatus;
  const finalOfficial = transfers.filter((t) => t.kind === 'incoming' && t.official && t.final && !t.removed);
  const networksWithFunds = [...new Set(finalOfficial.map((t) => t.network))];
  const enteringPaid = derived.confirmed && !t.fromConfirmed;
  if (enteringPaid) {
    for (const network of networksWithFunds) {
      await ensureSweep(ctx, tx, intent, network, 'payment', finalOfficial.find((t) => t.network === network)!.token);
    }
  } else if (from !== to && !isRefundStatus(from) && (to === 'UNDERPAID' || to === 'LATE_PAYMENT')) {
    for (const network of networksWithFunds) {
      await ensureSweep(ctx, tx, intent, network, 'recovery', finalOfficial.find((t) => t.network === network)!.token);
    }
  }
  const stillOpen = to === 'AWAITING_PAYMENT' || to === 'DETECTED' || to === 'CONFIRMING' || to === 'CREATED';
  if (cause.finalizedTransferIds?.length) {
    const ids = new Set(cause.finalizedTransferIds);
    for (const f of transfers) {
      if (!ids.has(String(f.id)) || f.kind !== 'incoming' || f.removed) continue;
      // Official funds of a payment still open are the payment itself: the settlement moves them once it is paid.
      // Foreign tokens never count, so they are recovered as soon as they are final, whatever the state.
      if (stillOpen && f.official) continue;
      if (enteringPaid && f.official) continue; // the settlement above moves it
      await ensureSweep(ctx, tx, intent, f.network, 'recovery', f.token);
    }
  }
  return [];
}

/**
 * Creates a sweep (settlements row, state pending, and its job) unless one for the same payment, network, token and
 * purpose is still pending or submitted (that one will move the whole balance anyway).
 */
export async function ensureSweep(
  _ctx: GatewayContext,
  tx: Sql,
  intent: Pick<IntentRow, 'id' | 'merchant_id' | 'environment'>,
  network: string,
  purpose: 'payment' | 'recovery',
  token: string,
  runAt?: Date,
): Promise<string | undefined> {
  const [dep] = await tx.query<DepositRow>(
    `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = $1 and d.network = $2`,
    [intent.id, network],
  );
  if (!dep) return undefined;
  const [prev] = await tx.query<{ attempt: number; active: boolean }>(
    `select max(attempt) as attempt, bool_or(state in ('pending', 'submitted')) as active from settlements
     where payment_id = $1 and network = $2 and token = $3 and purpose = $4`,
    [intent.id, network, token.toLowerCase(), purpose],
  );
  if (prev?.active) return undefined;
  const attempt = (prev?.attempt ?? 0) + 1;
  const id = newId('stl');
  await tx.query(
    `insert into settlements (id, payment_id, merchant_id, environment, network, purpose, attempt, token,
       deposit_address, vault, salt, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending')`,
    [
      id,
      intent.id,
      intent.merchant_id,
      intent.environment,
      network,
      purpose,
      attempt,
      token.toLowerCase(),
      dep.address,
      dep.vault,
      dep.salt,
    ],
  );
  await enqueue(tx, {
    queue: sweepQueue(network),
    payload: { settlementId: id },
    idempotencyKey: `sweep:${intent.id}:${network}:${purpose}:${token.toLowerCase()}:${attempt}`,
    runAt,
    maxAttempts: 1000,
  });
  return id;
}
