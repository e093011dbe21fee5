import { hashToken, newId, newSecretToken, type Sql } from '@tender/platform';
import type { Role } from './permissions.ts';

/** Session tokens: `sess_` + 40 base62 characters (~238 bits). Only the SHA-256 hash is stored. */
export const SESSION_TOKEN_PREFIX = 'sess_';

export interface NewSession {
  id: string;
  /** The bearer secret, returned to the client once and never stored or logged. */
  token: string;
  expiresAt: Date;
}

export async function createSession(
  sql: Sql,
  p: { userId: string; merchantId: string; ip: string | null; now: Date; ttlSeconds: number },
): Promise<NewSession> {
  const id = newId('ses');
  const token = newSecretToken(SESSION_TOKEN_PREFIX);
  const expiresAt = new Date(p.now.getTime() + p.ttlSeconds * 1000);
  await sql.query(
    `insert into sessions (id, token_hash, user_id, merchant_id, created_at, last_seen_at, expires_at, ip)
     values ($1, $2, $3, $4, $5, $5, $6, $7)`,
    [id, hashToken(token), p.userId, p.merchantId, p.now, expiresAt, p.ip],
  );
  return { id, token, expiresAt };
}

export interface ActiveSession {
  id: string;
  userId: string;
  merchantId: string;
  role: Role;
  expiresAt: Date;
  /** The operator suspended the session's merchant (authentication answers 403 MERCHANT_SUSPENDED). */
  merchantSuspended: boolean;
}

export type SessionLookup =
  { ok: true; session: ActiveSession } | { ok: false; reason: 'unknown' | 'ended' | 'expired' | 'idle' };

/**
 * Resolves a bearer session token. Valid while not revoked, its user still a member of its merchant (the role is
 * the membership's), before `expires_at`, and used within the idle timeout; each use moves the idle deadline (written at most once a minute, to keep reads cheap).
 */
export async function resolveSession(
  sql: Sql,
  token: string,
  p: { now: Date; idleSeconds: number },
): Promise<SessionLookup> {
  const [r] = await sql.query<{
    id: string;
    user_id: string;
    merchant_id: string;
    role: Role | null;
    last_seen_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    merchant_suspended: boolean;
  }>(
    `select s.id, s.user_id, s.merchant_id, mm.role, s.last_seen_at, s.expires_at, s.revoked_at,
            m.suspended_at is not null as merchant_suspended
       from sessions s join merchants m on m.id = s.merchant_id
       left join merchant_members mm on mm.user_id = s.user_id and mm.merchant_id = s.merchant_id
      where s.token_hash = $1`,
    [hashToken(token)],
  );
  if (!r) return { ok: false, reason: 'unknown' };
  // No membership: the user was removed from the session's merchant (team/removeMember.ts), which ends it.
  if (r.revoked_at || !r.role) return { ok: false, reason: 'ended' };
  const now = p.now.getTime();
  if (now >= r.expires_at.getTime()) return { ok: false, reason: 'expired' };
  if (now >= r.last_seen_at.getTime() + p.idleSeconds * 1000) return { ok: false, reason: 'idle' };
  if (now - r.last_seen_at.getTime() >= Math.min(60_000, (p.idleSeconds * 1000) / 10)) {
    await sql.query('update sessions set last_seen_at = greatest(last_seen_at, $2) where id = $1', [r.id, p.now]);
  }
  return {
    ok: true,
    session: {
      id: r.id,
      userId: r.user_id,
      merchantId: r.merchant_id,
      role: r.role,
      expiresAt: r.expires_at,
      merchantSuspended: r.merchant_suspended,
    },
  };
}

/** Ends a session (logout). Returns false when it had already ended. */
export async function endSession(sql: Sql, sessionId: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    'update sessions set revoked_at = $2 where id = $1 and revoked_at is null returning id',
    [sessionId, now],
  );
  return rows.length > 0;
}
