import { hashToken, newSecretToken, type Sql } from '@tender/platform';
import { AgentError } from '../http/errors.ts';

/** Access tokens: `at_v1_` + 40 base62 characters. Only SHA-256 hex is stored. */
export const ACCESS_TOKEN_PREFIX = 'at_v1_';
const TOKEN_SHAPE = /^at_v1_[0-9A-Za-z]{40}$/;

export interface Tenant {
  id: string;
  walletAddress: `0x${string}`;
  /** Set when an operator suspended the tenant (findTenantByWallet reports it; authenticateBearer refuses). */
  suspended?: boolean;
  /**
   * True when the tenant's first access token is known to be issued (first_token_issued_at is never unset, and every
   * token sets it): issueFirstToken then answers null without its conditional update.
   */
  firstTokenIssued?: boolean;
}

/** The refusal of every call of a suspended tenant, before any challenge or settlement. */
export function tenantSuspended(): AgentError {
  return new AgentError(
    'TENANT_SUSPENDED',
    'The operator suspended this wallet: its calls are refused and nothing is charged. Contact the operator.',
  );
}

/**
 * Resolves `Authorization: Bearer …` to its tenant.
 * Missing → AUTH_REQUIRED; malformed or unknown → INVALID_TOKEN; revoked → AUTH_REQUIRED (supply a valid token).
 */
export async function authenticateBearer(sql: Sql, header: string | undefined): Promise<Tenant> {
  if (!header) {
    throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = m?.[1];
  if (!token || !TOKEN_SHAPE.test(token)) {
    throw new AgentError('INVALID_TOKEN', 'The Authorization header is not a Bearer at_v1_… access token', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  const rows = await sql.query<{
    tenant_id: string;
    wallet_address: string;
    revoked_at: Date | null;
    suspended_at: Date | null;
  }>(
    `select t.tenant_id, a.wallet_address, t.revoked_at, a.suspended_at
       from agent_access_tokens t join agent_tenants a on a.id = t.tenant_id
      where t.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) {
    throw new AgentError('INVALID_TOKEN', 'Unknown access token; use the token issued to your wallet', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  if (row.revoked_at) {
    throw new AgentError('AUTH_REQUIRED', 'This access token was revoked; use its replacement', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
  }
  if (row.suspended_at) throw tenantSuspended();
  return { id: row.tenant_id, walletAddress: row.wallet_address as `0x${string}`, firstTokenIssued: true };
}

/** The tenant of a wallet, created when absent. Concurrent callers get the same row (unique wallet). */
export async function ensureTenant(sql: Sql, walletAddress: string): Promise<Tenant & { created: boolean }> {
  const wallet = walletAddress.toLowerCase();
  const inserted = await sql.query<{ id: string }>(
    `insert into agent_tenants (wallet_address) values ($1) on conflict (wallet_address) do nothing returning id`,
    [wallet],
  );
  if (inserted[0]) return { id: inserted[0].id, walletAddress: wallet as `0x${string}`, created: true };
  const rows = await sql.query<{ id: string }>(`select id from agent_tenants where wallet_address = $1`, [wallet]);
  return { id: rows[0]!.id, walletAddress: wallet as `0x${string}`, created: false };
}

export async function findTenantByWallet(sql: Sql, walletAddress: string): Promise<Tenant | null> {
  const rows = await sql.query<{ id: string; wallet_address: string; suspended: boolean; token_issued: boolean }>(
    `select id, wallet_address, suspended_at is not null as suspended, first_token_issued_at is not null as token_issued
       from agent_tenants where wallet_address = $1`,
    [walletAddress.toLowerCase()],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    walletAddress: r.wallet_address as `0x${string}`,
    suspended: r.suspended,
    firstTokenIssued: r.token_issued,
  };
}

/**
 * Issues the tenant's first access token, exactly once in the tenant's life: the conditional update on
 * first_token_issued_at lets one transaction win. Returns the plaintext token to the winner (to be shown once and
 * never stored), null to everyone after, at once when the tenant is known to hold one (`firstTokenIssued`). Must run
 * in the transaction that stores the provisioning response, so a token is never issued without the response that
 * shows it being committed with it.
 */
export async function issueFirstToken(
  sql: Sql,
  tenant: Pick<Tenant, 'id' | 'firstTokenIssued'>,
): Promise<string | null> {
  if (tenant.firstTokenIssued) return null;
  const tenantId = tenant.id;
  const won = await sql.query(
    `update agent_tenants set first_token_issued_at = now() where id = $1 and first_token_issued_at is null returning id`,
    [tenantId],
  );
  if (won.length === 0) return null;
  const token = newSecretToken(ACCESS_TOKEN_PREFIX);
  await sql.query(`insert into agent_access_tokens (tenant_id, token_hash) values ($1, $2)`, [
    tenantId,
    hashToken(token),
  ]);
  return token;
}

/** Revokes one token (dashboard replacement flow; tests). */
export async function revokeToken(sql: Sql, token: string): Promise<boolean> {
  const rows = await sql.query(
    `update agent_access_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null returning id`,
    [hashToken(token)],
  );
  return rows.length > 0;
}
