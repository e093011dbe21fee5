import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseKeyRing, type KeyRing } from '@tender/platform';

/**
 * The dev profile's secret-box key ring: kept in TENDER_HOME/secret-box.key (mode 0600) so that secrets sealed in
 * the dev database still open after a restart. Production must set SECRET_BOX_KEYS (the config refuses to start
 * without it).
 */
export async function devSecretKeys(home: string): Promise<KeyRing> {
  const file = join(home, 'secret-box.key');
  try {
    return parseKeyRing((await readFile(file, 'utf8')).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const ring = `dev1:${randomBytes(32).toString('hex')}`;
  await mkdir(home, { recursive: true });
  await writeFile(file, `${ring}\n`, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return parseKeyRing((await readFile(file, 'utf8')).trim());
}
