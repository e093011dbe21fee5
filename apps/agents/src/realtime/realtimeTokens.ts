import { hashToken, newSecretToken, type Sql } from '@tender/platform';
import { AgentError } from '../http/errors.ts';
import { tenantSuspended } from '../tenants/tenants.ts';

/** Realtime tokens: `rt_v1_` + 40 base62 characters (~238 bits). Only the SHA-256 hex is stored. */
export const REALTIME_TOKEN_PREFIX = 'rt_v1_';
const TOKEN_SHAPE = /^rt_v1_[0-9A-Za-z]{40}$/;
/** The spec's lifetime: 15 minutes. */
export const REALTIME_TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * Issues a realtime token for the tenant of an access token (the bearer header of the request). It authenticates
 * only WebSocket sessions, only until it expires (15 minutes, by the database clock), and only while that access
 * token is not revoked. It may open several sessions (reconnects) within its lifetime.
 */
export async function issueRealtimeToken(
  sql: Sql,
  p: { tenantId: string; authorization: string },
): Promise<{ token: string; expiresAt: Date }> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(p.authorization)?.[1] ?? '';
  const token = newSecretToken(REALTIME_TOKEN_PREFIX);
  const rows = await sql.query<{ expires_at: Date }>(
    `insert into agent_realtime_tokens (token_hash, tenant_id, access_token_id, expires_at)
     select $1, t.tenant_id, t.id, now() + ($4::double precision * interval '1 millisecond')
       from agent_access_tokens t
      where t.token_hash = $2 and t.tenant_id = $3 and t.revoked_at is null
     returning expires_at`,
    [hashToken(token), hashToken(bearer), p.tenantId, REALTIME_TOKEN_TTL_MS],
  );
  // The paywall authenticated this very header a moment ago; a revocation in between is the only way here.
  if (!rows[0]) throw new AgentError('AUTH_REQUIRED', 'This access token was revoked; use its replacement');
  return { token, expiresAt: rows[0].expires_at };
}

export interface RealtimeIdentity {
  tenantId: string;
  /** The access token it was obtained with: revoking that one closes the sessions (gateway). */
  accessTokenId: string;
  walletAddress: string;
  expiresAt: Date;
}

/**
 * Resolves a realtime token. Malformed or unknown → INVALID_TOKEN; expired, or its access token revoked →
 * AUTH_REQUIRED (obtain a new one with GET /api/v1/events/realtime-token).
 */
export async function verifyRealtimeToken(sql: Sql, token: unknown): Promise<RealtimeIdentity> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) {
    throw new AgentError(
      'INVALID_TOKEN',
      'session.authenticate needs the rt_v1_… token of GET /api/v1/events/realtime-token',
    );
  }
  const rows = await sql.query<{
    tenant_id: string;
    access_token_id: string;
    wallet_address: string;
    expires_at: Date;
    live: boolean;
    revoked: boolean;
    suspended: boolean;
  }>(
    `select r.tenant_id, r.access_token_id, a.wallet_address, r.expires_at, r.expires_at > now() as live, t.revoked_at is not null as revoked,
            a.suspended_at is not null as suspended
       from agent_realtime_tokens r
       join agent_access_tokens t on t.id = r.access_token_id
       join agent_tenants a on a.id = r.tenant_id
      where r.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) throw new AgentError('INVALID_TOKEN', 'Unknown realtime token');
  if (!row.live)
    throw new AgentError(
      'AUTH_REQUIRED',
      'This realtime token expired; get a new one from GET /api/v1/events/realtime-token',
    );
  if (row.revoked) throw new AgentError('AUTH_REQUIRED', 'The access token behind this realtime token was revoked');
  if (row.suspended) throw tenantSuspended();
  return {
    tenantId: row.tenant_id,
    accessTokenId: row.access_token_id,
    walletAddress: row.wallet_address,
    expiresAt: row.expires_at,
  };
}

/** Drops tokens that expired more than a day ago (they can authenticate nothing). */
export async function pruneRealtimeTokens(sql: Sql): Promise<number> {
  const rows = await sql.query(
    `delete from agent_realtime_tokens where expires_at < now() - interval '1 day' returning token_hash`,
  );
  return rows.length;
}
