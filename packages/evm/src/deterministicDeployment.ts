// The DepositFactory has one address on every chain: it is deployed through the deterministic CREATE2 deployer
// (Arachnid's proxy at 0x4e59…956c, present on nearly every EVM chain and in anvil's genesis) with a fixed salt. The
// factory has no constructor arguments, no owner and no immutables, so its address depends only on this build's
// bytecode: `tender contracts deploy` on a new chain lands at the address every other chain already uses.
//
// Invariants:
//  - A deployment is never repeated: when the address already holds the expected runtime code, nothing is sent.
//  - An address that holds other code is reported, never "verified" (a different build, or not our contract).
import {
  concat,
  getContractAddress,
  keccak256,
  stringToBytes,
  type Address,
  type Client,
  type Hash,
  type Hex,
} from 'viem';
import { getCode } from 'viem/actions';
import { depositFactoryBytecode } from './artifacts.ts';
import { assertFactoryMatches, FactoryMismatchError } from './assertFactoryMatches.ts';

/** Arachnid's deterministic-deployment-proxy: calldata = salt (32 bytes) ++ init code; it CREATE2s the init code. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

/** The salt of every Tender DepositFactory deployment. */
export const DEPOSIT_FACTORY_SALT: Hash = keccak256(stringToBytes('tender.DepositFactory.v1'));

/** Where this build's DepositFactory lives on every chain (CREATE2 from the deterministic deployer). */
export function deterministicFactoryAddress(): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: DEPOSIT_FACTORY_SALT,
    bytecode: depositFactoryBytecode,
  });
}

/** Calldata for the deterministic deployer that deploys this build's DepositFactory. */
export function factoryDeploymentCalldata(): Hex {
  return concat([DEPOSIT_FACTORY_SALT, depositFactoryBytecode]);
}

/**
 * The runtime code the factory's creation code returns. solc's creation code for a contract without constructor
 * arguments or immutables ends `… CODECOPY … RETURN INVALID` followed by the runtime code verbatim, which begins
 * with the free-memory-pointer prologue `6080604052`; the first `f3fe6080604052` marks the boundary.
 */
export function factoryRuntimeCode(): Hex {
  const code = depositFactoryBytecode.slice(2).toLowerCase();
  const at = code.indexOf('f3fe6080604052');
  if (at < 0) throw new Error('the DepositFactory creation code has no runtime boundary (RETURN INVALID)');
  return `0x${code.slice(at + 4)}`;
}

export type FactoryCodeState = { state: 'ok' } | { state: 'missing' } | { state: 'different'; problem: string };

/**
 * What is at `address`: this build's DepositFactory (its runtime code, and it derives the deposit addresses this
 * build computes), nothing, or something else.
 */
export async function inspectFactory(client: Client, address: Address): Promise<FactoryCodeState> {
  const code = await getCode(client, { address });
  if (!code || code === '0x') return { state: 'missing' };
  if (code.toLowerCase() !== factoryRuntimeCode()) {
    return {
      state: 'different',
      problem: `the code at ${address} is not this build's DepositFactory (${(code.length - 2) / 2} bytes, expected ${(factoryRuntimeCode().length - 2) / 2})`,
    };
  }
  try {
    await assertFactoryMatches(client, address);
  } catch (err) {
    if (err instanceof FactoryMismatchError) return { state: 'different', problem: err.message };
    throw err;
  }
  return { state: 'ok' };
}

/** True when the deterministic deployer has code on the client's chain. */
export async function hasDeterministicDeployer(client: Client): Promise<boolean> {
  const code = await getCode(client, { address: DETERMINISTIC_DEPLOYER });
  return !!code && code !== '0x';
}
