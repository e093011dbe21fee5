// Device tokens of the password login: proof that this client signed in with the right password before. The
// per-account failure limit exists to stop strangers guessing; a client holding a device token of the account is
// not a stranger, so it is judged by a limit of its own instead (a stolen device token gives no more guesses than
// the account limit would).
import { hashToken, newSecretToken, type Sql } from '@tender/platform';

export const DEVICE_TOKEN_PREFIX = 'ldt_';
const DEVICE_TOKEN_TTL_MS = 90 * 86_400_000;

/** The user a device token was issued to, when it is known and not expired. */
export async function deviceTokenUser(sql: Sql, token: string, now: Date): Promise<string | undefined> {
  const [row] = await sql.query<{ user_id: string }>(
    'select user_id from login_devices where token_hash = $1 and expires_at > $2',
    [hashToken(token), now],
  );
  return row?.user_id;
}

/**
 * After a successful password login: renews the presented device token when it belongs to this user, else issues
 * a new one. Returns the token to hand back (shown only then; stored as a hash).
 */
export async function renewDeviceToken(
  sql: Sql,
  p: { userId: string; presented: string | undefined; now: Date },
): Promise<string> {
  const expires = new Date(p.now.getTime() + DEVICE_TOKEN_TTL_MS);
  if (p.presented) {
    const renewed = await sql.query(
      `update login_devices set last_used_at = $3, expires_at = $4
       where token_hash = $1 and user_id = $2 and expires_at > $3 returning 1`,
      [hashToken(p.presented), p.userId, p.now, expires],
    );
    if (renewed.length) return p.presented;
  }
  const token = newSecretToken(DEVICE_TOKEN_PREFIX);
  await sql.query(
    `insert into login_devices (token_hash, user_id, created_at, last_used_at, expires_at) values ($1, $2, $3, $3, $4)`,
    [hashToken(token), p.userId, p.now, expires],
  );
  return token;
}
