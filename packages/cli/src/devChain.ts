import { join } from 'node:path';
import { startDevnet, type DevnetManifest } from '@tender/evm';
import type { Database, Logger } from '@tender/platform';

export interface DevChain {
  manifest: DevnetManifest;
  devJson(): Record<string, unknown>;
  /** Writes the chain's state file now (see Devnet.persist). */
  persist(): Promise<void>;
  /** Settles when anvil exits. */
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

export class DevnetMismatchError extends Error {
  override name = 'DevnetMismatchError';
}

const GENESIS_KEY = 'devnet.genesis';

/**
 * Starts the devnet whose state lives beside the database (TENDER_HOME/devnet), and makes sure the database and
 * the chain belong together: the first start records the chain's genesis hash in the database; a later start on
 * a chain with another genesis (state file deleted, database pointed elsewhere) stops with a clear message
 * instead of mixing payments of two chains.
 */
export async function startDevChain(opts: {
  db: Database;
  home: string;
  blockTime: number;
  logger: Logger;
}): Promise<DevChain> {
  const devnet = await startDevnet({
    blockTime: opts.blockTime,
    stateFile: join(opts.home, 'devnet', 'state.json'),
    onLog: (line) => opts.logger.warn({ anvil: line }, 'devnet'),
  });
  const { manifest } = devnet;
  try {
    const [row] = await opts.db.query<{ value: { genesisHash: string; chainId: number } }>(
      'select value from system_settings where key = $1',
      [GENESIS_KEY],
    );
    if (!row) {
      await opts.db.query('insert into system_settings (key, value) values ($1, $2) on conflict (key) do nothing', [
        GENESIS_KEY,
        { genesisHash: manifest.genesisHash, chainId: manifest.chainId },
      ]);
    } else if (row.value.genesisHash !== manifest.genesisHash || row.value.chainId !== manifest.chainId) {
      throw new DevnetMismatchError(
        `The devnet (genesis ${manifest.genesisHash}) is not the chain this database was created with ` +
          `(genesis ${row.value.genesisHash}). Payments of two chains must not mix: restore ${join(opts.home, 'devnet')} ` +
          `or start afresh by removing ${opts.home}.`,
      );
    }
  } catch (err) {
    await devnet.stop();
    throw err;
  }
  return {
    manifest,
    devJson: () => ({
      rpcUrl: manifest.rpcUrl,
      chainId: manifest.chainId,
      contracts: manifest.contracts,
      tokens: manifest.tokens,
      accounts: manifest.accounts,
      mnemonic: 'test test test test test test test test test test test junk',
    }),
    persist: () => devnet.persist(),
    exited: devnet.exited,
    stop: () => devnet.stop(),
  };
}
