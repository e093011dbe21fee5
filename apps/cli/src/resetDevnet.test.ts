import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTenderConfig } from './cliConfig.ts';
import { acquireHomeLock } from './homeLock.ts';
import { resetDevnet } from './resetDevnet.ts';

describe('tender devnet reset', () => {
  const homes: string[] = [];
  afterEach(() => homes.splice(0).forEach((h) => rmSync(h, { recursive: true, force: true })));
  const home = () => {
    const h = mkdtempSync(join(tmpdir(), 'tender-reset-'));
    homes.push(h);
    for (const d of ['pglite', 'devnet']) mkdirSync(join(h, d));
    writeFileSync(join(h, 'dev.json'), '{}');
    writeFileSync(join(h, 'secret-box.key'), 'k');
    return h;
  };
  const config = (h: string, extra: Record<string, string> = {}) => loadTenderConfig({ TENDER_HOME: h, ...extra });

  it('says what it would delete and deletes nothing without --yes', () => {
    const h = home();
    const lines: string[] = [];
    expect(resetDevnet(config(h), { yes: false, out: (l) => lines.push(l) })).toBe(2);
    expect(lines.join('\n')).toContain('DELETES the local chain');
    expect(existsSync(join(h, 'pglite'))).toBe(true);
  });

  it('deletes the chain, the embedded database and dev.json together with --yes, and keeps the secret-box key', () => {
    const h = home();
    expect(resetDevnet(config(h), { yes: true, out: () => {} })).toBe(0);
    for (const p of ['pglite', 'devnet', 'dev.json']) expect(existsSync(join(h, p))).toBe(false);
    expect(existsSync(join(h, 'secret-box.key'))).toBe(true);
  });

  it('refuses while a tender start holds the home, and never touches a PostgreSQL database', () => {
    const h = home();
    const lock = acquireHomeLock(h);
    try {
      // The lock is this process's: a second holder is refused like another `tender start` would be.
      expect(() => resetDevnet(config(h), { yes: true, out: () => {} })).toThrow(/in use by another tender start/);
    } finally {
      lock.release();
    }
    expect(existsSync(join(h, 'pglite'))).toBe(true);
    expect(() =>
      resetDevnet(config(h, { DATABASE_URL: 'postgres://x@127.0.0.1/db' }), { yes: true, out: () => {} }),
    ).toThrow(/only resets the embedded database/);
  });
});
