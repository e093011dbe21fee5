import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) used so far by each process whose command name is in `names`, or whose pid is in
 * `pids` (Linux /proc), e.g. every `postgres` backend. Empty where /proc is unavailable.
 */
export function processCpuMs(names: readonly string[], pids: readonly number[] = []): Map<number, number> {
  const msPerTick = 1000 / 100; // USER_HZ is 100 on Linux
  const out = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return out;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!names.includes(comm) && !pids.includes(Number(pid))) continue;
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * msPerTick); // utime, stime (stat fields 14, 15)
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** CPU used between two samples by the processes alive at the second; one that exited in between is not counted. */
function used(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
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
      postgres: used(pg0, processCpuMs(['postgres'])),
      others: used(others0, processCpuMs([], otherPids)),
    };
  };
}
