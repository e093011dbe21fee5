// Can this process open the secrets the database holds? Every process of a deployment must have the same keys
// (SECRET_BOX_KEYS): one with another key would fail every webhook signature and provider call, each looking like a
// remote failure. So the first start seals a canary (system_settings 'secret-box.canary': one sealed value per key
// id), and every start opens it before doing anything else:
//   - a key id of the canary that this process has must open it (same id, other material: refused);
//   - at least one key id of the canary must be among this process's keys (none: refused);
//   - the current key, if new (a rotation), is added to the canary once an older key has opened it.
import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/database.ts';
import { SecretBoxError, type SecretBox } from './secretBox.ts';

const CANARY_KEY = 'secret-box.canary';
const CONTEXT = 'secret-box-canary';

export class SecretBoxMismatchError extends Error {
  override readonly name = 'SecretBoxMismatchError';
}

interface Canary {
  plaintext: string;
  sealed: Record<string, string>;
}

export async function checkSecretBoxCanary(sql: Sql, box: SecretBox): Promise<void> {
  let canary = await read(sql);
  if (!canary) {
    const plaintext = randomBytes(16).toString('hex');
    const fresh: Canary = { plaintext, sealed: { [box.currentKeyId]: box.seal(plaintext, CONTEXT) } };
    await sql.query(`insert into system_settings (key, value) values ($1, $2) on conflict (key) do nothing`, [
      CANARY_KEY,
      fresh,
    ]);
    canary = (await read(sql))!; // another process may have sealed it first: check against theirs
  }
  const ours = new Set(box.keyIds);
  const shared = Object.keys(canary.sealed).filter((id) => ours.has(id));
  if (shared.length === 0) {
    throw new SecretBoxMismatchError(
      `SECRET_BOX_KEYS has none of the keys that sealed this database's secrets (sealed with key id(s) ` +
        `${Object.keys(canary.sealed).join(', ')}; this process has ${[...ours].join(', ')}): give every process ` +
        'the same SECRET_BOX_KEYS',
    );
  }
  for (const id of shared) {
    let opened: string | undefined;
    try {
      opened = box.open(canary.sealed[id]!, CONTEXT);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
    }
    if (opened !== canary.plaintext) {
      throw new SecretBoxMismatchError(
        `SECRET_BOX_KEYS key "${id}" is not the key that sealed this database's secrets (same id, other key): ` +
          'give every process the same SECRET_BOX_KEYS',
      );
    }
  }
  if (!canary.sealed[box.currentKeyId]) {
    // A rotation: the new key joins the canary, proven continuous by the older key that just opened it.
    await sql.query(
      `update system_settings set value = jsonb_set(value, array['sealed', $2::text], to_jsonb($3::text)),
         updated_at = now()
       where key = $1`,
      [CANARY_KEY, box.currentKeyId, box.seal(canary.plaintext, CONTEXT)],
    );
  }
}

async function read(sql: Sql): Promise<Canary | undefined> {
  const [row] = await sql.query<{ value: Canary }>('select value from system_settings where key = $1', [CANARY_KEY]);
  return row?.value;
}
