// Starting and stopping Tender many times in one process leaves nothing open: after the last shutdown the process
// exits on its own (no timer, socket, child process or database handle keeps the event loop alive).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;
const STARTS = Number(process.env.START_STOP_RUNS ?? 20);

describe('start and stop', () => {
  it(`${STARTS} starts and stops in one process leave no open handle: the process exits by itself`, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/_test/startStopLoop.ts'], {
      cwd: root,
      env: { ...process.env, STARTS: String(STARTS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    let doneAt = 0;
    child.stdout.on('data', () => {
      if (!doneAt && out.includes('done\n')) doneAt = Date.now();
    });
    const exit = await new Promise<{ code: number | null; hung: boolean }>((resolve) => {
      const timer = setInterval(() => {
        // 15 s after the last shutdown the process should long be gone: something is still open.
        if (doneAt && Date.now() - doneAt > 15_000) {
          clearInterval(timer);
          child.kill('SIGKILL');
          resolve({ code: null, hung: true });
        }
      }, 200);
      child.once('exit', (code) => {
        clearInterval(timer);
        resolve({ code, hung: false });
      });
    });
    expect(exit, out).toEqual({ code: 0, hung: false });
    expect(out.match(/^start \d+:/gm)).toHaveLength(STARTS);
  }, 600_000);
});
