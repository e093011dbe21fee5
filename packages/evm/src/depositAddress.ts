// Off-chain derivation of deposit addresses; must agree with DepositFactory.addressOf (tested on anvil).
import {
  concatHex,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  isAddress,
  isHex,
  keccak256,
  size,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { depositForwarderBytecode } from './artifacts.ts';
import { keccak256Utf8 } from './fastKeccak.ts';

/**
 * The CREATE2 salt of a payment's deposit address: keccak256 of the payment id's UTF-8 bytes, exactly as given
 * (no trimming, no case folding, no Unicode normalization). Example: depositSalt('pay_123') = keccak256(0x7061795f313233).
 * One payment id yields one address per (factory, vault), on every network where the factory lives at that address.
 */
export function depositSalt(paymentId: string): Hex {
  if (paymentId.length === 0) throw new TypeError('paymentId must not be empty');
  return keccak256Utf8(paymentId);
}

/** DepositForwarder's init code for `vault`: creation code followed by abi.encode(vault). */
export function forwarderInitCode(vault: Address): Hex {
  return concatHex([depositForwarderBytecode, encodeAbiParameters([{ type: 'address' }], [vault])]);
}

export interface DepositAddressParams {
  /** The DepositFactory that will deploy the forwarder. */
  factory: Address;
  /** The merchant vault the forwarder will be bound to. */
  vault: Address;
  /** 32-byte salt, normally `depositSalt(paymentId)`. */
  salt: Hex;
}

/**
 * The deposit address, computed without any chain call:
 * CREATE2(factory, salt, keccak256(forwarderInitCode(vault))), EIP-55 checksummed.
 * Valid only for a factory compiled from the same DepositForwarder bytecode as ./artifacts (see assertFactoryMatches).
 */
export function computeDepositAddress({ factory, vault, salt }: DepositAddressParams): Address {
  if (!isAddress(factory, { strict: false })) throw new TypeError(`invalid factory address: ${factory}`);
  if (!isAddress(vault, { strict: false })) throw new TypeError(`invalid vault address: ${vault}`);
  if (getAddress(vault) === zeroAddress) throw new TypeError('vault must not be the zero address');
  if (!isHex(salt, { strict: true }) || size(salt) !== 32) throw new TypeError(`salt must be 32 bytes of hex: ${salt}`);
  return getContractAddress({
    opcode: 'CREATE2',
    from: getAddress(factory),
    salt,
    bytecodeHash: keccak256(forwarderInitCode(getAddress(vault))),
  });
}
