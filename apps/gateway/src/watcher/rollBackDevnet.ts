// The devnet lost blocks that the database recorded (anvil reloaded a state file older than the database after a
// crash): the database is made to agree with the chain again, in one transaction.
//
//  - every transfer above the agreed block is marked removed, final or not. This is the one place where a final
//    fact is undone: on the devnet the chain itself is the authority and it no longer holds the block. (On a real
//    network final facts never move; see chainIncidents.ts.)
//  - every sweep mined above the agreed block, and every sweep still in flight (the restarted node's pool is empty),
//    is voided: its transaction is gone, and it is no fact about the settlement any more (the reducer ignores it).
//    A sweep not yet sent of a payment that is no longer paid is voided too. The relayer's stored nonce is dropped,
//    so the next sweep takes the chain's.
//  - the payments re-derive through recomputePayment, which writes the timeline and the corrective events in this
//    transaction (payment.reversed, settlement.reversed, …); a payment that is still paid gets a new sweep.
//  - the watcher's cursor moves back to the agreed block, so the blocks above it are read again: whatever is still
//    on the chain (a transfer in a block the state file did keep) is recorded again.
//  - a chain_incidents row, resolved at once, records what was undone.
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { ensureSweep } from '../settlement/scheduleSweeps.ts';
import { moveCursor } from './watcherStore.ts';
import type { Environment } from '../tenant.ts';

export interface DevnetRollback {
  agreedBlock: bigint;
  transfers: number;
  finalTransfers: number;
  settlements: number;
  payments: number;
  /** Payments whose status changed. */
  changed: string[];
  /** New sweeps of payments that are still paid but whose sweep was lost. */
  resweeps: number;
}

export async function rollBackDevnet(
  ctx: GatewayContext,
  tx: Sql,
  p: {
    network: string;
    /** The watcher's lease token: the cursor moves only under a live lease. */
    token: string;
    agreed: { number: bigint; hash: string };
    recordedBlock: bigint;
    head: bigint;
  },
): Promise<DevnetRollback> {
  const summary = await rollBackToAgreedBlock(ctx, tx, { ...p, inFlightLost: true });
  await tx.query(
    `insert into chain_incidents (network, kind, agreed_block, recorded_block, head_block, transfers, final_transfers,
       settlements, payments, resolved_at)
     values ($1, 'devnet_rollback', $2, $3, $4, $5, $6, $7, $8, now())`,
    [
      p.network,
      summary.agreedBlock,
      p.recordedBlock,
      p.head,
      summary.transfers,
      summary.finalTransfers,
      summary.settlements,
      summary.payments,
    ],
  );
  return summary;
}

/**
 * The database made to agree with the chain above `agreed` (see the top of this file), for the devnet's rollback and
 * for an operator who resolves a real network's incident by applying the chain (operator/resolveIncident.ts).
 * `token` null: the operator's resolution, which moves the cursor whoever holds the watcher's lease (the watcher of
 * a network with an open incident records nothing). `inFlightLost`: the node lost its pool (a restarted devnet), so
 * sweeps in flight are voided and the relayer's stored nonce dropped; on a real network they may still be mined and
 * their jobs keep watching them.
 */
export async function rollBackToAgreedBlock(
  ctx: GatewayContext,
  tx: Sql,
  p: {
    network: string;
    token: string | null;
    agreed: { number: bigint; hash: string };
    recordedBlock: bigint;
    inFlightLost: boolean;
  },
): Promise<DevnetRollback> {
  const { network } = p;
  const above = p.agreed.number;
  const cursor = { network, blockNumber: above < 0n ? 0n : above, blockHash: p.agreed.hash };
  if (p.token !== null) await moveCursor(tx, { ...cursor, token: p.token });
  else
    await tx.query(
      `update watcher_cursors set block_number = $2, block_hash = $3, updated_at = now() where network = $1`,
      [network, cursor.blockNumber, cursor.blockHash.toLowerCase()],
    );
  await tx.query('delete from watcher_blocks where network = $1 and block_number > $2', [network, above]);
  const transfers = await tx.query<{ payment_id: string; was_final: boolean }>(
    `with lost as (
       select id, final from chain_transfers where network = $1 and not removed and block_number > $2 for update
     )
     update chain_transfers c set removed = true, removed_at = now(), final = false, final_at = null
     from lost where c.id = lost.id
     returning c.payment_id, lost.final as was_final`,
    [network, above],
  );
  const error = p.inFlightLost
    ? `the devnet lost this sweep's transaction (its state was restored to block ${above})`
    : `this sweep's block is no longer on the chain (an operator applied the chain above block ${above})`;
  const settlements = await tx.query<{ id: string; payment_id: string }>(
    `update settlements set state = 'voided', error = $3, finished_at = now(), updated_at = now()
     where network = $1 and ((state = 'succeeded' and mined_block > $2) or ($4 and state = 'submitted'))
     returning id, payment_id`,
    [network, above, error, p.inFlightLost],
  );
  if (p.inFlightLost) await tx.query('delete from relayer_nonces where network = $1', [network]);

  const affected = [...new Set([...transfers.map((t) => t.payment_id), ...settlements.map((s) => s.payment_id)])];
  const changed: string[] = [];
  let resweeps = 0;
  for (const pid of affected.sort()) {
    const r = await recomputePayment(ctx, tx, pid, {
      reason: 'chain_rollback',
      data: { network, agreed_block: above.toString(), recorded_block: p.recordedBlock.toString() },
    });
    if (!r) continue;
    if (r.from !== r.to) changed.push(pid);
    if (!r.derived.confirmed) {
      await tx.query(
        `update settlements set state = 'voided', error = $3, finished_at = now(), updated_at = now()
         where payment_id = $1 and network = $2 and purpose = 'payment' and state = 'pending'`,
        [
          pid,
          network,
          `the payment is no longer paid: its transfer is no longer on the chain (rolled back to block ${above})`,
        ],
      );
    }
    // Still paid (its incoming funds survived) but its sweep was lost: settle it again.
    if (r.derived.confirmed && !r.derived.settled) {
      const [dep] = await tx.query<{ token: string; merchant_id: string; environment: Environment }>(
        `select token, merchant_id, environment from deposit_addresses where payment_id = $1 and network = $2`,
        [pid, network],
      );
      if (dep && (await ensureSweep(ctx, tx, { id: pid, ...dep }, network, 'payment', dep.token))) resweeps++;
    }
  }
  return {
    agreedBlock: above,
    transfers: transfers.length,
    finalTransfers: transfers.filter((t) => t.was_final).length,
    settlements: settlements.length,
    payments: affected.length,
    changed,
    resweeps,
  };
}

/**
 * Sweeps recorded as mined whose transactions the devnet no longer knows, while every recorded block still agrees
 * (the sweep was mined after the watcher's cursor, and the chain lost that block): voided like the sweeps of a
 * rollback, their payments re-derived and settled again. Returns the payments re-derived.
 */
export async function voidLostSweeps(
  ctx: GatewayContext,
  tx: Sql,
  p: { network: string; settlementIds: readonly string[] },
): Promise<{ payments: number; resweeps: number }> {
  const lost = await tx.query<{ payment_id: string }>(
    `update settlements set state = 'voided', error = $3, finished_at = now(), updated_at = now()
     where network = $1 and id = any($2::text[]) and state = 'succeeded'
     returning payment_id`,
    [p.network, p.settlementIds, "the devnet lost this sweep's transaction (its state was restored to an older block)"],
  );
  await tx.query('delete from relayer_nonces where network = $1', [p.network]);
  let resweeps = 0;
  const payments = [...new Set(lost.map((l) => l.payment_id))].sort();
  for (const pid of payments) {
    const r = await recomputePayment(ctx, tx, pid, { reason: 'chain_rollback', data: { network: p.network } });
    if (r && r.derived.confirmed && !r.derived.settled) {
      const [dep] = await tx.query<{ token: string; merchant_id: string; environment: Environment }>(
        `select token, merchant_id, environment from deposit_addresses where payment_id = $1 and network = $2`,
        [pid, p.network],
      );
      if (dep && (await ensureSweep(ctx, tx, { id: pid, ...dep }, p.network, 'payment', dep.token))) resweeps++;
    }
  }
  return { payments: payments.length, resweeps };
}
