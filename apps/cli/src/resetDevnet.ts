// `tender devnet reset`: a fresh chain and a fresh embedded database for the home, together (a chain without its
// database, or the reverse, is refused at start: see devChain.ts). It deletes data, so it says so, asks for --yes,
// refuses while a `tender start` holds the home, and never touches a PostgreSQL database (DATABASE_URL).
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TenderConfig } from './cliConfig.ts';
import { acquireHomeLock } from './homeLock.ts';
import { StartRefusedError } from './startRefusedError.ts';

/** What a reset removes from TENDER_HOME (the secret-box key stays: it is not chain or payment state). */
const RESET_PATHS = ['pglite', 'devnet', 'dev.json'];

export function resetDevnet(config: TenderConfig, opts: { yes: boolean; out?: (line: string) => void }): number {
  const out = opts.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const home = resolve(config.home);
  if (config.databaseUrl) {
    throw new StartRefusedError(
      'DATABASE_URL is set: `tender devnet reset` only resets the embedded database. Drop and recreate that ' +
        'database yourself, then remove ' +
        join(home, 'devnet'),
    );
  }
  const present = RESET_PATHS.map((p) => join(home, p)).filter((p) => existsSync(p));
  if (present.length === 0) {
    out(`Nothing to reset in ${home}.`);
    return 0;
  }
  if (!opts.yes) {
    out(`tender devnet reset DELETES the local chain and every payment, key and account in ${home}:`);
    for (const p of present) out(`  ${p}`);
    out('Run again with --yes to do it.');
    return 2;
  }
  const lock = acquireHomeLock(home); // refuses while `tender start` or `tender devnet` runs on this home
  try {
    for (const p of present) rmSync(p, { recursive: true, force: true });
  } finally {
    lock.release();
  }
  out(`RESET: deleted the devnet chain and the embedded database in ${home}. The next \`tender start\` begins fresh.`);
  return 0;
}
