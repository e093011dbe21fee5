import { hashToken, newId, type Sql } from '@tender/platform';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { audit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';

/** The dev merchant owner's sign-in address (its password is the home's: `tender start` generates it). */
export const DEV_MERCHANT_EMAIL = 'dev@tender.localhost';

// Advisory lock serialising concurrent `tender start`s against one database.
const DEV_MERCHANT_LOCK = 7_283_101;

/**
 * Dev profile only: the merchant `tender start` prepares so a newcomer can call the API at once. Creates the dev
 * merchant on first start. `homeKey` is the dev key this TENDER_HOME already holds (in its dev.json): while it is a
 * valid dev key of the dev merchant it is kept, so a restart, a second process on the same home and any program
 * that read dev.json earlier go on working. Otherwise (a fresh home, or the key was revoked) a new `sk_test_` key
 * (role admin) is issued; keys held by other homes on the same database are left alone. With `ownerPassword` (the
 * home's), the merchant also gets an owner who can sign in to the dashboard (ensureDevOwner). Refused on the
 * production profile.
 */
export async function ensureDevMerchant(
  ctx: GatewayContext,
  opts: { homeKey?: string | undefined; ownerPassword?: string | undefined } = {},
): Promise<{ merchantId: string; testApiKey: string; reused: boolean; owner?: { email: string } }> {
  if (ctx.config.profile !== 'dev') throw new Error('ensureDevMerchant runs on the dev profile only');
  const now = ctx.now();
  // Hashed before the transaction (argon2 takes a while); used only when the owner's hash does not verify it.
  const ownerHash = opts.ownerPassword ? await hashPassword(opts.ownerPassword, ctx.auth.passwordHashing) : undefined;
  const key = await ctx.db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [DEV_MERCHANT_LOCK]);
    let [merchant] = await tx.query<{ id: string }>('select id from merchants where is_dev');
    if (!merchant) {
      merchant = { id: newId('acct') };
      await tx.query(
        `insert into merchants (id, business_name, is_dev, created_at) values ($1, 'Dev merchant', true, $2)`,
        [merchant.id, now],
      );
      await audit(tx, {
        merchantId: merchant.id,
        action: 'account.created',
        actor: SYSTEM_ACTOR,
        target: { type: 'merchant', id: merchant.id },
        data: { method: 'dev_profile' },
        at: now,
      });
    }
    if (opts.homeKey) {
      const [held] = await tx.query<{ id: string }>(
        `select id from api_keys where merchant_id = $1 and is_dev and revoked_at is null and token_hash = $2`,
        [merchant.id, hashToken(opts.homeKey)],
      );
      if (held) return { merchantId: merchant.id, testApiKey: opts.homeKey, reused: true };
    }
    const { secret } = await issueApiKey(tx, {
      merchantId: merchant.id,
      name: 'Dev key (tender start)',
      environment: 'test',
      role: 'admin',
      createdBy: null,
      isDev: true,
      actor: SYSTEM_ACTOR,
      now,
    });
    return { merchantId: merchant.id, testApiKey: secret, reused: false };
  });
  if (!opts.ownerPassword || !ownerHash) return key;
  const owner = await ensureDevOwner(ctx, key.merchantId, opts.ownerPassword, ownerHash);
  return { ...key, owner };
}

/**
 * The dev merchant's owner, who signs in to /dashboard/ with DEV_MERCHANT_EMAIL (verified: live mode is unlocked)
 * and the home's password. Created on first start; afterwards its password is set to the home's when it no longer
 * verifies (another home on the same database started last, or the developer changed it), so the password this
 * home prints always works. An address the developer gave the owner since is kept and returned.
 */
async function ensureDevOwner(
  ctx: GatewayContext,
  merchantId: string,
  password: string,
  hash: string,
): Promise<{ email: string }> {
  const now = ctx.now();
  const owner = await findDevOwner(ctx.db, merchantId);
  if (owner && owner.password_hash && (await verifyPassword(owner.password_hash, password))) {
    return { email: owner.email ?? DEV_MERCHANT_EMAIL };
  }
  return ctx.db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [DEV_MERCHANT_LOCK]);
    const current = await findDevOwner(tx, merchantId);
    if (current) {
      await tx.query(
        `update users set password_hash = $2, email = coalesce(email, $3),
                email_verified_at = coalesce(email_verified_at, $4) where id = $1`,
        [current.id, hash, DEV_MERCHANT_EMAIL, now],
      );
      return { email: current.email ?? DEV_MERCHANT_EMAIL };
    }
    const userId = newId('user');
    await tx.query(
      `insert into users (id, merchant_id, role, email, email_verified_at, password_hash, created_at)
       values ($1, $2, 'owner', $3, $4, $5, $4)`,
      [userId, merchantId, DEV_MERCHANT_EMAIL, now, hash],
    );
    await audit(tx, {
      merchantId,
      action: 'account.signed_up',
      actor: SYSTEM_ACTOR,
      target: { type: 'user', id: userId },
      data: { method: 'dev_profile', email: DEV_MERCHANT_EMAIL },
      at: now,
    });
    return { email: DEV_MERCHANT_EMAIL };
  });
}

async function findDevOwner(sql: Sql, merchantId: string) {
  const [row] = await sql.query<{ id: string; email: string | null; password_hash: string | null }>(
    `select id, email, password_hash from users where merchant_id = $1 and role = 'owner'
      order by created_at, id limit 1`,
    [merchantId],
  );
  return row;
}
