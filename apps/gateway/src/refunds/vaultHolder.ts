// Whose refunds a transfer from a vault address can fulfil. A refund is money leaving the merchant's own vault, so a
// transfer from address V on a network counts for merchant M only when M holds V there:
//  * a merchant who has proven V (settings/vaultProof.ts; at most one per network and environment) holds it alone;
//  * with no proof, every merchant that names V as its vault holds it (rows from before proofs existed, duplicates
//    included: prove the vault to end the sharing);
//  * nobody naming V (M moved to another vault since the payment), the payment's own vault still counts for M.
// Without this rule a merchant that named another's vault address could file a refund to the same recipient first
// and have the other merchant's transfer complete its own request.
import type { Sql } from '@tender/platform';

/**
 * SQL condition over the given column expressions: the transfer from vault `vault` on `network` counts for merchant
 * `merchant` in `environment`.
 */
export function vaultCountsForSql(e: {
  merchant: string;
  environment: string;
  network: string;
  vault: string;
}): string {
  return `not exists (select 1 from merchant_vaults o
    where o.network = ${e.network} and o.environment = ${e.environment} and o.address = ${e.vault}
      and o.merchant_id <> ${e.merchant}
      and (o.verified_at is not null or not exists (select 1 from merchant_vaults m where m.network = o.network
        and m.environment = o.environment and m.address = o.address and m.merchant_id = ${e.merchant})))`;
}

/** Whether a transfer from `vault` (lowercase) on `network` counts for the merchant's refunds in `environment`. */
export async function vaultCountsFor(
  sql: Sql,
  p: { merchantId: string; environment: string; network: string; vault: string },
): Promise<boolean> {
  const [row] = await sql.query<{ ok: boolean }>(
    `select ${vaultCountsForSql({ merchant: '$1', environment: '$2', network: '$3', vault: '$4' })} as ok`,
    [p.merchantId, p.environment, p.network, p.vault],
  );
  return row!.ok;
}
