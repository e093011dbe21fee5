// Memberships (merchant_members, migration 0850): which merchants a person belongs to, with which role. A session
// acts in one of them; sign-in lands in the user's home merchant while they still belong to it, else in the oldest
// membership they hold.
import type { Sql } from '@tender/platform';
import type { Role } from '../auth/permissions.ts';

export interface Membership {
  merchantId: string;
  businessName: string;
  role: Role;
  joinedAt: Date;
}

interface MembershipRow {
  merchant_id: string;
  business_name: string;
  role: Role;
  created_at: Date;
}

const toMembership = (r: MembershipRow): Membership => ({
  merchantId: r.merchant_id,
  businessName: r.business_name,
  role: r.role,
  joinedAt: r.created_at,
});

/** Every merchant the user belongs to, oldest membership first. */
export async function membershipsOf(sql: Sql, userId: string): Promise<Membership[]> {
  const rows = await sql.query<MembershipRow>(
    `select mm.merchant_id, m.business_name, mm.role, mm.created_at
       from merchant_members mm join merchants m on m.id = mm.merchant_id
      where mm.user_id = $1
      order by mm.created_at, mm.merchant_id`,
    [userId],
  );
  return rows.map(toMembership);
}

/** The membership a sign-in lands in: `preferred` (the home merchant) while the user belongs to it, else the oldest. */
export async function landingMembership(sql: Sql, userId: string, preferred: string): Promise<Membership | undefined> {
  const [r] = await sql.query<MembershipRow>(
    `select mm.merchant_id, m.business_name, mm.role, mm.created_at
       from merchant_members mm join merchants m on m.id = mm.merchant_id
      where mm.user_id = $1
      order by (mm.merchant_id = $2) desc, mm.created_at, mm.merchant_id
      limit 1`,
    [userId, preferred],
  );
  return r && toMembership(r);
}
