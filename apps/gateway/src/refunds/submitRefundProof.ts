// POST /v1/refund-requests/{id}/proof: the merchant names the transaction that sent the refund from the vault.
//
// The transaction is verified against the chain before anything is recorded:
//  1. the network is one where the payment received final funds (the refund leaves that network's vault);
//  2. the transaction is mined and succeeded, in a block that is canonical now and that the network's watcher has
//     already processed. A transaction not mined yet, or mined above the watcher's cursor, is refused with the
//     retryable 409 REFUND_TX_PENDING: every recorded refund fact then lies at or below the cursor, where the
//     watcher's reorg check (cursor hash) and rollback by block number cover it exactly as they cover payments;
//  3. one of its Transfer logs moves the payment's official token from the vault to the recipient, for at least the
//     requested amount (refundTransferMatch.ts names the broken rule otherwise), and the vault is this merchant's:
//     a transfer from an address another merchant holds (vaultHolder.ts) is refused with REFUND_WRONG_SENDER;
//  4. that log does not fulfil another refund already (unique index; 409 REFUND_TX_ALREADY_USED).
// A verified transfer that is not final yet is accepted: the request is `confirming` and completes when the
// watcher finds it final at the confirmation depth; if a reorg orphans it first, the request is pending again and
// refund.completed is never emitted. One that is already final completes the request in this call.
import type { Sql } from '@tender/platform';
import { getAddress } from 'viem';
import { audit } from '../audit/audit.ts';
import type { Actor } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { refundChainOf, type RefundChain } from './refundChain.ts';
import { getRefundRow } from './refundQueries.ts';
import {
  REFUND_SELECT,
  refundView,
  type RefundProofInput,
  type RefundRequestView,
  type RefundRow,
} from './refundRequest.ts';
import { matchRefundTransfer } from './refundTransferMatch.ts';
import { vaultCountsFor } from './vaultHolder.ts';
import { unitsFromDb } from '../money/amount.ts';
import type { Tenant } from '../tenant.ts';

export async function submitRefundProof(
  ctx: GatewayContext,
  t: Tenant,
  actor: Actor,
  refundId: string,
  input: RefundProofInput,
): Promise<RefundRequestView> {
  const refund = await getRefundRow(ctx.db, t, refundId);
  const txHash = input.tx_hash.toLowerCase();
  if (refund.status !== 'pending') {
    // The same proof again is answered with the request as it stands (a retry changes nothing).
    if (refund.t_tx_hash === txHash) return refundView(refund);
    throw new GatewayError(
      'REFUND_NOT_PENDING',
      `Refund request ${refund.id} is ${refund.status}` +
        (refund.t_tx_hash ? ` (fulfilled by ${refund.t_tx_hash} on ${refund.t_network})` : '') +
        '; only a pending request takes a proof',
    );
  }

  // 1. The network: one where the payment received final official funds.
  const dep = await paidDeposit(ctx, refund, input.network);
  if (!dep) throw new GatewayError('PAYMENT_NOT_PAID', `Payment ${refund.payment_id} has received no final funds`);
  const network = ctx.networkRegistry.get(dep.network);
  if (!network?.rpcUrl) {
    throw new GatewayError('NETWORK_UNAVAILABLE', `This deployment has no RPC for ${dep.network}; cannot verify`);
  }
  const chain = refundChainOf(ctx, network.rpcUrl);

  // 2. Mined, succeeded, canonical, processed by the watcher.
  const { receipt, head, block } = await readChain(chain, txHash, dep.network);
  const [cursor] = await ctx.db.query<{ block_number: string | null }>(
    'select block_number from watcher_cursors where network = $1',
    [dep.network],
  );
  const processed = cursor?.block_number == null ? -1n : BigInt(cursor.block_number);
  if (receipt.blockNumber > processed) {
    throw new GatewayError(
      'REFUND_TX_PENDING',
      `Transaction ${txHash} is in block ${receipt.blockNumber}, which Tender has not processed yet on ` +
        `${dep.network} (at ${processed}); retry in a few seconds`,
    );
  }

  // 3. The transfer itself.
  const match = matchRefundTransfer(receipt.logs, {
    token: dep.token,
    vault: dep.vault,
    recipient: refund.recipient,
    amountUnits: unitsFromDb(refund.amount_units),
  });
  if (!match.ok) throw new GatewayError(match.code, match.message);
  const ours = await vaultCountsFor(ctx.db, {
    merchantId: refund.merchant_id,
    environment: refund.environment,
    network: dep.network,
    vault: dep.vault,
  });
  if (!ours) {
    throw new GatewayError(
      'REFUND_WRONG_SENDER',
      `The transfer is from ${getAddress(dep.vault)}, which another merchant holds as its vault on ${dep.network}: ` +
        'it cannot fulfil your refunds. Prove your vault (PUT /v1/vaults/{network} with a signature) to hold it',
    );
  }

  const final = head - receipt.blockNumber + 1n >= BigInt(Math.max(1, network.confirmations));
  // The transfer is on the chain's disk before it is recorded (the devnet's state file; see ctx.persistChain).
  await ctx.persistChain(dep.network);
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    // Lock order as every payment writer: the payment first, then its refund requests.
    await tx.query('select id from payment_intents where id = $1 for update', [refund.payment_id]);
    const [locked] = await tx.query<{ status: string }>('select status from refund_requests where id = $1 for update', [
      refund.id,
    ]);
    if (locked?.status !== 'pending') {
      // The watcher recorded a transfer for it meanwhile: answer with what it recorded (or refuse another tx).
      const current = await currentView(tx, refund.id);
      if (current.transfer?.tx_hash === txHash) return current;
      throw new GatewayError('REFUND_NOT_PENDING', `Refund request ${refund.id} is ${current.status}`);
    }
    // 4. One transfer fulfils one refund: the first matching log of the transaction not already used.
    let recorded: { id: string } | undefined;
    for (const tr of match.transfers) {
      [recorded] = await tx.query<{ id: string }>(
        `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
           official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
           final, final_at, refund_id, refund_source)
         values ($1, $2, $3, $4, 'refund', $5, $6, $18::boolean, $7, $8, $9, $10, $11, $12, $13, $14, $15::boolean,
           case when $15::boolean then $16::timestamptz end, $17, 'proof')
         on conflict do nothing returning id::text as id`,
        [
          dep.network,
          refund.payment_id,
          refund.merchant_id,
          refund.environment,
          dep.address,
          tr.token,
          tr.from,
          tr.to,
          tr.amountUnits.toString(),
          receipt.blockNumber.toString(),
          receipt.blockHash.toLowerCase(),
          new Date(Number(block.timestamp) * 1000),
          txHash,
          tr.logIndex,
          final,
          now,
          refund.id,
          refund.kind !== 'foreign_asset',
        ],
      );
      if (recorded) break;
    }
    if (!recorded) {
      throw new GatewayError(
        'REFUND_TX_ALREADY_USED',
        `The transfer in ${txHash} already fulfils another refund request; one transfer fulfils one refund only`,
      );
    }
    await audit(tx, {
      merchantId: refund.merchant_id,
      environment: refund.environment,
      action: 'refund_request.proof_submitted',
      actor,
      target: { type: 'refund_request', id: refund.id },
      data: { tx_hash: txHash, network: dep.network, final },
      at: now,
    });
    await recomputePayment(ctx, tx, refund.payment_id, {
      reason: final ? 'refund_transfer_final' : 'refund_transfer_detected',
      data: { refund_request_id: refund.id, network: dep.network, tx_hash: txHash },
    });
    return currentView(tx, refund.id);
  });
}

/**
 * The deposit address of the network the refund leaves from: one where the payment received final official funds
 * (`network` when given; required when there are several). Undefined when the payment received none.
 */
async function paidDeposit(ctx: GatewayContext, refund: RefundRow, network: string | undefined) {
  const paid = await ctx.db.query<{ network: string; token: string; vault: string; address: string }>(
    // A foreign_asset refund leaves the vault of the network its token was received on, in that token.
    `select d.network, coalesce($2::text, d.token) as token, d.vault, d.address from deposit_addresses d
     where d.payment_id = $1 and ($3::text is null or d.network = $3::text)
       and exists (select 1 from chain_transfers c where c.payment_id = d.payment_id
       and c.network = d.network and c.kind = 'incoming' and c.final and not c.removed
       and (case when $2::text is null then c.official else not c.official and c.token = $2::text end))
     order by d.network`,
    [refund.payment_id, refund.kind === 'foreign_asset' ? refund.token_address : null, refund.network],
  );
  if (network !== undefined) {
    const dep = paid.find((p) => p.network === network);
    if (!dep) {
      throw new GatewayError(
        'REFUND_WRONG_NETWORK',
        `Payment ${refund.payment_id} received no final funds on ${network}; a refund leaves the vault of a ` +
          `network it was paid on (${paid.map((p) => p.network).join(', ') || 'none'})`,
        { details: [{ path: 'network', message: 'not a network this payment was paid on' }] },
      );
    }
    return dep;
  } else if (paid.length > 1) {
    throw new GatewayError(
      'REFUND_NETWORK_REQUIRED',
      `Payment ${refund.payment_id} was paid on several networks (${paid.map((p) => p.network).join(', ')}); ` +
        'name the network of the refund transaction',
      { details: [{ path: 'network', message: 'required for this payment' }] },
    );
  }
  return paid[0];
}

async function currentView(tx: Sql, id: string): Promise<RefundRequestView> {
  const [row] = await tx.query<RefundRow>(`${REFUND_SELECT} where r.id = $1`, [id]);
  return refundView(row!);
}

/** The receipt (mined, succeeded, in the canonical block), the head and that block; refusals otherwise. */
async function readChain(chain: RefundChain, txHash: string, network: string) {
  try {
    const receipt = await chain.getReceipt(txHash);
    if (!receipt) {
      if (await chain.knowsTransaction(txHash)) {
        throw new GatewayError('REFUND_TX_PENDING', `Transaction ${txHash} is not mined yet; retry once it is`);
      }
      throw new GatewayError('REFUND_TX_NOT_FOUND', `No transaction ${txHash} on ${network}`, {
        details: [{ path: 'tx_hash', message: `not found on ${network}` }],
      });
    }
    if (receipt.status !== 'success') {
      throw new GatewayError('REFUND_TX_FAILED', `Transaction ${txHash} reverted; it moved nothing`);
    }
    const [head, block] = await Promise.all([chain.getBlock('latest'), chain.getBlock(receipt.blockNumber)]);
    if (!head || !block || block.hash.toLowerCase() !== receipt.blockHash.toLowerCase()) {
      // The node answered from a fork that is being replaced: the receipt's block is not canonical (yet).
      throw new GatewayError('REFUND_TX_PENDING', `The block of ${txHash} is being reorganised; retry shortly`);
    }
    return { receipt, head: head.number, block };
  } catch (err) {
    if (err instanceof GatewayError) throw err;
    throw new GatewayError('SERVICE_UNAVAILABLE', `The ${network} RPC did not answer; retry shortly`);
  }
}
