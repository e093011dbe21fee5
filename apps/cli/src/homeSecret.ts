import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * A secret the dev home keeps across restarts (mode 0600): read from TENDER_HOME/<name>, or generated once.
 *
 * Several processes may start at once on one home (`tender start --role …`). The secret is written whole to a file
 * of this process's own and then hard-linked into place: the link either appears with the complete secret or fails
 * because another process's is already there, so no reader ever sees a created but not yet written file, and every
 * process ends up with the one secret that won.
 */
export async function homeSecret(home: string, name: string, generate: () => string): Promise<string> {
  const file = join(home, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(home, { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(own, `${generate()}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(own, file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  } finally {
    await unlink(own);
  }
  return (await readFile(file, 'utf8')).trim();
}
