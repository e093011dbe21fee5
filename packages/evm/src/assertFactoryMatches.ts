// Guards the one assumption computeDepositAddress makes: that the factory on chain deploys the DepositForwarder
// bytecode in ./artifacts. If it did not, off-chain deposit addresses would differ from the ones the factory sweeps.
import { zeroHash, type Address, type Client } from 'viem';
import { getCode, readContract } from 'viem/actions';
import { depositFactoryAbi } from './artifacts.ts';
import { computeDepositAddress } from './depositAddress.ts';

export class FactoryMismatchError extends Error {
  override readonly name = 'FactoryMismatchError';
  readonly code = 'FACTORY_MISMATCH';
}

/** A fixed probe; any (salt, vault) would do, since the derivation is the same for all. */
const PROBE = { salt: zeroHash, vault: '0x000000000000000000000000000000000000dEaD' } as const;

/** Throws FactoryMismatchError unless `factory` has code and derives the same addresses as computeDepositAddress. */
export async function assertFactoryMatches(client: Client, factory: Address): Promise<void> {
  const code = await getCode(client, { address: factory });
  if (!code || code === '0x') throw new FactoryMismatchError(`no contract at the deposit factory address ${factory}`);
  let onChain: Address;
  try {
    onChain = await readContract(client, {
      address: factory,
      abi: depositFactoryAbi,
      functionName: 'addressOf',
      args: [PROBE.salt, PROBE.vault],
    });
  } catch (error) {
    throw new FactoryMismatchError(`${factory} does not answer addressOf(bytes32,address): not a DepositFactory`, {
      cause: error,
    });
  }
  const offChain = computeDepositAddress({ factory, ...PROBE });
  if (onChain.toLowerCase() !== offChain.toLowerCase()) {
    throw new FactoryMismatchError(
      `deposit factory ${factory} derives ${onChain} where this build derives ${offChain}: ` +
        'its DepositForwarder bytecode differs from packages/evm/artifacts',
    );
  }
}
