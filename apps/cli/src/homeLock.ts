// One `tender start` per TENDER_HOME: the home holds the PGlite data directory and the devnet's state file, and two
// processes on them would corrupt the first and run two diverging chains on the second.
//
// The lock is a file, TENDER_HOME/tender.lock, created with O_EXCL and holding the owner's pid and host. A lock
// whose process is gone (a kill -9 leaves the file behind) is stale and taken over; one whose process lives, or
// that was written on another host (a shared volume: its pid means nothing here), refuses the start.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { StartRefusedError } from './startRefusedError.ts';

export interface HomeLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

export function acquireHomeLock(home: string): HomeLock {
  mkdirSync(home, { recursive: true });
  const file = join(home, 'tender.lock');
  const mine: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = readLock(file);
    if (held && (held.host !== mine.host || alive(held.pid))) {
      throw new StartRefusedError(
        `TENDER_HOME ${home} is in use by another tender start (pid ${held.pid} on ${held.host}, since ` +
          `${held.startedAt}): stop it first, or give this one another TENDER_HOME`,
      );
    }
    // Stale (its process is gone) or unreadable (a crash while it was being written): take it over.
    rmSync(file, { force: true });
  }
  throw new StartRefusedError(`could not take the lock ${file}: another tender start keeps taking it`);
}

function readLock(file: string): LockContent | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (typeof v.pid !== 'number' || typeof v.host !== 'string') return undefined;
    return { pid: v.pid, host: v.host, startedAt: String(v.startedAt ?? '?') };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
