import { randomBase62, hashToken, newSecretToken, type Sql } from '@tender/platform';
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe';
import type { OwnerSignInSettings } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import { findTenantByWallet, type Tenant } from '../tenants/tenants.ts';

/** Owner sessions: `os_v1_` + 40 base62 characters. Only SHA-256 hex is stored (agent_owner_sessions). */
export const OWNER_SESSION_PREFIX = 'os_v1_';

export const SIGN_IN_STATEMENT = 'Sign in to the Tender agent services dashboard as the owner of this wallet.';

/**
 * A fresh single-use nonce (EIP-4361: at least 8 alphanumerics; here 24, ~143 bits) and the fields the client puts
 * into its message. Only the nonce's hash is stored; it expires after `nonceTtlMs`.
 */
export async function issueSignInNonce(sql: Sql, s: OwnerSignInSettings, now: Date) {
  const nonce = randomBase62(24);
  const rows = await sql.query<{ expires_at: Date }>(
    `insert into agent_owner_nonces (nonce_hash, expires_at)
     values ($1, now() + ($2::double precision * interval '1 millisecond')) returning expires_at`,
    [hashToken(nonce), s.nonceTtlMs],
  );
  const expiresAt = rows[0]!.expires_at;
  return {
    nonce,
    domain: s.domain,
    uri: s.uri,
    chainId: s.chainId,
    version: '1' as const,
    statement: SIGN_IN_STATEMENT,
    issuedAt: now.toISOString(),
    expirationTime: expiresAt.toISOString(),
  };
}

export interface OwnerSession {
  token: string;
  expiresAt: Date;
  tenant: Tenant;
}

const rejected = (why: string) =>
  new AgentError('SIGN_IN_REJECTED', `Sign-in refused: ${why}. Request a new nonce and sign again.`);

/**
 * Verifies a signed EIP-4361 message and opens an owner session for the wallet's tenant. Refused (SIGN_IN_REJECTED)
 * unless: the message names our domain, our chain and an origin of ours; it has an expiration time that has not
 * passed (nor a notBefore still ahead); the signature is the named address's (EOA, or a contract wallet through
 * EIP-1271/6492); and its nonce is one we issued, unexpired and unused, consumed here by one conditional update, so
 * a message signs in at most once. The signature is checked before the nonce is consumed, so a forged attempt does
 * not burn the owner's nonce.
 */
export async function signInWithEthereum(
  sql: Sql,
  s: OwnerSignInSettings,
  p: { message: string; signature: `0x${string}`; now: Date },
): Promise<OwnerSession> {
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(p.message);
  } catch {
    throw rejected('the message is not an EIP-4361 message');
  }
  if (!parsed.address || !parsed.nonce || parsed.version !== '1') throw rejected('the message is not EIP-4361 v1');
  if (parsed.domain !== s.domain) throw rejected(`the message is for ${parsed.domain ?? 'no domain'}, not ${s.domain}`);
  if (parsed.chainId !== s.chainId) throw rejected(`the message names chain ${parsed.chainId}, not ${s.chainId}`);
  let origin = '';
  try {
    origin = new URL(parsed.uri ?? '').origin;
  } catch {
    /* refused below */
  }
  if (origin !== new URL(s.uri).origin) throw rejected(`the message URI is not on ${new URL(s.uri).origin}`);
  if (!parsed.expirationTime) throw rejected('the message has no expiration time');
  if (parsed.expirationTime.getTime() <= p.now.getTime()) throw rejected('the message expired');
  if (parsed.expirationTime.getTime() - p.now.getTime() > s.nonceTtlMs + 60_000) {
    throw rejected('the message expires too late (use the expirationTime of the nonce)');
  }
  let valid = false;
  try {
    valid = await verifySiweMessage(s.client, {
      message: p.message,
      signature: p.signature,
      domain: s.domain,
      time: p.now,
    });
  } catch {
    valid = false;
  }
  if (!valid) throw rejected(`the signature is not ${parsed.address}'s for this message`);
  const consumed = await sql.query(
    `update agent_owner_nonces set consumed_at = now()
      where nonce_hash = $1 and consumed_at is null and expires_at > now() returning nonce_hash`,
    [hashToken(parsed.nonce)],
  );
  if (consumed.length === 0) throw rejected('the nonce is unknown, expired or already used');
  const tenant = await findTenantByWallet(sql, parsed.address);
  if (!tenant) throw rejected(`${parsed.address.toLowerCase()} has never paid for a service here`);
  const token = newSecretToken(OWNER_SESSION_PREFIX);
  const rows = await sql.query<{ expires_at: Date }>(
    `insert into agent_owner_sessions (token_hash, tenant_id, wallet_address, expires_at)
     values ($1, $2, $3, now() + ($4::double precision * interval '1 millisecond')) returning expires_at`,
    [hashToken(token), tenant.id, tenant.walletAddress, s.sessionTtlMs],
  );
  return { token, expiresAt: rows[0]!.expires_at, tenant };
}

const SESSION_SHAPE = /^os_v1_[0-9A-Za-z]{40}$/;

/** Resolves `Authorization: Bearer os_v1_…` to its tenant; missing, unknown, ended or expired → OWNER_SESSION_REQUIRED. */
export async function authenticateOwner(sql: Sql, header: string | undefined): Promise<Tenant & { tokenHash: string }> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!token || !SESSION_SHAPE.test(token)) {
    throw new AgentError('OWNER_SESSION_REQUIRED', 'Sign in with the owning wallet: Authorization: Bearer os_v1_…', {
      headers: { 'www-authenticate': 'Bearer realm="owner"' },
    });
  }
  const tokenHash = hashToken(token);
  const rows = await sql.query<{ tenant_id: string; wallet_address: string }>(
    `select tenant_id, wallet_address from agent_owner_sessions
      where token_hash = $1 and ended_at is null and expires_at > now()`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) {
    throw new AgentError('OWNER_SESSION_REQUIRED', 'The owner session ended or expired; sign in again', {
      headers: { 'www-authenticate': 'Bearer realm="owner", error="invalid_token"' },
    });
  }
  return { id: row.tenant_id, walletAddress: row.wallet_address as `0x${string}`, tokenHash };
}

export async function endOwnerSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query(`update agent_owner_sessions set ended_at = now() where token_hash = $1 and ended_at is null`, [
    tokenHash,
  ]);
}

/** Drops nonces and sessions that can no longer authenticate anything (a day after they expired). */
export async function pruneOwnerCredentials(sql: Sql): Promise<void> {
  await sql.query(`delete from agent_owner_nonces where expires_at < now() - interval '1 day'`);
  await sql.query(`delete from agent_owner_sessions where expires_at < now() - interval '1 day'`);
}
