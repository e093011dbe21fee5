// One devnet per database: the process that runs the devnet holds a session-level advisory lock on a connection of
// its own, keyed by the schema, for as long as it runs. A second `tender start` with a devnet on the same
// database (another home, another machine) is refused instead of running a second, diverging chain whose sweeps
// would be mined on the wrong fork. Processes with DEVNET=false share the database freely.
//
// postgres.js recycles idle connections (max_lifetime), which would drop a session lock without a word; so the
// lock is asserted again every `checkMs` (pg_try_advisory_lock is re-entrant for its holder): if another process
// took it meanwhile, `lost` resolves and the caller stops. PGlite is one process's database: the home lock
// (homeLock.ts) covers it.
import { openDatabase, type Database } from '@tender/platform';
import { StartRefusedError } from './startRefusedError.ts';

const LOCK_SQL = `select pg_try_advisory_lock(hashtext('tender.devnet-owner:' || current_schema())) as held`;

export interface DevnetOwnerLock {
  /** Resolves if the lock was lost to another process (never, normally). */
  lost: Promise<Error>;
  release(): Promise<void>;
}

export async function acquireDevnetOwnerLock(opts: {
  url: string;
  schema?: string;
  checkMs?: number;
}): Promise<DevnetOwnerLock> {
  const db: Database = await openDatabase({
    url: opts.url,
    ...(opts.schema ? { schema: opts.schema } : {}),
    poolSize: 1,
  });
  const tryLock = async () => (await db.query<{ held: boolean }>(LOCK_SQL))[0]?.held === true;
  if (!(await tryLock())) {
    await db.close();
    throw new StartRefusedError(
      'another tender start already runs the devnet for this database: stop it, or start this one with ' +
        'DEVNET=false to share its database without a second chain',
    );
  }
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const lost = new Promise<Error>((resolve) => {
    const check = async () => {
      if (closed) return;
      try {
        if (!(await tryLock())) {
          resolve(new Error('the devnet owner lock of this database was taken by another process'));
          return;
        }
      } catch {
        // The database is unreachable: the next check tells.
      }
      if (!closed) timer = setTimeout(() => void check(), opts.checkMs ?? 10_000);
    };
    timer = setTimeout(() => void check(), opts.checkMs ?? 10_000);
  });
  return {
    lost,
    async release() {
      closed = true;
      clearTimeout(timer);
      await db.close(); // ends the session, and with it the lock
    },
  };
}
