import {
  decodeEventLog,
  getAddress,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
  zeroAddress,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { useDevnet } from './_test/devnet.ts';
import { depositFactoryAbi, depositForwarderAbi, noReturnErc20Abi, noReturnErc20Bytecode } from './artifacts.ts';
import { assertFactoryMatches, FactoryMismatchError } from './assertFactoryMatches.ts';
import { depositFactoryAbiWithErrors } from './depositFactoryAbiWithErrors.ts';
import { computeDepositAddress, depositSalt } from './depositAddress.ts';
import { mintTo, tokenBalance, transferToken } from './devnetActions.ts';
import type { DevnetClient } from './devnetClient.ts';

const env = useDevnet();

/** A fresh address nobody controls, so its balances start at zero. */
function freshVault(): Address {
  return privateKeyToAddress(generatePrivateKey());
}

function factoryEvents(receipt: TransactionReceipt, factory: Address) {
  return receipt.logs
    .filter((log) => log.address.toLowerCase() === factory.toLowerCase())
    .map((log) => decodeEventLog({ abi: depositFactoryAbi, data: log.data, topics: log.topics }));
}

/** Sweeps as an unrelated account (anyone may sweep) and returns the receipt and the swept amount. */
async function sweep(client: DevnetClient, salt: Hex, vault: Address, token: Address) {
  const factory = env().devnet.manifest.contracts.depositFactory;
  const { result, request } = await client.simulateContract({
    address: factory,
    abi: depositFactoryAbi,
    functionName: 'sweep',
    args: [salt, vault, token],
  });
  const hash = await client.writeContract(request);
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return { amount: result, receipt, events: factoryEvents(receipt, factory) };
}

describe('depositSalt', () => {
  test('is keccak256 of the UTF-8 bytes of the payment id, exactly as given', () => {
    expect(depositSalt('pay_123')).toBe(keccak256(stringToHex('pay_123')));
    expect(depositSalt('pay_123')).toBe('0x972439ac376b6580b27578d7fd9ce857d435058538b1b09cd5dddc11637b6a37');
    expect(depositSalt('pé')).toBe(keccak256('0x70c3a9'));
    expect(depositSalt('Pay_123')).not.toBe(depositSalt('pay_123'));
    expect(() => depositSalt('')).toThrow(TypeError);
  });
});

describe('computeDepositAddress', () => {
  const factory = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const vault = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  test('is deterministic, checksummed and depends on factory, vault and salt', () => {
    const salt = depositSalt('pay_1');
    const address = computeDepositAddress({ factory, vault, salt });
    expect(address).toBe(getAddress(address));
    expect(computeDepositAddress({ factory: factory.toLowerCase() as Address, vault, salt })).toBe(address);
    expect(computeDepositAddress({ factory, vault, salt: depositSalt('pay_2') })).not.toBe(address);
    expect(computeDepositAddress({ factory, vault: freshVault(), salt })).not.toBe(address);
    expect(computeDepositAddress({ factory: freshVault(), vault, salt })).not.toBe(address);
  });

  test('rejects malformed input', () => {
    const salt = depositSalt('pay_1');
    expect(() => computeDepositAddress({ factory, vault: zeroAddress, salt })).toThrow(/zero address/);
    expect(() => computeDepositAddress({ factory, vault: '0x1234' as Address, salt })).toThrow(/vault/);
    expect(() => computeDepositAddress({ factory: '0xnope' as Address, vault, salt })).toThrow(/factory/);
    expect(() => computeDepositAddress({ factory, vault, salt: '0x1234' })).toThrow(/salt/);
  });
});

describe('DepositFactory on the devnet', () => {
  test('addressOf equals the off-chain address for many payments and vaults', async () => {
    const { client, devnet } = env();
    const factory = devnet.manifest.contracts.depositFactory;
    for (let i = 0; i < 8; i++) {
      const salt = depositSalt(`pay_${i}_${'x'.repeat(i * 7)}`);
      const vault = freshVault();
      const onChain = await client.readContract({
        address: factory,
        abi: depositFactoryAbi,
        functionName: 'addressOf',
        args: [salt, vault],
      });
      expect(onChain).toBe(computeDepositAddress({ factory, vault, salt }));
    }
    await expect(assertFactoryMatches(client, factory)).resolves.toBeUndefined();
  });

  test('assertFactoryMatches rejects an address that is not the factory', async () => {
    const { client, devnet } = env();
    await expect(assertFactoryMatches(client, freshVault())).rejects.toThrow(FactoryMismatchError);
    await expect(assertFactoryMatches(client, devnet.manifest.tokens.USDC)).rejects.toThrow(FactoryMismatchError);
  });

  test('a sweep deploys the forwarder at the computed address and moves the whole balance to the vault', async () => {
    const { devnet, accounts, clientFor } = env();
    const { depositFactory: factory } = devnet.manifest.contracts;
    const usdc = devnet.manifest.tokens.USDC;
    const payer = clientFor(accounts[1]!);
    const keeper = clientFor(accounts[5]!); // neither payer, merchant nor deployer: sweeping is permissionless
    const vault = freshVault();
    const salt = depositSalt('pay_sweep_1');
    const deposit = computeDepositAddress({ factory, vault, salt });

    await transferToken(payer, usdc, deposit, parseUnits('12.5', 6));
    expect(await payer.getCode({ address: deposit })).toBeUndefined(); // nothing deployed before the sweep

    const first = await sweep(keeper, salt, vault, usdc);
    expect(first.amount).toBe(12_500_000n);
    expect(first.events).toEqual([
      { eventName: 'ForwarderDeployed', args: { forwarder: deposit, vault: getAddress(vault), salt } },
      { eventName: 'Swept', args: { forwarder: deposit, vault: getAddress(vault), token: usdc, amount: 12_500_000n } },
    ]);
    expect(await keeper.getCode({ address: deposit })).toMatch(/^0x[0-9a-f]{10,}$/);
    expect(await tokenBalance(keeper, usdc, vault)).toBe(12_500_000n);
    expect(await tokenBalance(keeper, usdc, deposit)).toBe(0n);
    const forwarder = { address: deposit, abi: depositForwarderAbi } as const;
    expect(await keeper.readContract({ ...forwarder, functionName: 'vault' })).toBe(getAddress(vault));
    expect(await keeper.readContract({ ...forwarder, functionName: 'factory' })).toBe(factory);

    // A late payment to the same address is swept the same way, without redeploying.
    await transferToken(payer, usdc, deposit, 3_000_001n);
    const second = await sweep(keeper, salt, vault, usdc);
    expect(second.amount).toBe(3_000_001n);
    expect(second.events.map((e) => e.eventName)).toEqual(['Swept']);
    expect(await tokenBalance(keeper, usdc, vault)).toBe(15_500_001n);

    // Sweeping an empty balance succeeds, moves nothing and announces nothing.
    const third = await sweep(keeper, salt, vault, usdc);
    expect(third.amount).toBe(0n);
    expect(third.events).toEqual([]);
  });

  test('a zero balance can be swept before anything arrived (deploys, moves nothing)', async () => {
    const { devnet, client } = env();
    const vault = freshVault();
    const salt = depositSalt('pay_empty');
    const result = await sweep(client, salt, vault, devnet.manifest.tokens.USDC);
    expect(result.amount).toBe(0n);
    expect(result.events.map((e) => e.eventName)).toEqual(['ForwarderDeployed']);
  });

  test('foreign tokens, a token that returns no bool and the native coin are all recoverable to the vault', async () => {
    const { devnet, client, accounts, clientFor } = env();
    const { depositFactory: factory } = devnet.manifest.contracts;
    const payer = clientFor(accounts[2]!);
    const vault = freshVault();
    const salt = depositSalt('pay_foreign');
    const deposit = computeDepositAddress({ factory, vault, salt });

    // USDT-style token: transfer() returns nothing.
    const deployHash = await client.deployContract({
      abi: noReturnErc20Abi,
      bytecode: noReturnErc20Bytecode,
      args: ['Tether USD', 'USDT'],
    });
    const noBool = (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
    await mintTo(client, noBool, payer.account.address, 50_000_000n);
    const noBoolTransfer = await payer.writeContract({
      address: noBool,
      abi: noReturnErc20Abi,
      functionName: 'transfer',
      args: [deposit, 7_000_000n],
    });
    await payer.waitForTransactionReceipt({ hash: noBoolTransfer });

    await transferToken(payer, devnet.manifest.tokens.plainERC20, deposit, 1_000_000n);
    await transferToken(payer, devnet.manifest.tokens.bridgedUSDC, deposit, 2_000_000n);
    await payer.waitForTransactionReceipt({
      hash: await payer.sendTransaction({ to: deposit, value: parseEther('0.25') }),
    });

    const tokens = [noBool, devnet.manifest.tokens.plainERC20, devnet.manifest.tokens.bridgedUSDC, zeroAddress];
    const { result, request } = await client.simulateContract({
      address: factory,
      abi: depositFactoryAbi,
      functionName: 'sweepMany',
      args: [salt, vault, tokens],
    });
    expect(result).toEqual([7_000_000n, 1_000_000n, 2_000_000n, parseEther('0.25')]);
    const receipt = await client.waitForTransactionReceipt({ hash: await client.writeContract(request) });
    expect(factoryEvents(receipt, factory).map((e) => e.eventName)).toEqual([
      'ForwarderDeployed',
      'Swept',
      'Swept',
      'Swept',
      'Swept',
    ]);
    expect(await tokenBalance(client, noBool, vault)).toBe(7_000_000n);
    expect(await tokenBalance(client, devnet.manifest.tokens.plainERC20, vault)).toBe(1_000_000n);
    expect(await tokenBalance(client, devnet.manifest.tokens.bridgedUSDC, vault)).toBe(2_000_000n);
    expect(await client.getBalance({ address: vault })).toBe(parseEther('0.25'));
    expect(await client.getBalance({ address: deposit })).toBe(0n);

    // Native coin sent after deployment is accepted and swept too.
    // Mined before the sweep is simulated: the sweep's client reads the chain, not the payer's pending transaction.
    await payer.waitForTransactionReceipt({ hash: await payer.sendTransaction({ to: deposit, value: 1234n }) });
    expect((await sweep(client, salt, vault, zeroAddress)).amount).toBe(1234n);
  });

  test('only the factory can make a forwarder sweep, and only to its vault', async () => {
    const { devnet, client } = env();
    const vault = freshVault();
    const salt = depositSalt('pay_guarded');
    await sweep(client, salt, vault, devnet.manifest.tokens.USDC); // deploys it
    const deposit = computeDepositAddress({ factory: devnet.manifest.contracts.depositFactory, vault, salt });
    await expect(
      client.simulateContract({
        address: deposit,
        abi: depositForwarderAbi,
        functionName: 'sweep',
        args: [devnet.manifest.tokens.USDC],
      }),
    ).rejects.toThrow(/OnlyFactory/);
  });

  test('rejects a zero vault and a token address without code', async () => {
    const { devnet, client } = env();
    const factory = devnet.manifest.contracts.depositFactory;
    await expect(
      client.simulateContract({
        address: factory,
        abi: depositFactoryAbiWithErrors,
        functionName: 'sweep',
        args: [depositSalt('pay_zero'), zeroAddress, devnet.manifest.tokens.USDC],
      }),
    ).rejects.toThrow(/ZeroVault/);
    await expect(
      client.simulateContract({
        address: factory,
        abi: depositFactoryAbiWithErrors,
        functionName: 'sweep',
        args: [depositSalt('pay_eoa'), freshVault(), freshVault()],
      }),
    ).rejects.toThrow(/TokenCallFailed/);
  });
});
