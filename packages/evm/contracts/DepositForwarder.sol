// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeTransfer} from "./SafeTransfer.sol";

/// @title DepositForwarder
/// @notice The contract behind one payment's deposit address. DepositFactory deploys it with CREATE2 at an
///         address that commits to `vault`, so the address can be handed out before anything is deployed.
/// @dev Invariants:
///  - `vault` and `factory` are immutable and fixed at deployment: no asset held here can go anywhere but `vault`.
///  - Only `factory` may call `sweep`, so every sweep is announced by the factory's `Swept` event (one address
///    for an indexer to watch). The factory's own sweep is permissionless; that is safe because of the first rule.
///  - The forwarder keeps no state; `sweep` moves the whole current balance, so it is idempotent and may be
///    repeated for late payments.
///  - No selfdestruct and no delegatecall: the code at this address can never change.
contract DepositForwarder {
    address public immutable vault;
    address public immutable factory;

    error OnlyFactory();

    constructor(address vault_) {
        vault = vault_;
        factory = msg.sender;
    }

    /// Native coin is accepted after deployment exactly as before it, and is swept with `token == address(0)`.
    receive() external payable {}

    /// Moves this contract's whole balance of `token` (or of the native coin for `address(0)`) to `vault`.
    /// @return amount the amount moved; zero when there was nothing to move.
    function sweep(address token) external returns (uint256 amount) {
        if (msg.sender != factory) revert OnlyFactory();
        if (token == address(0)) {
            amount = address(this).balance;
            if (amount != 0) SafeTransfer.sendNative(vault, amount);
        } else {
            amount = SafeTransfer.balanceOf(token, address(this));
            if (amount != 0) SafeTransfer.transfer(token, vault, amount);
        }
    }
}
