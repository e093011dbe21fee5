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
/** The running devnet's manifest (RPC URL, contracts, tokens), for processes that attach to it (attachDevChain). */
const MANIFEST_KEY = 'devnet.manifest';

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
    // Written after the genesis check: a manifest in the database always belongs to the database's chain.
    await opts.db.query(
      'insert into system_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
      [MANIFEST_KEY, manifest],
    );
  } catch (err) {
    await devnet.stop();
    throw err;
  }
  return devChainOf(manifest, {
    persist: () => devnet.persist(),
    exited: devnet.exited,
    stop: () => devnet.stop(),
  });
}

/**
 * The devnet another process of this deployment runs (the one with the workers role, `tender start --role`): its
 * manifest as that process recorded it in the database, waited for up to `waitMs` (the processes start together).
 * This process never persists or stops that chain; `exited` never settles (the owner's supervisor restarts it).
 */
export async function attachDevChain(opts: { db: Database; waitMs?: number; logger: Logger }): Promise<DevChain> {
  const deadline = Date.now() + (opts.waitMs ?? 120_000);
  for (let logged = false; ; logged = true) {
    const [row] = await opts.db.query<{ value: DevnetManifest }>('select value from system_settings where key = $1', [
      MANIFEST_KEY,
    ]);
    if (row)
      return devChainOf(row.value, {
        persist: async () => undefined,
        exited: new Promise(() => undefined),
        stop: async () => undefined,
      });
    if (Date.now() > deadline)
      throw new DevnetMismatchError(
        'no devnet runs on this database: start the process with the workers role (it runs the devnet) first',
      );
    if (!logged) opts.logger.info('waiting for the workers process to start the devnet');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function devChainOf(manifest: DevnetManifest, run: Pick<DevChain, 'persist' | 'exited' | 'stop'>): DevChain {
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
    ...run,
  };
}
