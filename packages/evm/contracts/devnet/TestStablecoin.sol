// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "./ERC20.sol";

/// @title TestStablecoin (devnet only)
/// @notice A 6-decimal stand-in for Circle's FiatToken (USDC, EURC) and for USDT0, with the same signed-transfer
///         surface: EIP-2612 `permit`, EIP-3009 `transferWithAuthorization` / `receiveWithAuthorization` /
///         `cancelAuthorization` (each with a (v, r, s) and a `bytes signature` form, as FiatToken v2.2), and the
///         EIP-712 domain exposed through `DOMAIN_SEPARATOR()` and EIP-5267 `eip712Domain()`.
/// @dev Invariants:
///  - The EIP-712 domain is (name, version, block.chainid, address(this)); it is recomputed per call so that it
///    stays correct on a forked chain id.
///  - An EIP-3009 nonce of an authorizer is used at most once: consumed by a transfer or by a cancellation.
///  - A permit nonce increases by exactly one per accepted permit.
///  - A signature is accepted only from the named signer: ECDSA with v in {27, 28} and s in the lower half order
///    (EIP-2, no malleable twin), or ERC-1271 `isValidSignature` when the signer is a contract.
contract TestStablecoin is ERC20 {
    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH =
        keccak256(
            "TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
        );
    bytes32 public constant RECEIVE_WITH_AUTHORIZATION_TYPEHASH =
        keccak256(
            "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
        );
    bytes32 public constant CANCEL_AUTHORIZATION_TYPEHASH =
        keccak256("CancelAuthorization(address authorizer,bytes32 nonce)");

    /// secp256k1 order / 2: larger s values are the malleable twins of smaller ones.
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e; // isValidSignature(bytes32,bytes)

    string public version;
    bytes32 private immutable _hashedName;
    bytes32 private immutable _hashedVersion;

    mapping(address => uint256) public nonces;
    mapping(address => mapping(bytes32 => bool)) private _authorizationUsed;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);
    event AuthorizationCanceled(address indexed authorizer, bytes32 indexed nonce);

    error InvalidSignature();
    error PermitExpired();
    error AuthorizationNotYetValid();
    error AuthorizationExpired();
    error AuthorizationAlreadyUsed();
    error CallerMustBePayee();

    constructor(string memory name_, string memory symbol_, string memory version_) ERC20(name_, symbol_, 6) {
        version = version_;
        _hashedName = keccak256(bytes(name_));
        _hashedVersion = keccak256(bytes(version_));
    }

    // ----- EIP-712 / EIP-5267 -----

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(EIP712_DOMAIN_TYPEHASH, _hashedName, _hashedVersion, block.chainid, address(this)));
    }

    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name_,
            string memory version_,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        // 0x0f: name, version, chainId and verifyingContract are present; salt is not.
        return (hex"0f", name, version, block.chainid, address(this), bytes32(0), new uint256[](0));
    }

    // ----- EIP-2612 -----

    function permit(
        address holder,
        address spender,
        uint256 value,
        uint256 deadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        if (block.timestamp > deadline) revert PermitExpired();
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, holder, spender, value, nonces[holder]++, deadline));
        _requireSigned(holder, structHash, abi.encodePacked(r, s, v));
        _approve(holder, spender, value);
    }

    // ----- EIP-3009 -----

    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationUsed[authorizer][nonce];
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _authorizedTransfer(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH,
            Authorization(from, to, value, validAfter, validBefore, nonce),
            abi.encodePacked(r, s, v)
        );
    }

    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        _authorizedTransfer(
            TRANSFER_WITH_AUTHORIZATION_TYPEHASH,
            Authorization(from, to, value, validAfter, validBefore, nonce),
            signature
        );
    }

    /// Like transferWithAuthorization, but only the payee may submit it (prevents front-running a deposit call).
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        if (to != msg.sender) revert CallerMustBePayee();
        _authorizedTransfer(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH,
            Authorization(from, to, value, validAfter, validBefore, nonce),
            abi.encodePacked(r, s, v)
        );
    }

    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external {
        if (to != msg.sender) revert CallerMustBePayee();
        _authorizedTransfer(
            RECEIVE_WITH_AUTHORIZATION_TYPEHASH,
            Authorization(from, to, value, validAfter, validBefore, nonce),
            signature
        );
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) external {
        _cancelAuthorization(authorizer, nonce, abi.encodePacked(r, s, v));
    }

    function cancelAuthorization(address authorizer, bytes32 nonce, bytes calldata signature) external {
        _cancelAuthorization(authorizer, nonce, signature);
    }

    // ----- internals -----

    struct Authorization {
        address from;
        address to;
        uint256 value;
        uint256 validAfter;
        uint256 validBefore;
        bytes32 nonce;
    }

    function _authorizedTransfer(bytes32 typehash, Authorization memory a, bytes memory signature) private {
        // Validity window is exclusive at both ends, as in FiatToken: validAfter < now < validBefore.
        if (block.timestamp <= a.validAfter) revert AuthorizationNotYetValid();
        if (block.timestamp >= a.validBefore) revert AuthorizationExpired();
        _useNonce(a.from, a.nonce);
        bytes32 structHash = keccak256(
            abi.encode(typehash, a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce)
        );
        _requireSigned(a.from, structHash, signature);
        emit AuthorizationUsed(a.from, a.nonce);
        _transfer(a.from, a.to, a.value);
    }

    function _cancelAuthorization(address authorizer, bytes32 nonce, bytes memory signature) private {
        _useNonce(authorizer, nonce);
        _requireSigned(authorizer, keccak256(abi.encode(CANCEL_AUTHORIZATION_TYPEHASH, authorizer, nonce)), signature);
        emit AuthorizationCanceled(authorizer, nonce);
    }

    function _useNonce(address authorizer, bytes32 nonce) private {
        if (_authorizationUsed[authorizer][nonce]) revert AuthorizationAlreadyUsed();
        _authorizationUsed[authorizer][nonce] = true;
    }

    /// Reverts unless `signature` is `signer`'s signature of the EIP-712 digest of `structHash`.
    function _requireSigned(address signer, bytes32 structHash, bytes memory signature) private view {
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        if (signer != address(0) && _recover(digest, signature) == signer) return;
        if (signer.code.length != 0 && _isValidERC1271(signer, digest, signature)) return;
        revert InvalidSignature();
    }

    /// ECDSA recovery that returns address(0) for anything but a canonical 65-byte (r, s, v) signature.
    function _recover(bytes32 digest, bytes memory signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function _isValidERC1271(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        (bool ok, bytes memory ret) = signer.staticcall(
            abi.encodeWithSelector(ERC1271_MAGIC, digest, signature)
        );
        return ok && ret.length >= 32 && abi.decode(ret, (bytes32)) == bytes32(ERC1271_MAGIC);
    }
}
