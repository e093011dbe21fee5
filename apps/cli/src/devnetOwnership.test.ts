// Two `tender start` on one TENDER_HOME, or with a devnet each on one database, must not run two chains: the
// second is refused with one line, and the first keeps running.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  healthy,
  removeHome,
  scratchDatabase,
  startTenderChild,
  stopTender,
  tenderEnv,
  type TenderChild,
} from './_test/tenderProcess.ts';
import { acquireDevnetOwnerLock } from './devnetOwnerLock.ts';
import { acquireHomeLock } from './homeLock.ts';
import { StartRefusedError } from './startRefusedError.ts';

const children: TenderChild[] = [];
const homes: string[] = [];
afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await Promise.all(homes.map(removeHome));
});

describe('the home lock', () => {
  it('refuses a second owner while the first lives, takes over a stale lock, and is released', async () => {
    const home = await mkdtemp(join(tmpdir(), 'tender-lock-'));
    homes.push(home);
    const first = acquireHomeLock(home);
    expect(() => acquireHomeLock(home)).toThrow(StartRefusedError);
    expect(() => acquireHomeLock(home)).toThrow(new RegExp(`in use by another tender start \\(pid ${process.pid} `));
    first.release();
    const second = acquireHomeLock(home);
    second.release();

    // A lock left by a process that died (kill -9 leaves the file behind) is stale.
    const dead = spawn(process.execPath, ['-e', '0']);
    const pid = dead.pid!;
    await new Promise((r) => dead.once('exit', r));
    await writeFile(join(home, 'tender.lock'), JSON.stringify({ pid, host: hostname(), startedAt: 'then' }));
    const third = acquireHomeLock(home);
    expect(JSON.parse(await readFile(third.file, 'utf8')).pid).toBe(process.pid);
    third.release();
    // A lock written on another host is never taken over: its pid means nothing here.
    await writeFile(join(home, 'tender.lock'), JSON.stringify({ pid, host: 'elsewhere', startedAt: 'then' }));
    expect(() => acquireHomeLock(home)).toThrow(/pid \d+ on elsewhere/);
    await rm(join(home, 'tender.lock'));
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the devnet owner lock (PostgreSQL)', () => {
  it('one devnet owner per database: the second is refused until the first releases', async () => {
    const db = await scratchDatabase();
    try {
      const first = await acquireDevnetOwnerLock({ url: db.url, checkMs: 50 });
      await expect(acquireDevnetOwnerLock({ url: db.url })).rejects.toThrow(
        /another tender start already runs the devnet for this database/,
      );
      // Held across its re-checks (re-entrant for the holder).
      await new Promise((r) => setTimeout(r, 200));
      await expect(acquireDevnetOwnerLock({ url: db.url })).rejects.toBeInstanceOf(StartRefusedError);
      await first.release();
      const second = await acquireDevnetOwnerLock({ url: db.url });
      await second.release();
    } finally {
      await db.drop();
    }
  });
});

describe('two tender start processes', () => {
  it.skipIf(!!process.env.DATABASE_URL)(
    'on one TENDER_HOME: the second is refused with one line and the first keeps serving',
    async () => {
      const env = await tenderEnv();
      homes.push(env.TENDER_HOME!);
      const first = startTenderChild(env);
      children.push(first);
      await healthy(first, env);
      const second = startTenderChild({
        ...env,
        GATEWAY_PORT: String(Number(env.GATEWAY_PORT) + 1),
      });
      children.push(second);
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^tender: TENDER_HOME .* is in use by another tender start \(pid \d+/);
      expect((await fetch(`http://127.0.0.1:${env.GATEWAY_PORT}/healthz`)).ok).toBe(true);
      expect(await stopTender(first)).toBe(0);
    },
    180_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'on one database with two homes: a second devnet or other secret keys are refused with one line; DEVNET=false with the same keys shares it',
    async () => {
      const db = await scratchDatabase();
      try {
        const env = await tenderEnv({ DATABASE_URL: db.url });
        homes.push(env.TENDER_HOME!);
        const first = startTenderChild(env);
        children.push(first);
        await healthy(first, env);
        const env2 = await tenderEnv({ DATABASE_URL: db.url });
        homes.push(env2.TENDER_HOME!);
        const second = startTenderChild(env2);
        children.push(second);
        const exit = await second.exited;
        expect(exit.code).toBe(1);
        const lines = second.output().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(/^tender: another tender start already runs the devnet for this database/);
        // Without a devnet, but with other secret keys (its own home's dev keys): refused, in one line.
        const env4 = await tenderEnv({ DATABASE_URL: db.url, DEVNET: 'false' });
        homes.push(env4.TENDER_HOME!);
        const fourth = startTenderChild(env4);
        children.push(fourth);
        expect((await fourth.exited).code).toBe(1);
        const refused = fourth.output().trim().split('\n');
        expect(refused).toHaveLength(1);
        expect(refused[0]).toMatch(/^tender: SECRET_BOX_KEYS key "dev1" is not the key that sealed this database/);
        // Without a devnet of its own and with the same keys, a second process shares the database.
        const keys = (await readFile(join(env.TENDER_HOME!, 'secret-box.key'), 'utf8')).trim();
        const env3 = await tenderEnv({ DATABASE_URL: db.url, DEVNET: 'false', SECRET_BOX_KEYS: keys });
        homes.push(env3.TENDER_HOME!);
        const third = startTenderChild(env3);
        children.push(third);
        await healthy(third, env3);
        expect(await stopTender(third)).toBe(0);
        expect(await stopTender(first)).toBe(0);
      } finally {
        await db.drop();
      }
    },
    240_000,
  );
});
