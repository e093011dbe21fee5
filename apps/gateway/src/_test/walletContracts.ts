// Runtime code of one-line smart-contract wallets for EIP-1271 tests (install with anvil_setCode). Each answers only
// isValidSignature(bytes32,bytes) (selector 0x1626ba7e); every other call, totalSupply() included, stops with no
// data, as a wallet that holds no token state does.

/** Answers the EIP-1271 magic value 0x1626ba7e for any hash and signature: the wallet accepts. */
export const APPROVING_WALLET_CODE = '0x60003560e01c631626ba7e14601057005b631626ba7e60e01b60005260206000f3';
/** Answers 32 zero bytes: the wallet refuses every signature. */
export const REFUSING_WALLET_CODE = '0x60003560e01c631626ba7e14601057005b60206000f3';
