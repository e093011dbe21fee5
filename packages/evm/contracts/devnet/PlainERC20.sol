// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "./ERC20.sol";

/// @title PlainERC20 (devnet only)
/// @notice A standard ERC-20 without EIP-2612 or EIP-3009: the "wrong token" for INVALID_ASSET cases.
contract PlainERC20 is ERC20 {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_, decimals_) {}
}
