// Runs one anvil child process on 127.0.0.1 and waits until its JSON-RPC answers.
//
// Invariants:
//  - The child never outlives this process: on Linux it is started through `setpriv --pdeathsig TERM` (the
//    kernel signals it when we die, even by SIGKILL); everywhere, an 'exit' handler sends it SIGTERM.
//  - stop() sends SIGTERM first (anvil then writes its state file), and SIGKILL only after a timeout.
//  - Its stdout and stderr are always drained (a full pipe would block it); the tail is kept for error messages.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { resolveAnvilBinary } from './anvilBinary.ts';
import { DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC } from './devnetAccounts.ts';
import { freePort } from './freePort.ts';

export interface AnvilOptions {
  chainId: number;
  /** Timestamp of block 0; the same value (with the same state) re-creates the same block 0 hash. */
  genesisTimestamp: number;
  /** Load state from this file if it exists, dump to it on exit and every `stateInterval` seconds. */
  stateFile?: string;
  stateInterval?: number;
  /** Fixed port; default: a free port chosen by the OS (retried if taken meanwhile). */
  port?: number;
  startTimeoutMs?: number;
  onLog?: (line: string) => void;
}

export interface AnvilExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AnvilProcess {
  rpcUrl: string;
  port: number;
  pid: number;
  /** Settles when the process has exited, for whatever reason. */
  exited: Promise<AnvilExit>;
  /** SIGTERM (anvil writes its state file), then SIGKILL after `timeoutMs`; idempotent. */
  stop(timeoutMs?: number): Promise<AnvilExit>;
  /** SIGKILL at once: anvil writes nothing. For abandoning a start whose state must stay untouched. */
  kill(): Promise<AnvilExit>;
  /** The last lines anvil wrote, for diagnostics. */
  outputTail(): string;
}

export class AnvilStartError extends Error {
  override readonly name = 'AnvilStartError';
}

/** The EVM rules of the devnet. Pinned, so that upgrading anvil does not change how block 0 is built. */
export const DEVNET_HARDFORK = 'prague';
const HOST = '127.0.0.1';
const PORT_ATTEMPTS = 5;

export async function launchAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort(HOST));
    try {
      return await launchOnce(options, port);
    } catch (error) {
      const portTaken = error instanceof AnvilStartError && /address already in use/i.test(error.message);
      if (!portTaken || options.port !== undefined || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function launchOnce(options: AnvilOptions, port: number): Promise<AnvilProcess> {
  const flags: Array<[string, string]> = [
    ['--host', HOST],
    ['--port', String(port)],
    ['--chain-id', String(options.chainId)],
    ['--mnemonic', DEVNET_MNEMONIC],
    ['--accounts', String(DEVNET_ACCOUNT_COUNT)],
    ['--timestamp', String(options.genesisTimestamp)],
    ['--hardfork', DEVNET_HARDFORK],
  ];
  if (options.stateFile) {
    flags.push(['--state', options.stateFile], ['--state-interval', String(options.stateInterval ?? 30)]);
  }
  const args = [...flags.flat(), '--silent']; // --silent: no banner or request log; errors still go to stderr
  const binary = resolveAnvilBinary();
  const setpriv = process.platform === 'linux' ? findOnPath('setpriv') : undefined;
  const child = setpriv
    ? spawn(setpriv, ['--pdeathsig', 'TERM', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });

  const tail: string[] = [];
  const collect = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 50) tail.shift();
      options.onLog?.(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const killOnParentExit = (): void => {
    child.kill('SIGTERM');
  };
  process.on('exit', killOnParentExit);
  // 'close' rather than 'exit': it comes after stdout and stderr are drained, so the tail holds the last words.
  const exited = new Promise<AnvilExit>((resolve) => {
    const done = (exit: AnvilExit): void => {
      process.off('exit', killOnParentExit);
      resolve(exit);
    };
    child.once('close', (code, signal) => done({ code, signal }));
    // A process that never started emits 'error' and perhaps nothing else.
    child.once('error', () => {
      if (child.pid === undefined) done({ code: null, signal: null });
    });
  });
  const spawnFailed = new Promise<Error>((resolve) => child.once('error', resolve));

  let stopping: Promise<AnvilExit> | undefined;
  const stop = (timeoutMs = 10_000): Promise<AnvilExit> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    })();
    return stopping;
  };

  const kill = async (): Promise<AnvilExit> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    return exited;
  };

  const rpcUrl = `http://${HOST}:${port}`;
  const outputTail = (): string => tail.join('\n');
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  const early = Promise.race([
    exited.then((e) => new AnvilStartError(`anvil exited (${e.signal ?? e.code}) before answering:\n${outputTail()}`)),
    spawnFailed.then((e) => new AnvilStartError(`could not start anvil: ${e.message}`)),
  ]);
  let settled = false;
  const ready = (async (): Promise<Error | undefined> => {
    while (!settled) {
      if (Date.now() > deadline)
        return new AnvilStartError(`anvil did not answer at ${rpcUrl} in time:\n${outputTail()}`);
      if (await rpcAnswers(rpcUrl)) return undefined;
      await new Promise((r) => setTimeout(r, 50));
    }
    return undefined;
  })();
  const failure = await Promise.race([early, ready]);
  settled = true;
  if (failure) {
    await kill();
    throw failure;
  }
  return { rpcUrl, port, pid: child.pid!, exited, stop, kill, outputTail };
}

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false; // not listening yet
  }
}

function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(delimiter)) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}
