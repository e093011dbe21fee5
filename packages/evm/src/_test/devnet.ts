// Shared test setup: one automining devnet per test file, always stopped after the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { startDevnet, type Devnet, type StartDevnetOptions } from '../devnet.ts';
import { devnetAccounts } from '../devnetAccounts.ts';
import { createDevnetClient, type DevnetClient } from '../devnetClient.ts';

export interface TestDevnet {
  devnet: Devnet;
  /** Signs as account 0, the deployer (may mint). */
  client: DevnetClient;
  accounts: HDAccount[];
  /** A client that signs as `account`. */
  clientFor(account: HDAccount): DevnetClient;
}

/** Starts a devnet (automine unless `options.blockTime` says otherwise) before the file's tests; stops it after. */
export function useDevnet(options: StartDevnetOptions = {}): () => TestDevnet {
  let env: TestDevnet | undefined;
  beforeAll(async () => {
    const devnet = await startDevnet({ blockTime: 0, ...options });
    env = {
      devnet,
      client: createDevnetClient(devnet.rpcUrl),
      accounts: devnetAccounts(),
      clientFor: (account) => createDevnetClient(devnet.rpcUrl, { account }),
    };
  });
  afterAll(async () => {
    await env?.devnet.stop();
  });
  return () => {
    if (!env) throw new Error('the devnet starts in beforeAll: call this inside a test or hook');
    return env;
  };
}

/** A temporary directory removed after the file's tests. */
export function useTempDir(prefix = 'tender-evm-'): () => string {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!dir) throw new Error('the temporary directory is created in beforeAll');
    return dir;
  };
}

/** True while a process with this pid exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls `condition` every 50 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function eventually(condition: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return condition();
}
