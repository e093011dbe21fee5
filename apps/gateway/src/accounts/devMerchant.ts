import { hashToken, newId } from '@tender/platform';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';

// Advisory lock serialising concurrent `tender start`s against one database.
const DEV_MERCHANT_LOCK = 7_283_101;

/**
 * Dev profile only: the merchant `tender start` prepares so a newcomer can call the API at once. Creates the dev
 * merchant on first start. `homeKey` is the dev key this TENDER_HOME already holds (in its dev.json): while it is a
 * valid dev key of the dev merchant it is kept, so a restart, a second process on the same home and any program
 * that read dev.json earlier go on working. Otherwise (a fresh home, or the key was revoked) a new `sk_test_` key
 * (role admin) is issued; keys held by other homes on the same database are left alone. Refused on the production
 * profile.
 */
export async function ensureDevMerchant(
  ctx: GatewayContext,
  opts: { homeKey?: string | undefined } = {},
): Promise<{ merchantId: string; testApiKey: string; reused: boolean }> {
  if (ctx.config.profile !== 'dev') throw new Error('ensureDevMerchant runs on the dev profile only');
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
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
}
