import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * `.tender/dev.json`: where everything is, for programs (tests, examples, scripts). Sections are merged so each
 * part of `tender start` (and later issues) adds its own fields. Written atomically.
 */
export type DevJson = Record<string, Record<string, unknown>>;

export const devJsonPath = (home: string): string => join(home, 'dev.json');

export async function readDevJson(home: string): Promise<DevJson> {
  try {
    return JSON.parse(await readFile(devJsonPath(home), 'utf8')) as DevJson;
  } catch {
    return {};
  }
}

export async function writeDevJson(home: string, json: DevJson): Promise<void> {
  const path = devJsonPath(home);
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}
