import { join, resolve } from 'node:path';
import { startDevnet } from '@tender/evm';
import { createLogger, Shutdown } from '@tender/platform';
import type { TenderConfig } from './cliConfig.ts';

/** `tender devnet`: the local chain alone, with the same state directory `tender start` uses. */
export async function runDevnet(config: TenderConfig): Promise<void> {
  const logger = createLogger({ level: config.logLevel });
  const devnet = await startDevnet({
    blockTime: config.devnetBlockTime,
    stateFile: join(resolve(config.home), 'devnet', 'state.json'),
    onLog: (line) => logger.warn({ anvil: line }, 'devnet'),
  });
  const shutdown = new Shutdown(logger);
  shutdown.add('devnet', () => devnet.stop());
  shutdown.installSignalHandlers();
  process.stdout.write(`${JSON.stringify(devnet.manifest, null, 2)}\n`);
}
