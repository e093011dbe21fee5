// persist(): what the chain held when it returned survives a kill -9 of anvil (no dump on the way out), and its
// cost is printed: it is paid before each watcher commit that records facts on the devnet.
import { join } from 'node:path';
import { parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, test } from 'vitest';
import { useTempDir } from './_test/devnet.ts';
import { startDevnet } from './devnet.ts';
import { devnetAccounts } from './devnetAccounts.ts';
import { mine, tokenBalance, transferToken } from './devnetActions.ts';
import { createDevnetClient } from './devnetClient.ts';

describe('devnet persist()', () => {
  const dir = useTempDir();

  test('a transfer persisted before a kill -9 of anvil is on the chain after the restart', async () => {
    const stateFile = join(dir(), 'chain', 'state.json');
    // A periodic dump far away: only persist() can have written the transfer.
    const first = await startDevnet({ blockTime: 0, stateFile, stateInterval: 3600 });
    const kept: Address = privateKeyToAddress(generatePrivateKey());
    const lost: Address = privateKeyToAddress(generatePrivateKey());
    const payer = createDevnetClient(first.rpcUrl, { account: devnetAccounts()[1]! });
    let keptBlock: { number: bigint; hash: string };
    try {
      const receipt = await transferToken(payer, first.manifest.tokens.USDC, kept, parseUnits('1', 6));
      keptBlock = { number: receipt.blockNumber, hash: receipt.blockHash };
      // Concurrent callers share dumps; each resolves only after a dump that began after its call.
      await Promise.all([first.persist(), first.persist(), first.persist()]);
      await transferToken(payer, first.manifest.tokens.USDC, lost, parseUnits('1', 6));
      // The cost on a chain of ~1,000 blocks.
      await mine(payer, 1000);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await first.persist();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `devnet persist() on ~1,000 blocks: median ${times[2]!.toFixed(1)} ms, max ${times[4]!.toFixed(1)} ms`,
      );
      await transferToken(payer, first.manifest.tokens.USDC, lost, parseUnits('2', 6));
    } finally {
      process.kill(first.pid, 'SIGKILL');
      await first.exited;
    }
    const second = await startDevnet({ blockTime: 0, stateFile });
    try {
      const client = createDevnetClient(second.rpcUrl);
      expect(await tokenBalance(client, second.manifest.tokens.USDC, kept)).toBe(1_000_000n);
      expect((await client.getBlock({ blockNumber: keptBlock.number })).hash).toBe(keptBlock.hash);
      // The last transfer came after the last persist(): the kill took it.
      expect(await tokenBalance(client, second.manifest.tokens.USDC, lost)).toBe(1_000_000n);
    } finally {
      await second.stop();
    }
  });
});
