import type { Database, Logger, Shutdown } from '@tender/platform';
import type { TenderConfig } from './cliConfig.ts';
import { attachDevChain, startDevChain, type DevChain } from './devChain.ts';

/**
 * The devnet of `tender start` (dev profile): started by the process that owns it (the workers role), attached to by
 * the others. `fatal` resolves when the process cannot go on: the owner lock was lost, or the devnet's anvil died.
 */
export async function startTenderChain(
  config: TenderConfig,
  opts: {
    db: Database;
    logger: Logger;
    shutdown: Shutdown;
    home: string;
    ownsDevnet: boolean;
    ownerLost: Promise<Error>;
  },
): Promise<{ chain: DevChain | undefined; fatal: Promise<Error> }> {
  const { db, logger, shutdown, ownerLost } = opts;
  if (!config.devnet) return { chain: undefined, fatal: ownerLost };
  if (!opts.ownsDevnet) return { chain: await attachDevChain({ db, logger }), fatal: ownerLost };
  const chain = await startDevChain({ db, home: opts.home, blockTime: config.devnetBlockTime, logger });
  shutdown.add('devnet', () => chain.stop());
  const fatal = new Promise<Error>((resolve) => {
    void ownerLost.then((err) => {
      if (!shutdown.stopping) logger.error({ err }, err.message);
      resolve(err);
    });
    void chain.exited.then((exit) => {
      if (shutdown.stopping) return;
      const err = new Error(`the devnet (anvil) exited unexpectedly (${JSON.stringify(exit)}); Tender stops`);
      logger.error({ exit }, err.message);
      resolve(err);
    });
  });
  return { chain, fatal };
}
