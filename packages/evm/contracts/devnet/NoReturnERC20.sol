// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title NoReturnERC20 (devnet and tests only)
/// @notice Mimics Tether's original USDT on Ethereum: `transfer`, `transferFrom` and `approve` return nothing.
///         Exists to prove that sweeps handle such tokens.
/// @dev Invariant: totalSupply == sum of balances; only `owner` mints.
contract NoReturnERC20 {
    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    address public immutable owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 current = allowance[from][msg.sender];
        require(current >= value, "allowance");
        allowance[from][msg.sender] = current - value;
        _transfer(from, to, value);
    }

    function approve(address spender, uint256 value) external {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "owner");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "zero");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
