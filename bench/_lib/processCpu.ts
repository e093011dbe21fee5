import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) used so far by the processes whose command name is in `names` (Linux /proc), e.g.
 * every `postgres` backend. Sampled before and after a phase, it tells where a benchmark's CPU went; processes that
 * exit in between are not counted. Returns 0 where /proc is unavailable.
 */
export function processCpuMs(names: readonly string[], pids: readonly number[] = []): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!names.includes(comm) && !pids.includes(Number(pid))) continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // exited meanwhile
    }
  }
  return ticks / ticksPerMs;
}

export interface CpuSplit {
  /** This process. */
  self: number;
  /** Every `postgres` process. */
  postgres: number;
  /** The processes given by pid (e.g. a receiver child). */
  others: number;
}

/** Starts measuring where CPU goes during a phase; the returned function gives the ms used since, per side. */
export function startCpuSplit(otherPids: readonly number[] = []): () => CpuSplit {
  const self0 = process.cpuUsage();
  const pg0 = processCpuMs(['postgres']);
  const others0 = processCpuMs([], otherPids);
  return () => {
    const self = process.cpuUsage(self0);
    return {
      self: (self.user + self.system) / 1000,
      postgres: processCpuMs(['postgres']) - pg0,
      others: processCpuMs([], otherPids) - others0,
    };
  };
}
