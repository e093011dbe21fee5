// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ERC20 (devnet only)
/// @notice Minimal ERC-20 with an owner-only mint, shared by the devnet test tokens. Never deployed to a live network.
/// @dev Invariants:
///  - totalSupply == sum of all balances (mint is the only source, there is no burn).
///  - `owner` (the deployer) is the only account that can mint.
///  - An allowance of type(uint256).max is treated as infinite and never decreases.
abstract contract ERC20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    address public immutable owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error Unauthorized();
    error ZeroAddress();
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        _spendAllowance(from, msg.sender, value);
        _transfer(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function mint(address to, uint256 value) external {
        if (msg.sender != owner) revert Unauthorized();
        if (to == address(0)) revert ZeroAddress();
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) internal {
        if (to == address(0)) revert ZeroAddress();
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _approve(address holder, address spender, uint256 value) internal {
        if (spender == address(0)) revert ZeroAddress();
        allowance[holder][spender] = value;
        emit Approval(holder, spender, value);
    }

    function _spendAllowance(address holder, address spender, uint256 value) internal {
        uint256 current = allowance[holder][spender];
        if (current == type(uint256).max) return;
        if (current < value) revert InsufficientAllowance(spender, current, value);
        unchecked {
            allowance[holder][spender] = current - value;
        }
    }
}
