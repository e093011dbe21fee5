import { join } from 'node:path';
import {
  checkSecretBoxCanary,
  migrate,
  openDatabase,
  SecretBox,
  SecretBoxMismatchError,
  type Database,
  type Logger,
  type Shutdown,
} from '@tender/platform';
import { allMigrations } from './allMigrations.ts';
import type { TenderConfig } from './cliConfig.ts';
import { devSecretKeys } from './devSecretKeys.ts';
import { acquireDevnetOwnerLock } from './devnetOwnerLock.ts';
import { formatCheck, startChecks } from './doctor/runDoctor.ts';
import { acquireHomeLock } from './homeLock.ts';
import { StartRefusedError } from './startRefusedError.ts';

export interface TenderStore {
  db: Database;
  secretBox: SecretBox;
  /** Resolves when the devnet owner lock is lost (never without one). */
  ownerLost: Promise<Error>;
}

/**
 * The first step of `tender start`: the home lock, the database (migrated), the devnet owner lock and the secret box
 * checked against its canary; in production, the fatal subset of `tender doctor`. Each registers its stop step.
 */
export async function openTenderStore(
  config: TenderConfig,
  opts: { logger: Logger; shutdown: Shutdown; home: string; ownsDevnet: boolean },
): Promise<TenderStore> {
  const { logger, shutdown, home, ownsDevnet } = opts;
  // The home's PGlite directory and devnet state belong to one process (homeLock.ts).
  if (!config.databaseUrl || ownsDevnet) {
    const lock = acquireHomeLock(home);
    shutdown.add('home lock', async () => lock.release());
  }
  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(home, 'pglite'),
    poolSize: config.databasePoolSize,
    connectTimeoutSeconds: config.databaseConnectTimeoutSeconds,
  });
  shutdown.add('database', () => db.close());
  // One devnet per database, across homes and machines (devnetOwnerLock.ts); taken first, so that a second
  // devnet owner is told so before anything else.
  let ownerLost: Promise<Error> = new Promise(() => undefined);
  if (ownsDevnet && config.databaseUrl) {
    const owner = await acquireDevnetOwnerLock({ url: config.databaseUrl });
    shutdown.add('devnet owner lock', () => owner.release());
    ownerLost = owner.lost;
  }
  const applied = await migrate(db, await allMigrations());
  if (applied.length) logger.info({ applied }, 'migrations applied');
  // Every process of a deployment must open the secrets the database holds: checked before anything runs.
  const secretBox = new SecretBox(config.secretKeys ?? (await devSecretKeys(home)));
  try {
    await checkSecretBoxCanary(db, secretBox);
  } catch (err) {
    if (err instanceof SecretBoxMismatchError) throw new StartRefusedError(err.message);
    throw err;
  }

  // Production: the fatal subset of `tender doctor` (a wrong chain behind an RPC URL, no factory, a token that is
  // not the issuer's) refuses the start, before any payment could be taken on it.
  if (config.profile === 'production') {
    const failed = await startChecks(config);
    if (failed.length) {
      throw new StartRefusedError(
        `the deployment is not fit to take payments (tender doctor names every problem):\n${failed.map(formatCheck).join('\n')}`,
      );
    }
  }
  return { db, secretBox, ownerLost };
}
