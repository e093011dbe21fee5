import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Profiles this process's CPU over one phase of a benchmark when `path` is set (e.g. from BENCH_CPU_PROFILE), and
 * writes a .cpuprofile there (open it in Chrome DevTools). Returns the function that stops and writes it.
 */
export async function startCpuProfile(path: string | undefined): Promise<() => Promise<void>> {
  if (!path) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(path, JSON.stringify(profile));
    session.disconnect();
  };
}
