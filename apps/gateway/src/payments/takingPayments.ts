// Whether a merchant takes new payments: an operator's suspension (operator/merchantsAdmin.ts) stops its hosted pages
// from opening a payment; what was already paid still settles (the watcher and the sweeps never read it).
import type { Sql } from '@tender/platform';
import { GatewayError } from '../http/errors.ts';

export const NOT_TAKING_PAYMENTS = 'This merchant is not taking payments at the moment';

/** Refuses a public page's request that would start or show an open payment of a suspended merchant. */
export async function assertTakingPayments(sql: Sql, merchantId: string): Promise<void> {
  const [m] = await sql.query<{ suspended: boolean }>(
    'select suspended_at is not null as suspended from merchants where id = $1',
    [merchantId],
  );
  if (m?.suspended) throw new GatewayError('MERCHANT_SUSPENDED', NOT_TAKING_PAYMENTS);
}
