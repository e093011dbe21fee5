/**
 * Roles and permissions: one small table. A session acts with its user's role; an API key with the role it was
 * created with. Routes ask for a permission, never for a role, so a new role is one row here.
 */
export const ROLES = ['owner', 'admin', 'developer', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an API key may carry. `owner` belongs to a person (the account holder), never to a key. */
export const KEY_ROLES = ['admin', 'developer', 'read_only'] as const satisfies readonly Role[];
export type KeyRole = (typeof KEY_ROLES)[number];

export const PERMISSIONS = [
  /** Read merchant data: payments, links, invoices, ledger, networks, keys (prefix and last four only), me. */
  'read',
  /** Create and change payments, payment links and invoices. */
  'write',
  /** Request refunds and submit refund proofs: money leaving the vault. */
  'refunds:write',
  /** Register and change webhook endpoints, retry deliveries. */
  'webhooks:manage',
  /** Create and revoke API keys. */
  'keys:manage',
  /** Read the audit log. */
  'audit:read',
  /** Account settings: settlement policy, vaults. */
  'account:manage',
  /** Invite, re-role and remove members (team/): owners and admins; an admin never grants or acts on an owner. */
  'team:manage',
  /** The business profile customers see: business name and support contact (PATCH /v1/account). */
  'profile:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: [
    'read',
    'write',
    'refunds:write',
    'webhooks:manage',
    'keys:manage',
    'audit:read',
    'profile:manage',
    'team:manage',
  ],
  developer: ['read', 'write', 'webhooks:manage'],
  // Read-only has no permission that writes: every write route answers it 403.
  read_only: ['read', 'audit:read'],
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** True when `role` holds every permission `other` holds: a caller may only hand out roles within its own. */
export function covers(role: Role, other: Role): boolean {
  return ROLE_PERMISSIONS[other].every((p) => can(role, p));
}
