// The rules of team management, in one place (README "Team"):
//  * Managing needs the team:manage permission (owners and admins); every write is by a person (session only).
//  * A caller grants or acts only within its own role (`covers`): an admin may invite, re-role and remove admins,
//    developers and read-only members, never an owner, and cannot make anyone an owner. An owner may do all of it.
//  * The last owner cannot be removed or demoted (409 LAST_OWNER): transfer ownership by making another member an
//    owner first; then the former owner may step down or leave. Members may change or remove themselves within the
//    same rules (an admin may step down to developer, anyone may leave unless they are the last owner).
//  * Every team write locks the merchant row first, so concurrent changes (two owners demoting each other) are
//    serialised and the owner count they check is the one they commit against.
import type { Sql } from '@tender/platform';
import { covers, type Role } from '../auth/permissions.ts';
import { GatewayError } from '../http/errors.ts';

/** Locks the merchant row for the rest of the transaction (serialises the team changes of one merchant). */
export async function lockTeam(sql: Sql, merchantId: string): Promise<void> {
  await sql.query('select id from merchants where id = $1 for update', [merchantId]);
}

/** Refuses a caller granting, or acting on a member holding, a role beyond its own (403 ROLE_NOT_ALLOWED). */
export function assertWithinRole(caller: Role, role: Role, what: string): void {
  if (!covers(caller, role)) {
    throw new GatewayError('ROLE_NOT_ALLOWED', `The ${caller} role cannot ${what} the ${role} role; only an owner can`);
  }
}

export async function ownerCount(sql: Sql, merchantId: string): Promise<number> {
  const [r] = await sql.query<{ n: number }>(
    "select count(*)::int as n from merchant_members where merchant_id = $1 and role = 'owner'",
    [merchantId],
  );
  return r?.n ?? 0;
}

/** Refuses taking the owner role away from the merchant's last owner (409 LAST_OWNER). */
export async function assertNotLastOwner(sql: Sql, merchantId: string, current: Role, what: string): Promise<void> {
  if (current !== 'owner') return;
  if ((await ownerCount(sql, merchantId)) <= 1) {
    throw new GatewayError(
      'LAST_OWNER',
      `Cannot ${what} the last owner; make another member an owner first (ownership transfer), then step down`,
    );
  }
}

export interface MemberRow {
  user_id: string;
  email: string | null;
  role: Role;
  created_at: Date;
}

/** A member of `merchantId`, locked; 404 when the user is not one (ids of other merchants' members included). */
export async function lockedMember(sql: Sql, merchantId: string, userId: string): Promise<MemberRow> {
  const [m] = await sql.query<MemberRow>(
    `select mm.user_id, u.email, mm.role, mm.created_at
       from merchant_members mm join users u on u.id = mm.user_id
      where mm.merchant_id = $1 and mm.user_id = $2
        for update of mm`,
    [merchantId, userId],
  );
  if (!m) throw new GatewayError('RESOURCE_NOT_FOUND', `No member ${userId} in this merchant`);
  return m;
}
