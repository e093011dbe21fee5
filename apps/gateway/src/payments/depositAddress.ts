// Deposit addresses on the hot path. Same result as @tender/evm's computeDepositAddress (asserted in
// depositAddress.test.ts), with the init code hash cached per (vault): hashing the forwarder's init code is most of
// the cost (~0.5 ms), and a merchant has one vault per network. The cache holds only pure derivations.
import { forwarderInitCode } from '@tender/evm';
import { getAddress, getContractAddress, keccak256, type Address, type Hex } from 'viem';

const MAX_CACHED = 10_000;
const initCodeHashes = new Map<string, Hex>();

export function depositAddressFor(factory: Address, vault: Address, salt: Hex): Address {
  const key = vault.toLowerCase();
  let hash = initCodeHashes.get(key);
  if (!hash) {
    hash = keccak256(forwarderInitCode(getAddress(vault)));
    if (initCodeHashes.size >= MAX_CACHED) initCodeHashes.clear();
    initCodeHashes.set(key, hash);
  }
  return getContractAddress({ opcode: 'CREATE2', from: getAddress(factory), salt, bytecodeHash: hash });
}
