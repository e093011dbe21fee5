// Agreement, the watcher's step before it records anything when it may be out of step with the chain (see
// chainWatcher.ts): a devnet that lost blocks is rolled back to the chain; on a real network, final facts that are no
// longer canonical open an incident and halt the watcher until the chain agrees again.
import type { BlockHeader } from './chainReader.ts';
import { checkAgreement } from './chainAgreement.ts';
import { finalFactsAbove, openIncident, resolveIncident } from './chainIncidents.ts';
import { rollBackDevnet, voidLostSweeps } from './rollBackDevnet.ts';
import type { PollResult, Watch } from './watch.ts';

/**
 * Checks that the chain holds the recorded blocks. Returns undefined when it does (or when only unfinal facts
 * differ: the ordinary reorg path handles those), else the poll's result: a devnet rolled back, or a real
 * network's incident (open until the chain agrees again).
 */
export async function verifyAgreement(w: Watch, head: BlockHeader): Promise<Partial<PollResult> | undefined> {
  const a = await checkAgreement(w.ctx.db, w.reader, w.net.id, head, { lostAboveHead: w.isDevnet });
  if (a.agree && w.isDevnet) await voidSweepsTheDevnetLost(w);
  if (a.agree) {
    if (w.state.halted || !w.isDevnet) {
      if (await resolveIncident(w.ctx.db, w.net.id)) {
        w.log.warn('watcher: the chain agrees with the recorded facts again; incident resolved');
      }
    }
    w.state.halted = false;
    return undefined;
  }
  const counts = await finalFactsAbove(w.ctx.db, w.net.id, a.agreedBlock);
  // A devnet whose head is below recorded facts lost them (it cannot lag: it is our own node). Only the cursor
  // above the head is no loss: the ordinary path finds the fork once the chain grows past it.
  const lostAboveHead = w.isDevnet && head.number < a.recordedBlock && counts.transfers + counts.settlements > 0;
  // A sweep mined in an orphaned block is reopened by the ordinary path, whatever the network.
  if (counts.finalTransfers === 0 && !lostAboveHead) {
    w.state.halted = false;
    return undefined; // unfinal facts only: an ordinary reorg
  }
  if (w.isDevnet) {
    const agreedNumber = a.agreedBlock < 0n ? 0n : a.agreedBlock;
    const agreed = agreedNumber === head.number ? head : await w.reader.getBlock(agreedNumber);
    if (!agreed) throw new Error(`watcher ${w.net.id}: cannot read block ${agreedNumber} to roll back to`);
    const rollback = await w.ctx.db.tx((tx) =>
      rollBackDevnet(w.ctx, tx, {
        network: w.net.id,
        token: w.token,
        agreed: { number: a.agreedBlock, hash: agreed.hash },
        recordedBlock: a.recordedBlock,
        head: head.number,
      }),
    );
    const lostFacts = rollback.transfers + rollback.settlements > 0;
    w.log[lostFacts ? 'error' : 'warn'](
      {
        agreedBlock: a.agreedBlock.toString(),
        recordedBlock: a.recordedBlock.toString(),
        head: head.number.toString(),
        transfers: rollback.transfers,
        finalTransfers: rollback.finalTransfers,
        settlements: rollback.settlements,
        payments: rollback.payments,
        statusChanges: rollback.changed.length,
        resweeps: rollback.resweeps,
      },
      'watcher: THE DEVNET LOST BLOCKS THE DATABASE HAD RECORDED (its state file was older than the database); ' +
        'the facts above the last common block were rolled back and the payments re-derived',
    );
    return { rollback, behind: true, changedPayments: rollback.changed };
  }
  const opened = await openIncident(w.ctx.db, {
    network: w.net.id,
    agreedBlock: a.agreedBlock,
    recordedBlock: a.recordedBlock,
    headBlock: head.number,
    counts,
  });
  if (opened || !w.state.halted) {
    w.log.error(
      {
        agreedBlock: a.agreedBlock.toString(),
        recordedBlock: a.recordedBlock.toString(),
        head: head.number.toString(),
        ...counts,
      },
      'watcher: INCIDENT: final facts are no longer on the chain (a reorganisation deeper than the confirmation ' +
        'w.depth, or a node on another fork). Nothing is rolled back; the network is degraded and the watcher ' +
        'records nothing until the chain agrees again',
    );
  }
  w.state.halted = true;
  return { incident: true };
}

/**
 * Sweeps recorded as mined but not yet seen by the watcher (their settlement transfer is not recorded): on the
 * devnet, one whose transaction the node does not know was lost with a block after the cursor.
 */
async function voidSweepsTheDevnetLost(w: Watch): Promise<void> {
  const getTransactionBlock = w.reader.getTransactionBlock?.bind(w.reader);
  if (!getTransactionBlock) return;
  const unseen = await w.ctx.db.query<{ id: string; tx_hash: string }>(
    `select s.id, s.tx_hash from settlements s
     where s.network = $1 and s.state = 'succeeded' and s.tx_hash is not null
       and not exists (select 1 from chain_transfers c where c.network = s.network and c.tx_hash = s.tx_hash
                       and not c.removed)`,
    [w.net.id],
  );
  const lost: string[] = [];
  for (const s of unseen) if ((await getTransactionBlock(s.tx_hash)) === null) lost.push(s.id);
  if (lost.length === 0) return;
  const r = await w.ctx.db.tx((tx) => voidLostSweeps(w.ctx, tx, { network: w.net.id, settlementIds: lost }));
  w.log.error(
    { settlements: lost.length, payments: r.payments, resweeps: r.resweeps },
    'watcher: THE DEVNET LOST SWEEPS THE DATABASE HAD RECORDED AS MINED; they were voided and the payments ' +
      'settle again',
  );
}
