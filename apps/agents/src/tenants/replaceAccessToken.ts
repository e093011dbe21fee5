import { hashToken, newSecretToken, type Database, type Sql } from '@tender/platform';
import { EVENTS_CHANNEL } from '../eventLog/index.ts';
import { ACCESS_TOKEN_PREFIX } from './tenants.ts';

/**
 * NOTIFY payload on the events channel that tells every gateway process an access token was revoked:
 * `r:<access token id>`. Each closes at once the sockets it authenticated through realtime tokens of that access
 * token (realtime/gateway.ts).
 */
export const revokedPayload = (accessTokenId: string) => `r:${accessTokenId}`;

export interface Revocation {
  /** Ids of the access tokens revoked by this call (none when there was nothing live). */
  revoked: string[];
}

/**
 * Issues a new access token for the tenant and revokes every other live one, in one transaction: from its commit
 * the old tokens answer AUTH_REQUIRED over REST, realtime tokens obtained with them authenticate nothing, and the
 * revocation NOTIFY (sent in the same transaction, so delivered exactly at commit) closes their open sockets in every
 * process. The new token is returned once and never stored.
 */
export async function replaceAccessToken(
  db: Database,
  p: { tenantId: string; by: 'owner' | 'operator' },
): Promise<Revocation & { token: string; tokenId: string }> {
  const token = newSecretToken(ACCESS_TOKEN_PREFIX);
  const channel = db.channel(EVENTS_CHANNEL);
  return db.tx(async (tx) => {
    const [created] = await tx.query<{ id: string }>(
      `insert into agent_access_tokens (tenant_id, token_hash) values ($1, $2) returning id`,
      [p.tenantId, hashToken(token)],
    );
    // The owner now holds a token: no provisioning may issue another "first" one later.
    await tx.query(
      `update agent_tenants set first_token_issued_at = coalesce(first_token_issued_at, now()) where id = $1`,
      [p.tenantId],
    );
    const revoked = await revokeIn(tx, channel, p.tenantId, p.by, created!.id);
    return { token, tokenId: created!.id, revoked };
  });
}

/** Revokes every live access token of the tenant without issuing another (the owner lost control of it). */
export async function revokeAccessTokens(
  db: Database,
  p: { tenantId: string; by: 'owner' | 'operator' },
): Promise<Revocation> {
  const channel = db.channel(EVENTS_CHANNEL);
  return { revoked: await db.tx((tx) => revokeIn(tx, channel, p.tenantId, p.by, null)) };
}

async function revokeIn(
  tx: Sql,
  channel: string,
  tenantId: string,
  by: 'owner' | 'operator',
  replacement: string | null,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `update agent_access_tokens set revoked_at = now(), revoked_by = $2, replaced_by = $3
      where tenant_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3::uuid)
      returning id`,
    [tenantId, by, replacement],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    await tx.query(`select pg_notify($1, p)::text from unnest($2::text[]) as p`, [channel, ids.map(revokedPayload)]);
  }
  return ids;
}
