import { join, resolve } from 'node:path';
import { startDevnet } from '@tender/evm';
import { createLogger, Shutdown } from '@tender/platform';
import type { TenderConfig } from './cliConfig.ts';
import { acquireHomeLock } from './homeLock.ts';

/** `tender devnet`: the local chain alone, with the same state directory `tender start` uses. */
export async function runDevnet(config: TenderConfig): Promise<void> {
  const logger = createLogger({ level: config.logLevel });
  // The devnet's state file is the home's: no `tender start` or other `tender devnet` may run on it meanwhile.
  const lock = acquireHomeLock(resolve(config.home));
  const devnet = await startDevnet({
    blockTime: config.devnetBlockTime,
    stateFile: join(resolve(config.home), 'devnet', 'state.json'),
    onLog: (line) => logger.warn({ anvil: line }, 'devnet'),
  });
  const shutdown = new Shutdown(logger);
  shutdown.add('home lock', async () => lock.release());
  shutdown.add('devnet', () => devnet.stop());
  shutdown.installSignalHandlers();
  process.stdout.write(`${JSON.stringify(devnet.manifest, null, 2)}\n`);
}
