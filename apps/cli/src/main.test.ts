import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

/** A port nothing listens on: bound once to get it, then closed. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function runTender(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('tender start against an unreachable database', () => {
  it('exits 1 with one configuration message naming DATABASE_URL and its address, no stack trace, no password', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tender-nodb-'));
    try {
      const port = await closedPort();
      const { code, stderr } = await runTender(['start'], {
        TENDER_HOME: home,
        DEVNET: 'false',
        DATABASE_URL: `postgres://tender:hunter2@127.0.0.1:${port}/tender`,
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Tender cannot start: the configuration has 1 problem\(s\):\n {2}- DATABASE_URL: /);
      expect(stderr).toContain(`cannot connect to 127.0.0.1:${port}/tender (ECONNREFUSED`);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stderr).not.toContain('hunter2');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});
