// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SafeTransfer
/// @notice Token and native-coin transfers that tolerate non-standard ERC-20s and never fail silently.
/// @dev Invariants:
///  - A transfer either moves exactly `amount` according to the token's own accounting, or the call reverts.
///  - Tokens that return nothing (USDT-style) are accepted; tokens that return `false` or revert are rejected.
///  - A call to an address without code is rejected, because a low-level call to it would "succeed".
library SafeTransfer {
    /// The token reverted, returned `false`, returned malformed data, or has no code.
    error TokenCallFailed(address token);
    /// The recipient of a native-coin transfer rejected it.
    error NativeTransferFailed(address to);

    bytes4 private constant BALANCE_OF = 0x70a08231; // balanceOf(address)
    bytes4 private constant TRANSFER = 0xa9059cbb; // transfer(address,uint256)

    /// Balance of `account` in `token`; reverts unless the token answers with at least one word.
    function balanceOf(address token, address account) internal view returns (uint256) {
        if (token.code.length == 0) revert TokenCallFailed(token);
        (bool ok, bytes memory ret) = token.staticcall(abi.encodeWithSelector(BALANCE_OF, account));
        if (!ok || ret.length < 32) revert TokenCallFailed(token);
        return abi.decode(ret, (uint256));
    }

    /// Transfers `amount` of `token` from this contract to `to`.
    /// Accepts empty return data (USDT-style) or an ABI-encoded `true`; anything else reverts.
    function transfer(address token, address to, uint256 amount) internal {
        if (token.code.length == 0) revert TokenCallFailed(token);
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSelector(TRANSFER, to, amount));
        if (!ok) revert TokenCallFailed(token);
        if (ret.length != 0 && (ret.length < 32 || abi.decode(ret, (uint256)) != 1)) revert TokenCallFailed(token);
    }

    /// Sends `amount` wei to `to`, forwarding all gas (the recipient is the trusted vault).
    function sendNative(address to, uint256 amount) internal {
        (bool ok, ) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed(to);
    }
}
