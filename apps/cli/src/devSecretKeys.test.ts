import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { devMerchantPassword, devSecretKeys } from './devSecretKeys.ts';

describe('devSecretKeys', () => {
  const homes: string[] = [];
  afterAll(() => Promise.all(homes.map((h) => rm(h, { recursive: true, force: true }))));

  it('many starts at once on one home all get the same complete ring, and leave one 0600 file', async () => {
    const home = join(await mkdtemp(join(tmpdir(), 'tender-keys-')), 'home');
    homes.push(home);
    const rings = await Promise.all(Array.from({ length: 16 }, () => devSecretKeys(home)));
    expect(rings[0]!.current).toBe('dev1');
    for (const r of rings) expect(r).toEqual(rings[0]);
    expect(await readdir(home)).toEqual(['secret-box.key']);
    expect((await stat(join(home, 'secret-box.key'))).mode & 0o777).toBe(0o600);
    // A restart reads the same ring back.
    expect(await devSecretKeys(home)).toEqual(rings[0]);
  });

  it("the dev merchant's password: one per home, 0600, the same after a restart", async () => {
    const home = join(await mkdtemp(join(tmpdir(), 'tender-keys-')), 'home');
    const other = join(await mkdtemp(join(tmpdir(), 'tender-keys-')), 'home');
    homes.push(home, other);
    const passwords = await Promise.all(Array.from({ length: 8 }, () => devMerchantPassword(home)));
    expect(passwords[0]).toMatch(/^[\w-]{20}$/);
    for (const p of passwords) expect(p).toBe(passwords[0]);
    expect((await stat(join(home, 'dev-merchant.password'))).mode & 0o777).toBe(0o600);
    expect(await devMerchantPassword(home)).toBe(passwords[0]);
    expect(await devMerchantPassword(other)).not.toBe(passwords[0]);
  });
});
