import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseKeyRing, type KeyRing } from '@tender/platform';

/**
 * The dev profile's secret-box key ring: kept in TENDER_HOME/secret-box.key (mode 0600) so that secrets sealed in
 * the dev database still open after a restart. Production must set SECRET_BOX_KEYS (the config refuses to start
 * without it).
 *
 * Several processes may start at once on one home (`tender start --role …`). The ring is written whole to a file of
 * this process's own and then hard-linked into place: the link either appears with the complete ring or fails
 * because another process's ring is already there, so no reader ever sees a created but not yet written file, and
 * every process ends up with the one ring that won.
 */
export async function devSecretKeys(home: string): Promise<KeyRing> {
  const file = join(home, 'secret-box.key');
  try {
    return parseKeyRing((await readFile(file, 'utf8')).trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(home, { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(own, `dev1:${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(own, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  } finally {
    await unlink(own);
  }
  return parseKeyRing((await readFile(file, 'utf8')).trim());
}
