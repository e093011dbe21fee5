// The route schemas of teamRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { SignedInSchema } from '../auth/authSchemas.ts';
import { ROLES } from '../auth/permissions.ts';
import { EmailField, errorResponses, StringEnum, Timestamp } from '../http/schemas.ts';
import { TeamInvitationSchema, TeamMemberSchema } from './teamSchemas.ts';

const tags = ['Team'];
const Id = (description: string) =>
  Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description }) }, { additionalProperties: false });
const RULES =
  'Owners and admins manage (team:manage); an admin never grants, changes, removes or revokes the owner role ' +
  '(403 ROLE_NOT_ALLOWED); the last owner cannot be demoted or removed (409 LAST_OWNER). Session only.';

export const listMembersSchema = {
  tags,
  summary: 'Members of this merchant with their role and join date',
  response: {
    200: Type.Object({ object: Type.Literal('list'), data: Type.Array(TeamMemberSchema) }),
    ...errorResponses(401, 403, 429),
  },
};

export const changeMemberSchema = {
  tags,
  summary: 'Change a member’s role',
  description:
    `${RULES} Ownership transfer: make another member an owner, then the former owner may step down. The ` +
    'member’s sessions act with the new role from their next request.',
  params: Id('user_…'),
  body: Type.Object({ role: StringEnum(ROLES) }, { additionalProperties: false }),
  response: { 200: TeamMemberSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
};

export const removeMemberSchema = {
  tags,
  summary: 'Remove a member',
  description:
    `${RULES} Ends every session of the member in this merchant and forgets their login device tokens. A member ` +
    'may remove themselves (leave) unless they are the last owner.',
  params: Id('user_…'),
  response: {
    200: Type.Object({
      id: Type.String(),
      object: Type.Literal('team_member'),
      deleted: Type.Literal(true),
      sessions_ended: Type.Integer(),
    }),
    ...errorResponses(401, 403, 404, 409, 429),
  },
};

export const createInvitationSchema = {
  tags,
  summary: 'Invite someone by email',
  description:
    `${RULES} Mails a single-use link to \`/accept-invitation?token=…\`, valid 7 days (only its hash is stored). ` +
    '409 ALREADY_MEMBER for a member’s address, 409 INVITATION_PENDING while a pending invitation exists for it; ' +
    '503 EMAIL_UNAVAILABLE when the server cannot send email.',
  body: Type.Object({ email: EmailField, role: StringEnum(ROLES) }, { additionalProperties: false }),
  response: { 201: TeamInvitationSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
};

export const listInvitationsSchema = {
  tags,
  summary: 'Invitations of this merchant, newest first (100 at most)',
  response: {
    200: Type.Object({ object: Type.Literal('list'), data: Type.Array(TeamInvitationSchema) }),
    ...errorResponses(401, 403, 429),
  },
};

export const revokeInvitationSchema = {
  tags,
  summary: 'Revoke an invitation',
  description: `${RULES} Its link stops working at once; 409 INVITATION_NOT_PENDING once accepted or revoked.`,
  params: Id('tinv_…'),
  response: { 200: TeamInvitationSchema, ...errorResponses(401, 403, 404, 409, 429) },
};

export const acceptInvitationSchema = {
  tags,
  summary: 'Accept an invitation',
  description:
    'The web app calls this from its `/accept-invitation` page with the `token` of the mailed link. With ' +
    '`password` and no session: joins as a new account with the invited address (verified by the link), or, when ' +
    'an account already holds the address, as that account if the password is its own (else 409 ' +
    'INVITATION_ACCOUNT_EXISTS). Without `password`, with a session (`Authorization: Bearer sess_…`): joins the ' +
    'signed-in user, whose email must be the invited address (403 INVITATION_EMAIL_MISMATCH). Answers like sign-in, ' +
    'with a new session acting in the joined merchant. 400 INVITATION_TOKEN_INVALID, INVITATION_EXPIRED (after 7 ' +
    'days), INVITATION_USED, INVITATION_REVOKED; 409 ALREADY_MEMBER. Two accepts of one link join once. Rate ' +
    'limited per client IP.',
  security: [{}, { session: [] }] as Record<string, string[]>[],
  body: Type.Object(
    {
      token: Type.String({ minLength: 20, maxLength: 200, description: '20 to 200 characters' }),
      password: Type.Optional(
        Type.String({ minLength: 12, maxLength: 200, description: '12 to 200 characters; omit with a session' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: SignedInSchema, ...errorResponses(400, 401, 403, 409, 429) },
};

export const MembershipSchema = Type.Object({
  merchant_id: Type.String({ description: 'acct_…' }),
  business_name: Type.String(),
  role: StringEnum(ROLES),
  joined_at: Timestamp,
  current: Type.Boolean({ description: 'True for the merchant this session acts in' }),
});

export const listMyMerchantsSchema = {
  tags: ['Auth'],
  summary: 'The merchants the signed-in user belongs to',
  response: {
    200: Type.Object({ object: Type.Literal('list'), data: Type.Array(MembershipSchema) }),
    ...errorResponses(401, 403, 429),
  },
};

export const switchMerchantSchema = {
  tags: ['Auth'],
  summary: 'Switch the session to another merchant',
  description:
    'Answers like sign-in with a new session acting in `merchant_id` and ends the calling session. 403 ' +
    'NOT_A_MEMBER for a merchant the user does not belong to.',
  body: Type.Object(
    { merchant_id: Type.String({ minLength: 1, maxLength: 100, description: 'acct_…' }) },
    { additionalProperties: false },
  ),
  response: { 200: SignedInSchema, ...errorResponses(400, 401, 403, 429) },
};
