// Where an agent keeps its access token. The token is shown once, at the first paid provisioning call, and a lost
// token can only be replaced by a person through the dashboard: so it is written to durable storage before the
// call that issued it returns, and a file store renames a fully written (and fsynced) file into place.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface StoredAgentState {
  walletAddress: string;
  accessToken: string | null;
  /** Spend of the current UTC day (base units as a decimal string), for the per-day limit across restarts. */
  spent?: { day: string; units: string };
}

export interface TokenStore {
  load(): Promise<StoredAgentState | null>;
  save(state: StoredAgentState): Promise<void>;
}

export function memoryTokenStore(initial: StoredAgentState | null = null): TokenStore {
  let state = initial;
  return {
    load: async () => state,
    save: async (s) => void (state = { ...s }),
  };
}

/** A JSON file, mode 0600, replaced atomically. */
export function fileTokenStore(path: string): TokenStore {
  return {
    async load() {
      try {
        return JSON.parse(await readFile(path, 'utf8')) as StoredAgentState;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async save(state) {
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      const file = await open(tmp, 'w', 0o600);
      try {
        await file.writeFile(`${JSON.stringify(state, null, 2)}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(tmp, path);
    },
  };
}
