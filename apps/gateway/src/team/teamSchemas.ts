import { Type, type Static } from 'typebox';
import { ROLES, type Role } from '../auth/permissions.ts';
import { Nullable, StringEnum, Timestamp } from '../http/schemas.ts';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const TeamMemberSchema = Type.Object(
  {
    id: Type.String({ description: 'user_… (the person; the same id in every merchant they belong to)' }),
    object: Type.Literal('team_member'),
    email: Nullable(Type.String()),
    role: StringEnum(ROLES),
    joined_at: Timestamp,
    you: Type.Boolean({ description: 'True for the signed-in user' }),
  },
  { description: 'A person who belongs to this merchant, with their role here' },
);
export type TeamMemberView = Static<typeof TeamMemberSchema>;

export const TeamInvitationSchema = Type.Object(
  {
    id: Type.String({ description: 'tinv_…' }),
    object: Type.Literal('team_invitation'),
    email: Type.String(),
    role: StringEnum(ROLES),
    status: StringEnum(INVITATION_STATUSES, {
      description:
        'pending: the link works; accepted: someone joined with it; revoked: withdrawn; expired: 7 days passed',
    }),
    invited_by: Nullable(Type.String({ description: 'user_… who sent it' })),
    created_at: Timestamp,
    expires_at: Timestamp,
    accepted_at: Nullable(Timestamp),
    revoked_at: Nullable(Timestamp),
  },
  { description: 'An invitation to join this merchant; its link is mailed to `email` and never shown' },
);
export type TeamInvitationView = Static<typeof TeamInvitationSchema>;

export interface InvitationRow {
  id: string;
  merchant_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export const INVITATION_COLUMNS =
  'id, merchant_id, email, role, invited_by, created_at, expires_at, accepted_at, revoked_at';

/** The status of an invitation, derived from its facts (never stored). */
export function invitationStatus(r: InvitationRow, now: Date): InvitationStatus {
  if (r.accepted_at) return 'accepted';
  if (r.revoked_at) return 'revoked';
  return now.getTime() >= r.expires_at.getTime() ? 'expired' : 'pending';
}

export function invitationJson(r: InvitationRow, now: Date): TeamInvitationView {
  return {
    id: r.id,
    object: 'team_invitation',
    email: r.email,
    role: r.role,
    status: invitationStatus(r, now),
    invited_by: r.invited_by,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    accepted_at: r.accepted_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
  };
}
