import { newId } from '@tender/platform';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';

// Advisory lock serialising concurrent `tender start`s against one database.
const DEV_MERCHANT_LOCK = 7_283_101;

/**
 * Dev profile only: the merchant `tender start` prepares so a newcomer can call the API at once. Creates the dev
 * merchant on first start; on every start issues a fresh `sk_test_` key (role admin) and revokes the previous dev
 * key, so a key printed by an earlier run stops working. Refused on the production profile.
 */
export async function ensureDevMerchant(ctx: GatewayContext): Promise<{ merchantId: string; testApiKey: string }> {
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
    const revoked = await tx.query<{ id: string; last4: string; name: string }>(
      `update api_keys set revoked_at = $2 where merchant_id = $1 and is_dev and revoked_at is null
       returning id, last4, name`,
      [merchant.id, now],
    );
    for (const k of revoked) {
      await audit(tx, {
        merchantId: merchant.id,
        action: 'api_key.revoked',
        actor: SYSTEM_ACTOR,
        environment: 'test',
        target: { type: 'api_key', id: k.id },
        data: { name: k.name, last4: k.last4, reason: 'replaced by tender start' },
        at: now,
      });
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
    return { merchantId: merchant.id, testApiKey: secret };
  });
}
