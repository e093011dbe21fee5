import { newId, type Sql } from '@tender/platform';
import type { Role } from '../auth/permissions.ts';

export interface Merchant {
  id: string;
  businessName: string;
  /** The support contact customers see on the hosted pages (businessProfile.ts); null when not given. */
  supportEmail: string | null;
  supportUrl: string | null;
  createdAt: Date;
}

export interface User {
  id: string;
  merchantId: string;
  role: Role;
  email: string | null;
  emailVerifiedAt: Date | null;
  /** argon2id PHC string; null for identity-provider-only users. Never leaves the server. */
  passwordHash: string | null;
  createdAt: Date;
}

interface UserRow {
  id: string;
  merchant_id: string;
  role: Role;
  email: string | null;
  email_verified_at: Date | null;
  password_hash: string | null;
  created_at: Date;
}

export const USER_COLUMNS = 'u.id, u.merchant_id, u.role, u.email, u.email_verified_at, u.password_hash, u.created_at';

export function rowToUser(r: UserRow): User {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    role: r.role,
    email: r.email,
    emailVerifiedAt: r.email_verified_at,
    passwordHash: r.password_hash,
    createdAt: r.created_at,
  };
}

/** A new merchant account and its owner, in the caller's transaction. */
export async function createMerchantWithOwner(
  sql: Sql,
  p: {
    businessName: string;
    email: string | null;
    emailVerifiedAt: Date | null;
    passwordHash: string | null;
    now: Date;
  },
): Promise<{ merchant: Merchant; user: User }> {
  const merchantId = newId('acct');
  const userId = newId('user');
  await sql.query('insert into merchants (id, business_name, created_at) values ($1, $2, $3)', [
    merchantId,
    p.businessName,
    p.now,
  ]);
  await sql.query(
    `insert into users (id, merchant_id, role, email, email_verified_at, password_hash, created_at)
     values ($1, $2, 'owner', $3, $4, $5, $6)`,
    [userId, merchantId, p.email, p.emailVerifiedAt, p.passwordHash, p.now],
  );
  return {
    merchant: { id: merchantId, businessName: p.businessName, supportEmail: null, supportUrl: null, createdAt: p.now },
    user: {
      id: userId,
      merchantId,
      role: 'owner',
      email: p.email,
      emailVerifiedAt: p.emailVerifiedAt,
      passwordHash: p.passwordHash,
      createdAt: p.now,
    },
  };
}

export async function getMerchant(sql: Sql, merchantId: string): Promise<Merchant | undefined> {
  const [r] = await sql.query<{
    id: string;
    business_name: string;
    support_email: string | null;
    support_url: string | null;
    created_at: Date;
  }>('select id, business_name, support_email, support_url, created_at from merchants where id = $1', [merchantId]);
  return (
    r && {
      id: r.id,
      businessName: r.business_name,
      supportEmail: r.support_email,
      supportUrl: r.support_url,
      createdAt: r.created_at,
    }
  );
}

/**
 * The user with `userId` as a member of `merchantId` (both from credentials), optionally locked for update:
 * `merchantId` and `role` are those of the membership (merchant_members), which may differ from the user's home.
 */
export async function getUser(sql: Sql, merchantId: string, userId: string, lock = false): Promise<User | undefined> {
  const [r] = await sql.query<UserRow>(
    `select u.id, mm.merchant_id, mm.role, u.email, u.email_verified_at, u.password_hash, u.created_at
       from users u join merchant_members mm on mm.user_id = u.id
      where u.id = $1 and mm.merchant_id = $2${lock ? ' for update of u' : ''}`,
    [userId, merchantId],
  );
  return r && rowToUser(r);
}

/**
 * Users who may sign in with a password under this address: the verified holder first, then the newest claimants.
 * Bounded, so that a flood of sign-ups claiming one address cannot make a login verify hundreds of hashes.
 */
export async function passwordUsersByEmail(sql: Sql, email: string): Promise<User[]> {
  const rows = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from users u
      where lower(u.email) = lower($1) and u.password_hash is not null
      order by (u.email_verified_at is not null) desc, u.created_at desc, u.id
      limit 5`,
    [email],
  );
  return rows.map(rowToUser);
}

/** The user holding `email` verified, if any (at most one: users_verified_email). */
export async function verifiedHolderOf(sql: Sql, email: string): Promise<{ id: string } | undefined> {
  const [r] = await sql.query<{ id: string }>(
    'select id from users where lower(email) = lower($1) and email_verified_at is not null',
    [email],
  );
  return r;
}

/** Whether a database error is a unique violation (same SQLSTATE on PostgreSQL and PGlite). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}
