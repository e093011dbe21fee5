// keccak256 for per-request paths (deposit salts, CREATE2 addresses, EIP-55 checksums). js-sha3 hashes these short
// inputs about 5× faster than viem's keccak256 (3.8 µs against 20 µs for a payment id on the benchmark machine);
// results are the same function's, asserted against viem in fastKeccak.test.ts.
import jsSha3 from 'js-sha3';
import type { Address, Hex } from 'viem';

/** keccak256 of a string's UTF-8 bytes (lone surrogates become U+FFFD, as with TextEncoder). */
export function keccak256Utf8(text: string): Hex {
  return `0x${jsSha3.keccak256(Buffer.from(text, 'utf8'))}`;
}

/** keccak256 of the bytes a 0x-prefixed hex string spells. */
export function keccak256Hex(data: Hex): Hex {
  return `0x${jsSha3.keccak256(Buffer.from(data.slice(2), 'hex'))}`;
}

/** EIP-55 checksum of a 20-byte address given in any case (not validated: callers hold addresses they derived). */
export function checksumAddress(address: Hex): Address {
  const lower = address.slice(2).toLowerCase();
  const hash = jsSha3.keccak256(lower);
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out as Address;
}
