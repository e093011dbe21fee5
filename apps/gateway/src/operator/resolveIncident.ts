// An operator ends a real network's incident (watcher/chainIncidents.ts: final facts the chain no longer holds), one
// of two ways, each audited in the transaction that applies it:
//  - apply_chain: the chain is re-read now and is the authority. The recorded facts above the newest block both
//    agree on are rolled back and their payments re-derived (rollBackToAgreedBlock, as a devnet that lost blocks);
//    the watcher reads the blocks above it again and records what the chain holds. If the chain agrees again by
//    now, nothing is rolled back.
//  - keep_database: the recorded facts stand (the operator checked them elsewhere, e.g. the payments are final on
//    an explorer and this node is on a wrong fork). Their blocks are no longer compared with the chain
//    (chainAgreement.ts skips the incident's range) and the watcher goes on from its cursor's height on the chain as
//    it is; blocks of the range are not read again, so nothing is recorded twice.
// Either way the network is operational again at commit. A poll of the watcher still in flight that read the chain
// before the commit may find the same disagreement and open a new incident, which the console then shows.
import { auditOperatorAction, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { checkAgreement } from '../watcher/chainAgreement.ts';
import type { BlockHeader, ChainReader } from '../watcher/chainReader.ts';
import { rollBackToAgreedBlock } from '../watcher/rollBackDevnet.ts';
import { consoleChainReader, rpcFailure } from './chainRpc.ts';

export const INCIDENT_RESOLUTIONS = ['apply_chain', 'keep_database'] as const;
export type IncidentResolution = (typeof INCIDENT_RESOLUTIONS)[number];

export interface ResolvedIncident {
  network: string;
  resolution: 'applied_chain' | 'kept_database';
  /** apply_chain: the newest block both agreed on (null: the chain agreed again, nothing rolled back). */
  agreedBlock: string | null;
  transfersRolledBack: number;
  settlementsVoided: number;
  paymentsRederived: number;
  statusChanges: number;
}

export async function resolveIncident(
  ctx: GatewayContext,
  p: { network: string; resolution: IncidentResolution; operator: string; ip: string; reader?: ChainReader },
): Promise<ResolvedIncident> {
  const net = ctx.networkRegistry.get(p.network);
  if (!net) throw new GatewayError('RESOURCE_NOT_FOUND', `No network ${p.network}`);
  if (!(await openIncidentId(ctx.db, p.network, false))) {
    throw new GatewayError('CONFLICT', `${p.network} has no open incident`);
  }
  if (!net.rpcUrl)
    throw new GatewayError('SERVICE_UNAVAILABLE', `${p.network} has no RPC URL: the chain cannot be read`);
  const reader = p.reader ?? consoleChainReader(net.rpcUrl);
  const read = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (err) {
      throw new GatewayError('SERVICE_UNAVAILABLE', `${p.network}: ${rpcFailure(err)}; nothing was changed`);
    }
  };
  const head = await read(() => reader.getBlock('latest'));
  if (!head) throw new GatewayError('SERVICE_UNAVAILABLE', `${p.network}: the node has no latest block`);
  return p.resolution === 'apply_chain'
    ? applyChain(ctx, p, reader, head, read)
    : keepDatabase(ctx, p, reader, head, read);
}

async function applyChain(
  ctx: GatewayContext,
  p: { network: string; operator: string; ip: string },
  reader: ChainReader,
  head: BlockHeader,
  read: <T>(f: () => Promise<T>) => Promise<T>,
): Promise<ResolvedIncident> {
  const a = await read(() => checkAgreement(ctx.db, reader, p.network, head, { lostAboveHead: false }));
  const agreedNumber = a.agree ? null : a.agreedBlock < 0n ? 0n : a.agreedBlock;
  const agreed =
    agreedNumber === null
      ? null
      : agreedNumber === head.number
        ? head
        : await read(() => reader.getBlock(agreedNumber));
  if (agreedNumber !== null && !agreed) {
    throw new GatewayError('SERVICE_UNAVAILABLE', `${p.network}: the node cannot return block ${agreedNumber}`);
  }
  return ctx.db.tx(async (tx) => {
    const id = await openIncidentId(tx, p.network, true);
    if (!id) throw new GatewayError('CONFLICT', `${p.network} has no open incident (resolved meanwhile)`);
    const r =
      a.agree || !agreed
        ? null
        : await rollBackToAgreedBlock(ctx, tx, {
            network: p.network,
            token: null,
            agreed: { number: agreed.number, hash: agreed.hash },
            recordedBlock: a.recordedBlock,
            inFlightLost: false,
          });
    const result: ResolvedIncident = {
      network: p.network,
      resolution: 'applied_chain',
      agreedBlock: r ? r.agreedBlock.toString() : null,
      transfersRolledBack: r?.transfers ?? 0,
      settlementsVoided: r?.settlements ?? 0,
      paymentsRederived: r?.payments ?? 0,
      statusChanges: r?.changed.length ?? 0,
    };
    await close(tx, id, p, 'applied_chain', { ...result, headBlock: head.number.toString() });
    return result;
  });
}

async function keepDatabase(
  ctx: GatewayContext,
  p: { network: string; operator: string; ip: string },
  reader: ChainReader,
  head: BlockHeader,
  read: <T>(f: () => Promise<T>) => Promise<T>,
): Promise<ResolvedIncident> {
  const [cursor] = await ctx.db.query<{ block_number: string | null }>(
    'select block_number::text from watcher_cursors where network = $1',
    [p.network],
  );
  const at = cursor?.block_number ? BigInt(cursor.block_number) : head.number;
  const target = at < head.number ? at : head.number;
  const block = target === head.number ? head : await read(() => reader.getBlock(target));
  if (!block) throw new GatewayError('SERVICE_UNAVAILABLE', `${p.network}: the node cannot return block ${target}`);
  return ctx.db.tx(async (tx) => {
    const id = await openIncidentId(tx, p.network, true);
    if (!id) throw new GatewayError('CONFLICT', `${p.network} has no open incident (resolved meanwhile)`);
    const [inc] = await tx.query<{ agreed_block: string }>(
      'select agreed_block::text from chain_incidents where id = $1',
      [id],
    );
    // The watcher goes on from the same height on the chain as it is; its stored hashes above the agreed block are
    // of the other fork and would only open the incident again.
    await tx.query(
      `update watcher_cursors set block_number = $2, block_hash = $3, updated_at = now() where network = $1`,
      [p.network, block.number, block.hash.toLowerCase()],
    );
    await tx.query('delete from watcher_blocks where network = $1 and block_number > $2', [
      p.network,
      inc!.agreed_block,
    ]);
    const result: ResolvedIncident = {
      network: p.network,
      resolution: 'kept_database',
      agreedBlock: null,
      transfersRolledBack: 0,
      settlementsVoided: 0,
      paymentsRederived: 0,
      statusChanges: 0,
    };
    await close(tx, id, p, 'kept_database', {
      cursorBlock: block.number.toString(),
      headBlock: head.number.toString(),
    });
    return result;
  });
}

async function openIncidentId(sql: Sql, network: string, lock: boolean): Promise<string | undefined> {
  const [row] = await sql.query<{ id: string }>(
    `select id::text from chain_incidents where network = $1 and resolved_at is null${lock ? ' for update' : ''}`,
    [network],
  );
  return row?.id;
}

async function close(
  tx: Sql,
  id: string,
  p: { network: string; operator: string; ip: string },
  resolution: 'applied_chain' | 'kept_database',
  details: object,
): Promise<void> {
  await tx.query(
    `update chain_incidents set resolved_at = now(), resolution = $2, resolved_by = $3 where id = $1::bigint`,
    [id, resolution, p.operator],
  );
  await auditOperatorAction(tx, 'gateway_operator_audit', {
    operator: p.operator,
    action: resolution === 'applied_chain' ? 'incident.apply-chain' : 'incident.keep-database',
    target: p.network,
    details: { incidentId: id, ...details },
    ip: p.ip,
  });
}
