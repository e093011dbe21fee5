import { hashToken, newId, newSecretToken, type Sql } from '@tender/platform';
import { getUser } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import { covers, type KeyRole } from '../auth/permissions.ts';
import { actorOf, type Actor, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { decodeInstantCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import type { Environment } from '../tenant.ts';

/** The key prefix is the environment: `sk_test_` keys work on testnets, `sk_live_` keys on mainnets. */
export const KEY_PREFIX: Record<Environment, string> = { test: 'sk_test_', live: 'sk_live_' };

export interface ApiKey {
  id: string;
  name: string;
  environment: Environment;
  role: KeyRole;
  /** `sk_test_` or `sk_live_`: with `last4`, all that is ever shown of a key after creation. */
  prefix: string;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

interface KeyRow {
  id: string;
  name: string;
  environment: Environment;
  role: KeyRole;
  last4: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const KEY_COLUMNS = 'id, name, environment, role, last4, created_at, last_used_at, revoked_at';

function rowToKey(r: KeyRow): ApiKey {
  return {
    id: r.id,
    name: r.name,
    environment: r.environment,
    role: r.role,
    prefix: KEY_PREFIX[r.environment],
    last4: r.last4,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  };
}

/**
 * Inserts a key and records `api_key.created`, in the caller's transaction. Returns the secret, which exists
 * nowhere else: only its SHA-256 hash is stored.
 */
export async function issueApiKey(
  sql: Sql,
  p: {
    merchantId: string;
    name: string;
    environment: Environment;
    role: KeyRole;
    createdBy: string | null;
    isDev?: boolean;
    actor: Actor;
    now: Date;
  },
): Promise<{ key: ApiKey; secret: string }> {
  const id = newId('key');
  const secret = newSecretToken(KEY_PREFIX[p.environment]);
  const last4 = secret.slice(-4);
  await sql.query(
    `insert into api_keys (id, merchant_id, name, environment, role, token_hash, last4, created_by, is_dev, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, p.merchantId, p.name, p.environment, p.role, hashToken(secret), last4, p.createdBy, p.isDev ?? false, p.now],
  );
  await audit(sql, {
    merchantId: p.merchantId,
    action: 'api_key.created',
    actor: p.actor,
    environment: p.environment,
    target: { type: 'api_key', id },
    data: { name: p.name, role: p.role, last4 },
    at: p.now,
  });
  const key: ApiKey = {
    id,
    name: p.name,
    environment: p.environment,
    role: p.role,
    prefix: KEY_PREFIX[p.environment],
    last4,
    createdAt: p.now,
    lastUsedAt: null,
    revokedAt: null,
  };
  return { key, secret };
}

/**
 * POST /v1/api-keys. A person (session) creates keys; a key never mints another key. The new key's role must be
 * within the creator's own, and a live key needs the creator's email verified first.
 */
export async function createApiKey(
  ctx: GatewayContext,
  principal: Principal,
  p: { name: string; environment: Environment; role: KeyRole },
): Promise<{ key: ApiKey; secret: string }> {
  if (principal.kind !== 'session' || !principal.userId) {
    throw new GatewayError('SESSION_REQUIRED', 'API keys are created from a dashboard session, not with an API key');
  }
  if (!covers(principal.role, p.role)) {
    throw new GatewayError(
      'PERMISSION_DENIED',
      `Your role (${principal.role}) cannot create a key with role ${p.role}`,
    );
  }
  const userId = principal.userId;
  return ctx.db.tx(async (tx) => {
    if (p.environment === 'live') {
      const user = await getUser(tx, principal.merchantId, userId);
      if (!user?.emailVerifiedAt) {
        throw new GatewayError(
          'EMAIL_NOT_VERIFIED',
          'Verify your account email before creating live keys (POST /v1/auth/email/verify)',
        );
      }
    }
    return issueApiKey(tx, {
      merchantId: principal.merchantId,
      name: p.name,
      environment: p.environment,
      role: p.role,
      createdBy: userId,
      actor: actorOf(principal),
      now: ctx.now(),
    });
  });
}

/** The merchant's keys, newest first; revoked keys included (with `revokedAt`). */
export async function listApiKeys(
  ctx: GatewayContext,
  principal: Principal,
  p: { limit: number; cursor?: string | undefined; environment?: Environment | undefined },
): Promise<{ keys: ApiKey[]; nextCursor: string | null }> {
  const after = p.cursor ? decodeInstantCursor(p.cursor, 'k') : null;
  const rows = await ctx.db.query<KeyRow>(
    `select ${KEY_COLUMNS} from api_keys
      where merchant_id = $1
        and ($2::text is null or environment = $2)
        and ($3::timestamptz is null or (created_at, id) < ($3::timestamptz, $4::text))
      order by created_at desc, id desc
      limit $5`,
    [principal.merchantId, p.environment ?? null, after?.at ?? null, after?.id ?? null, p.limit + 1],
  );
  const page = rows.slice(0, p.limit).map(rowToKey);
  const last = page[page.length - 1];
  return {
    keys: page,
    nextCursor: rows.length > p.limit && last ? encodeCursor(['k', last.createdAt.toISOString(), last.id]) : null,
  };
}

/**
 * Revokes a key of the caller's merchant; the key stops working at once. Revoking a revoked key changes nothing
 * and answers it as it is. Another merchant's key id answers 404 like an unknown one.
 */
export async function revokeApiKey(ctx: GatewayContext, principal: Principal, keyId: string): Promise<ApiKey> {
  const now = ctx.now();
  const revoked = await ctx.db.tx(async (tx) => {
    const [row] = await tx.query<KeyRow>(
      `select ${KEY_COLUMNS} from api_keys where id = $1 and merchant_id = $2 for update`,
      [keyId, principal.merchantId],
    );
    if (!row) throw new GatewayError('RESOURCE_NOT_FOUND', `No API key ${keyId}`);
    if (row.revoked_at) return rowToKey(row);
    await tx.query('update api_keys set revoked_at = $2 where id = $1', [keyId, now]);
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'api_key.revoked',
      actor: actorOf(principal),
      environment: row.environment,
      target: { type: 'api_key', id: keyId },
      data: { name: row.name, last4: row.last4 },
      at: now,
    });
    return rowToKey({ ...row, revoked_at: now });
  });
  ctx.apiKeys.forget(keyId);
  return revoked;
}
