import type { Database, Sql } from './database.ts';

/** The open transactions of every Database (their `tx` handles), with what runs once each commits. */
const open = new WeakMap<Sql, { db: Database; callbacks: ((db: Database) => void)[] }>();

/**
 * Runs `fn` once what `sql` wrote is committed: at the commit of the transaction `sql` is the handle of (never if it
 * rolls back), or at once when `sql` is a Database (each statement commits as it runs). `fn` gets the Database, to
 * send work of its own outside the transaction (e.g. a wake-up that must not hold the producer's commit). It runs
 * before the transaction's promise settles and must not throw (a throw is reported as a process warning: the
 * commit stands).
 */
export function afterCommit(sql: Sql, fn: (db: Database) => void): void {
  const t = open.get(sql);
  if (t) t.callbacks.push(fn);
  else if (isDatabase(sql)) fn(sql);
  else throw new Error('afterCommit: the handle is neither a Database nor one of its open transactions');
}

function isDatabase(sql: Sql): sql is Database {
  return typeof (sql as Partial<Database>).tx === 'function';
}

/** For Database implementations: `handle` is a transaction of `db` from now until `transactionEnded`. */
export function transactionOpened(db: Database, handle: Sql): Sql {
  open.set(handle, { db, callbacks: [] });
  return handle;
}

/** For Database implementations: the transaction ended; its callbacks run iff it committed. */
export function transactionEnded(handle: Sql, committed: boolean): void {
  const t = open.get(handle);
  open.delete(handle);
  if (!t || !committed) return;
  for (const fn of t.callbacks) {
    try {
      fn(t.db);
    } catch (err) {
      process.emitWarning(`afterCommit callback threw: ${String(err)}`);
    }
  }
}
