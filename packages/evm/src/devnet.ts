// The local devnet of the dev profile and of tests: anvil with the DepositFactory and test tokens deployed.
//
// Persistence (option `stateFile`): anvil loads the file on start and writes it on exit and every
// `stateInterval` seconds. Beside it, `manifest.json` records the addresses and the chain's identity.
//  - state and manifest exist: the chain is restored, nothing is redeployed; we check that block 0 still has
//    the recorded hash and that the contracts still have code and derive the same deposit addresses.
//  - no state: a fresh chain (new genesis timestamp, so a new genesis hash) is created and deployed; the state is
//    dumped to disk before the manifest is written, so a manifest never points at an undeployed chain.
//  - state without manifest: an interrupted first start; reported, never guessed at.
// Block 0 depends on its timestamp; anvil re-creates block 0 at every start, so we pass the recorded
// `--timestamp` back, which makes the restored block 0 hash identical.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import { launchAnvil, type AnvilExit } from './anvilProcess.ts';
import { assertFactoryMatches } from './assertFactoryMatches.ts';
import { ChainMismatchError, readChainIdentity, sameChain } from './chainIdentity.ts';
import { DEVNET_CHAIN_ID, devnetAccounts } from './devnetAccounts.ts';
import { anvilRequest } from './devnetActions.ts';
import { createDevnetClient, type DevnetClient } from './devnetClient.ts';
import { DEVNET_TOKEN_KEYS, readDevnetManifest, writeDevnetManifest, type DevnetManifest } from './devnetManifest.ts';
import { deployDevnetContracts } from './deployDevnetContracts.ts';

export interface StartDevnetOptions {
  /** Seconds between blocks; 0 mines one block per transaction (automine, for tests). Default 1. */
  blockTime?: number;
  /** Persist the chain in this file (e.g. `.tender/devnet/state.json`); default: in memory only. */
  stateFile?: string;
  /** Default: `manifest.json` beside `stateFile`. */
  manifestFile?: string;
  /**
   * Seconds between periodic state dumps; default 30. anvil also dumps on SIGTERM, which stop() and the death of
   * this process send, so the interval only bounds what a crash of anvil itself or of the machine loses (the
   * watcher sees such a loss as a reorg). Each dump rewrites the whole file, which grows ~2 KB per block.
   */
  stateInterval?: number;
  /** Default: a free port chosen by the OS. */
  port?: number;
  /** Default 31337. */
  chainId?: number;
  /** Default 30 s. */
  startTimeoutMs?: number;
  /** Receives anvil's output lines (errors mostly: it runs with --silent). */
  onLog?: (line: string) => void;
}

export interface Devnet {
  rpcUrl: string;
  chainId: number;
  manifest: DevnetManifest;
  /** True when the chain was loaded from `stateFile`, false when it was created and deployed by this start. */
  restored: boolean;
  pid: number;
  stateFile?: string;
  manifestFile?: string;
  /** Settles when anvil has exited (after stop(), or if it dies). */
  exited: Promise<AnvilExit>;
  /**
   * Writes the chain state to `stateFile` now (atomically: a temporary file renamed over it), so that a crash of
   * anvil, of this process or of both loses nothing up to this moment. Calls made while one is running share the
   * next one. Without `stateFile`, does nothing. anvil's own periodic dump (`stateInterval`) writes the same file:
   * one that took its state before a persist() and wrote it after can leave the file that much older (a window of
   * one dump's duration); the gateway's agreement check repairs what such a crash loses. Cost: the whole state each
   * time (about 120 ms for 1,000 blocks; devnetPersist.test.ts).
   */
  persist(): Promise<void>;
  /** Stops anvil: SIGTERM (it writes its state), SIGKILL after `timeoutMs` (default 10 s). Idempotent. */
  stop(timeoutMs?: number): Promise<void>;
}

export class DevnetStateError extends Error {
  override readonly name = 'DevnetStateError';
  readonly code = 'DEVNET_STATE_INVALID';
}

export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const blockTime = options.blockTime ?? 1;
  if (!Number.isInteger(blockTime) || blockTime < 0) throw new RangeError('blockTime must be an integer >= 0');
  const chainId = options.chainId ?? DEVNET_CHAIN_ID;
  const stateFile = options.stateFile ? resolve(options.stateFile) : undefined;
  const manifestFile = stateFile
    ? resolve(options.manifestFile ?? join(dirname(stateFile), 'manifest.json'))
    : undefined;
  const saved = stateFile && manifestFile ? savedManifest(stateFile, manifestFile) : undefined;

  const genesisTimestamp = saved?.genesisTimestamp ?? Math.floor(Date.now() / 1000);
  const anvil = await launchAnvil({
    chainId,
    genesisTimestamp,
    ...(stateFile ? { stateFile, stateInterval: options.stateInterval ?? 30 } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.startTimeoutMs !== undefined ? { startTimeoutMs: options.startTimeoutMs } : {}),
    ...(options.onLog ? { onLog: options.onLog } : {}),
  });
  try {
    const client = createDevnetClient(anvil.rpcUrl, { chainId });
    const identity = await readChainIdentity(client);
    let manifest: DevnetManifest;
    if (saved) {
      if (!sameChain(saved, identity)) throw new ChainMismatchError(saved, identity, `devnet state ${stateFile}`);
      await verifyRestored(client, saved, stateFile!);
      await catchUpClock(client);
      manifest = { ...saved, rpcUrl: anvil.rpcUrl };
    } else {
      const accounts = devnetAccounts().map((a) => a.address);
      const deployment = await deployDevnetContracts(client, accounts);
      manifest = {
        rpcUrl: anvil.rpcUrl,
        chainId: identity.chainId,
        genesisHash: identity.genesisHash,
        genesisTimestamp,
        ...deployment,
        accounts,
        deployer: client.account.address,
      };
      if (stateFile) await dumpState(client, stateFile);
    }
    if (manifestFile) writeDevnetManifest(manifestFile, manifest);
    if (blockTime > 0) await client.setIntervalMining({ interval: blockTime });
    // One dump at a time; a call during a dump waits for it and then asks for a fresh one (its blocks may be newer
    // than what the running dump captured). Concurrent callers share that second dump.
    let running: Promise<void> | undefined;
    let queued: Promise<void> | undefined;
    const persist = (): Promise<void> => {
      if (!stateFile) return Promise.resolve();
      if (queued) return queued;
      if (running) {
        queued = running
          .catch(() => undefined)
          .then(() => {
            queued = undefined;
            return persist();
          });
        return queued;
      }
      running = dumpState(client, stateFile).finally(() => {
        running = undefined;
      });
      return running;
    };
    return {
      persist,
      rpcUrl: anvil.rpcUrl,
      chainId: identity.chainId,
      manifest,
      restored: saved !== undefined,
      pid: anvil.pid,
      ...(stateFile ? { stateFile } : {}),
      ...(manifestFile ? { manifestFile } : {}),
      exited: anvil.exited,
      stop: async (timeoutMs?: number) => {
        await anvil.stop(timeoutMs);
      },
    };
  } catch (error) {
    // No dump on the way out: a restored state file stays as it was (anvil would append its own block 0 to it),
    // and a state file this start created is removed, so the next start begins cleanly.
    await anvil.kill();
    if (stateFile && !saved) rmSync(stateFile, { force: true });
    throw error;
  }
}

function savedManifest(stateFile: string, manifestFile: string): DevnetManifest | undefined {
  mkdirSync(dirname(stateFile), { recursive: true });
  // A manifest without state describes a chain that is gone: a fresh chain replaces it, and its new genesis
  // hash lets anything that recorded the old one notice (assertChainMatches).
  if (!existsSync(stateFile)) return undefined;
  if (!existsSync(manifestFile)) {
    throw new DevnetStateError(
      `devnet state ${stateFile} has no manifest ${manifestFile} (interrupted first start?). ` +
        `Delete ${dirname(stateFile)} to start a fresh devnet.`,
    );
  }
  try {
    return readDevnetManifest(manifestFile);
  } catch (error) {
    throw new DevnetStateError(`${(error as Error).message}. Delete ${dirname(stateFile)} to start a fresh devnet.`, {
      cause: error,
    });
  }
}

/** The restored chain must still hold the manifest's contracts, and the factory must match this build. */
async function verifyRestored(client: DevnetClient, manifest: DevnetManifest, stateFile: string): Promise<void> {
  const fix = `Delete ${dirname(stateFile)} to start a fresh devnet.`;
  for (const key of DEVNET_TOKEN_KEYS) {
    const code = await client.getCode({ address: manifest.tokens[key] });
    if (!code || code === '0x') {
      throw new DevnetStateError(`devnet token ${key} has no code at ${manifest.tokens[key]}. ${fix}`);
    }
  }
  try {
    await assertFactoryMatches(client, manifest.contracts.depositFactory);
  } catch (error) {
    throw new DevnetStateError(`${(error as Error).message}. ${fix}`, { cause: error });
  }
}

/**
 * A restored chain's clock resumes from its last block, however long it was stopped. Signed authorizations
 * (EIP-3009 validAfter/validBefore) are made with wall-clock time, so move the chain's clock to now.
 */
async function catchUpClock(client: DevnetClient): Promise<void> {
  const latest = await client.getBlock();
  const now = Math.floor(Date.now() / 1000);
  if (latest.timestamp < BigInt(now)) await anvilRequest(client, 'evm_setTime', [now]);
}

/** Writes the chain state now (anvil would only write it at the next interval or on exit). */
async function dumpState(client: DevnetClient, stateFile: string): Promise<void> {
  const dump = await anvilRequest<Hex>(client, 'anvil_dumpState', []);
  // anvil_dumpState returns the gzipped JSON that --state reads and writes.
  const json = gunzipSync(Buffer.from(dump.slice(2), 'hex'));
  const temporary = `${stateFile}.${process.pid}.tmp`;
  writeFileSync(temporary, json);
  renameSync(temporary, stateFile);
}
