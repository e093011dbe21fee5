// A chain is identified by (chain id, hash of block 0). The database records the identity of the chain its facts
// came from; a chain that no longer matches (devnet reset, wrong RPC URL) is reported, never silently mixed in.
import type { Client, Hex } from 'viem';
import { getBlock, getChainId } from 'viem/actions';

export interface ChainIdentity {
  chainId: number;
  genesisHash: Hex;
}

export class ChainMismatchError extends Error {
  override readonly name = 'ChainMismatchError';
  readonly code = 'CHAIN_MISMATCH';

  constructor(
    readonly expected: ChainIdentity,
    readonly actual: ChainIdentity,
    context?: string,
  ) {
    const what =
      expected.chainId !== actual.chainId
        ? `chain id ${actual.chainId}, expected ${expected.chainId}`
        : `genesis block ${actual.genesisHash}, expected ${expected.genesisHash}`;
    super(
      `${context ? `${context}: ` : ''}the chain at this RPC URL is not the one on record (${what}). ` +
        'Its history differs from what was recorded; refusing to mix facts from two chains.',
    );
  }
}

/** Reads the chain id and the hash of block 0. */
export async function readChainIdentity(client: Client): Promise<ChainIdentity> {
  const [chainId, genesis] = await Promise.all([getChainId(client), getBlock(client, { blockNumber: 0n })]);
  if (!genesis.hash) throw new Error('the RPC returned block 0 without a hash');
  return { chainId, genesisHash: genesis.hash };
}

/** Throws ChainMismatchError unless the client's chain has `expected`'s chain id and block 0 hash. */
export async function assertChainMatches(
  expected: ChainIdentity,
  client: Client,
  context?: string,
): Promise<ChainIdentity> {
  const actual = await readChainIdentity(client);
  if (!sameChain(expected, actual)) throw new ChainMismatchError(expected, actual, context);
  return actual;
}

export function sameChain(a: ChainIdentity, b: ChainIdentity): boolean {
  return a.chainId === b.chainId && a.genesisHash.toLowerCase() === b.genesisHash.toLowerCase();
}
