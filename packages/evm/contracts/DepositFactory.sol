// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DepositForwarder} from "./DepositForwarder.sol";

/// @title DepositFactory
/// @notice Derives, deploys and sweeps per-payment deposit addresses.
///         address = CREATE2(this, salt, keccak256(creationCode(DepositForwarder) ++ abi.encode(vault)))
///         The gateway uses salt = keccak256(utf8(paymentId)); the factory accepts any salt.
/// @dev Invariants:
///  - `addressOf(salt, vault)` is a pure function of (this factory, salt, vault); it never changes and matches
///    the address `sweep` deploys to (asserted on deployment).
///  - A forwarder sends only to the vault it was deployed with, so `sweep` and `sweepMany` are safe to leave
///    permissionless: a caller can choose when funds move, never where.
///  - The factory holds no funds and no state; it can be redeployed, but a new factory yields new addresses.
///  - `Swept` is emitted exactly when a non-zero amount moved to the vault.
contract DepositFactory {
    event ForwarderDeployed(address indexed forwarder, address indexed vault, bytes32 indexed salt);
    event Swept(address indexed forwarder, address indexed vault, address indexed token, uint256 amount);

    error ZeroVault();

    /// The deposit address for (salt, vault), whether or not its forwarder is deployed yet.
    function addressOf(bytes32 salt, address vault) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(DepositForwarder).creationCode, abi.encode(vault)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }

    /// Deploys the forwarder if needed, then moves its whole balance of `token` to `vault`.
    /// `token == address(0)` sweeps the native coin. Sweeping an empty balance succeeds and returns 0.
    function sweep(bytes32 salt, address vault, address token) external returns (uint256 amount) {
        amount = _sweep(_deployed(salt, vault), vault, token);
    }

    /// `sweep` for several tokens of one deposit address in one transaction.
    function sweepMany(
        bytes32 salt,
        address vault,
        address[] calldata tokens
    ) external returns (uint256[] memory amounts) {
        address forwarder = _deployed(salt, vault);
        amounts = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; ++i) {
            amounts[i] = _sweep(forwarder, vault, tokens[i]);
        }
    }

    /// The forwarder for (salt, vault), deployed now if it has no code yet.
    /// Code at that address can only be this factory's forwarder for that vault: CREATE2 fixes it.
    function _deployed(bytes32 salt, address vault) private returns (address forwarder) {
        if (vault == address(0)) revert ZeroVault();
        forwarder = addressOf(salt, vault);
        if (forwarder.code.length == 0) {
            address deployed = address(new DepositForwarder{salt: salt}(vault));
            assert(deployed == forwarder);
            emit ForwarderDeployed(forwarder, vault, salt);
        }
    }

    function _sweep(address forwarder, address vault, address token) private returns (uint256 amount) {
        amount = DepositForwarder(payable(forwarder)).sweep(token);
        if (amount != 0) emit Swept(forwarder, vault, token, amount);
    }
}
