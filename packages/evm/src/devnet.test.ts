import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { erc20Abi, parseUnits, zeroHash, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { eventually, processAlive, useDevnet, useTempDir } from './_test/devnet.ts';
import { testStablecoinAbi } from './artifacts.ts';
import { AnvilStartError } from './anvilProcess.ts';
import { assertChainMatches, ChainMismatchError, readChainIdentity, type ChainIdentity } from './chainIdentity.ts';
import { startDevnet, DevnetStateError } from './devnet.ts';
import { DEVNET_MNEMONIC, devnetAccounts } from './devnetAccounts.ts';
import { mine, mintTo, reorg, tokenBalance, transferToken } from './devnetActions.ts';
import { createDevnetClient } from './devnetClient.ts';
import { DEVNET_TOKEN_KEYS, readDevnetManifest, writeDevnetManifest } from './devnetManifest.ts';
import { DEVNET_MINT_AMOUNT, DEVNET_TOKENS } from './devnetTokens.ts';

function freshAddress(): Address {
  return privateKeyToAddress(generatePrivateKey());
}

describe('a fresh devnet', () => {
  const env = useDevnet();

  test('the manifest describes the chain, its contracts and the funded accounts', async () => {
    const { devnet, client } = env();
    const { manifest } = devnet;
    expect(devnet.restored).toBe(false);
    expect(manifest.rpcUrl).toBe(devnet.rpcUrl);
    expect(manifest.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(manifest.chainId).toBe(31337);
    expect(await client.getChainId()).toBe(31337);
    expect((await client.getBlock({ blockNumber: 0n })).hash).toBe(manifest.genesisHash);
    expect(manifest.accounts).toEqual(devnetAccounts().map((a) => a.address));
    expect(manifest.accounts[0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'); // anvil's account 0
    expect(manifest.deployer).toBe(manifest.accounts[0]);
    const addresses = [manifest.contracts.depositFactory, ...DEVNET_TOKEN_KEYS.map((k) => manifest.tokens[k])];
    expect(new Set(addresses).size).toBe(6);
    for (const address of addresses) expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]+$/);

    const balances = await Promise.all(
      DEVNET_TOKEN_KEYS.flatMap((key) => manifest.accounts.map((a) => tokenBalance(client, manifest.tokens[key], a))),
    );
    expect(balances).toEqual(Array(50).fill(DEVNET_MINT_AMOUNT));
    expect(DEVNET_MINT_AMOUNT).toBe(1_000_000_000_000n); // 1,000,000 with 6 decimals
  });

  test('the tokens carry the real names, symbols, EIP-712 versions and 6 decimals', async () => {
    const { devnet, client } = env();
    for (const key of DEVNET_TOKEN_KEYS) {
      const address = devnet.manifest.tokens[key];
      const spec = DEVNET_TOKENS[key];
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'name' })).toBe(spec.name);
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'symbol' })).toBe(spec.symbol);
      expect(await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
      if (spec.version) {
        expect(await client.readContract({ address, abi: testStablecoinAbi, functionName: 'version' })).toBe(
          spec.version,
        );
      }
    }
  });

  test('mintTo is reserved to the deployer', async () => {
    const { devnet, client, accounts, clientFor } = env();
    const to = freshAddress();
    await mintTo(client, devnet.manifest.tokens.EURC, to, 5n);
    expect(await tokenBalance(client, devnet.manifest.tokens.EURC, to)).toBe(5n);
    await expect(mintTo(clientFor(accounts[3]!), devnet.manifest.tokens.EURC, to, 5n)).rejects.toThrow(/Unauthorized/);
  });

  test('assertChainMatches accepts this chain and rejects another genesis or chain id', async () => {
    const { devnet, client } = env();
    const identity = await readChainIdentity(client);
    expect(identity).toEqual({ chainId: 31337, genesisHash: devnet.manifest.genesisHash });
    await expect(assertChainMatches(identity, client)).resolves.toEqual(identity);
    await expect(
      assertChainMatches(
        { chainId: 31337, genesisHash: identity.genesisHash.toUpperCase().replace('0X', '0x') as `0x${string}` },
        client,
      ),
    ).resolves.toEqual(identity);

    const otherGenesis: ChainIdentity = { chainId: 31337, genesisHash: zeroHash };
    const error = await assertChainMatches(otherGenesis, client, 'payments database').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainMismatchError);
    expect(error).toMatchObject({ code: 'CHAIN_MISMATCH', expected: otherGenesis, actual: identity });
    expect((error as Error).message).toMatch(/^payments database: .*genesis block/);

    await expect(assertChainMatches({ ...identity, chainId: 8453 }, client)).rejects.toThrow(
      /chain id 31337, expected 8453/,
    );
  });

  test('reorg replaces the last blocks, and their transactions vanish', async () => {
    const { devnet, accounts, clientFor } = env();
    const payer = clientFor(accounts[4]!);
    const to = freshAddress();
    const receipt = await transferToken(payer, devnet.manifest.tokens.USDC, to, 42n);
    await mine(payer, 2);
    const before = await payer.getBlock({ blockNumber: receipt.blockNumber });
    const head = await payer.getBlockNumber();

    await reorg(payer, 3);

    expect(await payer.getBlockNumber()).toBe(head);
    expect((await payer.getBlock({ blockNumber: receipt.blockNumber })).hash).not.toBe(before.hash);
    await expect(payer.getTransactionReceipt({ hash: receipt.transactionHash })).rejects.toThrow();
    expect(await tokenBalance(payer, devnet.manifest.tokens.USDC, to)).toBe(0n);
  });

  test('reorg can re-include a transaction in another block', async () => {
    const { devnet, accounts, clientFor } = env();
    const payer = clientFor(accounts[6]!);
    const to = freshAddress();
    const receipt = await transferToken(payer, devnet.manifest.tokens.USDC, to, 77n);
    const tx = await payer.getTransaction({ hash: receipt.transactionHash });
    await mine(payer, 1);
    const rawTransaction = await payer.signTransaction({
      to: tx.to!,
      data: tx.input,
      gas: tx.gas,
      nonce: tx.nonce,
      maxFeePerGas: tx.maxFeePerGas!,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas!,
      chain: payer.chain,
    });

    await reorg(payer, 2, [{ rawTransaction, block: 1 }]);

    const moved = await payer.getTransactionReceipt({ hash: receipt.transactionHash });
    expect(moved.blockNumber).toBe(receipt.blockNumber + 1n);
    expect(moved.blockHash).not.toBe(receipt.blockHash);
    expect(await tokenBalance(payer, devnet.manifest.tokens.USDC, to)).toBe(77n);
  });
});

describe('interval mining', () => {
  test('blockTime 1 (the default) mines about one block per second', async () => {
    const devnet = await startDevnet();
    try {
      const client = createDevnetClient(devnet.rpcUrl);
      const start = await client.getBlockNumber();
      await new Promise((r) => setTimeout(r, 2_500));
      const mined = (await client.getBlockNumber()) - start;
      expect(mined).toBeGreaterThanOrEqual(2n);
      expect(mined).toBeLessThanOrEqual(3n);
    } finally {
      await devnet.stop();
    }
  });
});

describe('persistence', () => {
  const dir = useTempDir();

  test('a restart restores the chain, its history and its contracts without redeploying', async () => {
    const stateFile = join(dir(), 'chain', 'state.json');
    const first = await startDevnet({ blockTime: 0, stateFile });
    const to = freshAddress();
    let recorded: { block: bigint; hash: `0x${string}` };
    try {
      expect(first.restored).toBe(false);
      expect(first.manifestFile).toBe(join(dir(), 'chain', 'manifest.json'));
      expect(readDevnetManifest(first.manifestFile!)).toEqual(first.manifest);
      const payer = createDevnetClient(first.rpcUrl, { account: devnetAccounts()[1]! });
      const receipt = await transferToken(payer, first.manifest.tokens.USDC, to, parseUnits('1', 6));
      recorded = { block: receipt.blockNumber, hash: receipt.blockHash };
    } finally {
      await first.stop();
    }
    expect(existsSync(stateFile)).toBe(true);

    const second = await startDevnet({ blockTime: 0, stateFile });
    try {
      expect(second.restored).toBe(true);
      expect({ ...second.manifest, rpcUrl: first.manifest.rpcUrl }).toEqual(first.manifest);
      expect(second.manifest.rpcUrl).toBe(second.rpcUrl);
      expect(readDevnetManifest(second.manifestFile!).rpcUrl).toBe(second.rpcUrl);
      const client = createDevnetClient(second.rpcUrl);
      await expect(assertChainMatches(first.manifest, client)).resolves.toBeDefined();
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(recorded.block);
      expect((await client.getBlock({ blockNumber: recorded.block })).hash).toBe(recorded.hash);
      expect(await tokenBalance(client, second.manifest.tokens.USDC, to)).toBe(1_000_000n);

      // The chain keeps working, and its clock has caught up with the wall clock.
      const receipt = await transferToken(client, second.manifest.tokens.USDC, to, 1n);
      const block = await client.getBlock({ blockNumber: receipt.blockNumber });
      expect(Number(block.timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    } finally {
      await second.stop();
    }
  });

  test('without its state file the devnet starts a new chain, which the old identity rejects', async () => {
    const stateFile = join(dir(), 'reset', 'state.json');
    const first = await startDevnet({ blockTime: 0, stateFile });
    await first.stop();
    rmSync(stateFile);
    // Block 0's hash depends on its timestamp (seconds): make sure the new chain starts in a later second.
    while (Math.floor(Date.now() / 1000) <= first.manifest.genesisTimestamp)
      await new Promise((r) => setTimeout(r, 50));

    const second = await startDevnet({ blockTime: 0, stateFile });
    try {
      expect(second.restored).toBe(false);
      expect(second.manifest.genesisHash).not.toBe(first.manifest.genesisHash);
      expect(second.manifest.contracts).toEqual(first.manifest.contracts); // same deployer nonces, same addresses
      expect(readDevnetManifest(second.manifestFile!).genesisHash).toBe(second.manifest.genesisHash);
      await expect(assertChainMatches(first.manifest, createDevnetClient(second.rpcUrl))).rejects.toThrow(
        ChainMismatchError,
      );
    } finally {
      await second.stop();
    }
  });

  test('a state file that does not match its manifest is reported, not used', async () => {
    const source = join(dir(), 'source', 'state.json');
    const devnet = await startDevnet({ blockTime: 0, stateFile: source });
    await devnet.stop();

    const copy = (name: string): string => {
      const target = join(dir(), name);
      mkdirSync(target, { recursive: true });
      copyFileSync(source, join(target, 'state.json'));
      return join(target, 'state.json');
    };

    const wrongGenesis = copy('wrong-genesis');
    writeDevnetManifest(join(dir(), 'wrong-genesis', 'manifest.json'), { ...devnet.manifest, genesisHash: zeroHash });
    await expect(startDevnet({ blockTime: 0, stateFile: wrongGenesis })).rejects.toThrow(ChainMismatchError);

    const wrongFactory = copy('wrong-factory');
    writeDevnetManifest(join(dir(), 'wrong-factory', 'manifest.json'), {
      ...devnet.manifest,
      contracts: { depositFactory: devnet.manifest.tokens.USDC },
    });
    await expect(startDevnet({ blockTime: 0, stateFile: wrongFactory })).rejects.toThrow(DevnetStateError);

    const noManifest = copy('no-manifest');
    await expect(startDevnet({ blockTime: 0, stateFile: noManifest })).rejects.toThrow(/has no manifest/);

    const badManifest = copy('bad-manifest');
    writeFileSync(join(dir(), 'bad-manifest', 'manifest.json'), JSON.stringify({ chainId: 'x' }));
    await expect(startDevnet({ blockTime: 0, stateFile: badManifest })).rejects.toThrow(DevnetStateError);

    // The failed starts left the files as they were (no dump on the way out, no manifest rewrite).
    expect(readFileSync(join(dir(), 'wrong-genesis', 'manifest.json'), 'utf8')).toContain(zeroHash);
    for (const name of ['wrong-genesis', 'wrong-factory', 'no-manifest', 'bad-manifest']) {
      expect(readFileSync(join(dir(), name, 'state.json')).equals(readFileSync(source)), name).toBe(true);
    }
  });
});

describe('process lifetime', () => {
  test('stop() ends anvil and is idempotent', async () => {
    const devnet = await startDevnet({ blockTime: 0 });
    expect(processAlive(devnet.pid)).toBe(true);
    await Promise.all([devnet.stop(), devnet.stop()]);
    await devnet.stop();
    expect(await devnet.exited).toEqual({ code: 0, signal: null });
    expect(processAlive(devnet.pid)).toBe(false);
  });

  test('a port that is already taken is reported with the message of anvil', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const error = await startDevnet({ blockTime: 0, port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AnvilStartError);
      expect((error as Error).message).toMatch(/Address already in use/);
    } finally {
      server.close();
    }
  });

  test.concurrent.each(['exit', 'kill'])(
    'anvil does not outlive its parent process (parent ends by %s)',
    async (mode) => {
      const script = fileURLToPath(new URL('./_test/devnetChild.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', script, mode], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await new Promise((resolve) => child.once('exit', resolve));
      const { pid } = JSON.parse(output.trim()) as { pid: number };
      expect(await eventually(() => !processAlive(pid), 5_000)).toBe(true);
    },
  );
});

test('the devnet mnemonic is the standard test mnemonic', () => {
  expect(DEVNET_MNEMONIC).toBe('test test test test test test test test test test test junk');
});
