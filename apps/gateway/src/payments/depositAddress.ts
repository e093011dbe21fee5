// Deposit addresses on the hot path. Same address as @tender/evm's computeDepositAddress (asserted in
// depositAddress.test.ts), in lower case as stored (no checksum: that would be a third keccak per intent), with the
// init code hash cached per (vault): hashing the forwarder's init code is most of the cost (~0.5 ms), and a merchant
// has one vault per network. The cache holds only pure derivations.
import { forwarderInitCode, keccak256Hex } from '@tender/evm';
import { getAddress, keccak256, type Address, type Hex } from 'viem';

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
  // CREATE2: keccak256(0xff ++ factory ++ salt ++ initCodeHash)[12:].
  const digest = keccak256Hex(`0xff${factory.slice(2).toLowerCase()}${salt.slice(2)}${hash.slice(2)}`);
  return `0x${digest.slice(26)}`;
}
