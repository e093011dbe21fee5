import { Type } from 'typebox';
import type { Merchant, User } from '../accounts/accounts.ts';
import { ROLES } from './permissions.ts';
import type { NewSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';
import { Nullable, StringEnum, Timestamp } from '../http/schemas.ts';

export const MerchantSchema = Type.Object({
  id: Type.String({ description: 'acct_…' }),
  object: Type.Literal('merchant'),
  business_name: Type.String(),
  support_email: Nullable(Type.String({ description: 'Support address customers see on the hosted pages' })),
  support_url: Nullable(Type.String({ description: 'Support page customers see on the hosted pages' })),
  created_at: Timestamp,
});

export const UserSchema = Type.Object({
  id: Type.String({ description: 'user_…' }),
  object: Type.Literal('user'),
  email: Type.Union([Type.String(), Type.Null()], { description: 'Null when the account has no email address' }),
  email_verified: Type.Boolean(),
  role: StringEnum(ROLES),
  created_at: Timestamp,
});

export const SessionSchema = Type.Object({
  id: Type.String({ description: 'ses_…' }),
  token: Type.String({
    description:
      'Bearer session token (sess_…). Treat it like a password: it is shown only here and stored only as a hash.',
  }),
  expires_at: Timestamp,
  idle_timeout_seconds: Type.Integer({ description: 'The session ends when unused for this long' }),
});

export const SignedInSchema = Type.Object(
  {
    merchant: MerchantSchema,
    user: UserSchema,
    session: SessionSchema,
    created: Type.Boolean({ description: 'True when this call created the account' }),
    email_verification: Type.Union([Type.Literal('queued'), Type.Literal('not_needed'), Type.Literal('unavailable')], {
      description:
        'queued: a verification link is on its way to the account email; unavailable: this server cannot send ' +
        'email (no link was sent); not_needed: nothing was sent by this call',
    }),
  },
  { description: 'The account and a new session' },
);

export const merchantJson = (m: Merchant) => ({
  id: m.id,
  object: 'merchant' as const,
  business_name: m.businessName,
  support_email: m.supportEmail,
  support_url: m.supportUrl,
  created_at: m.createdAt.toISOString(),
});

export const userJson = (u: User) => ({
  id: u.id,
  object: 'user' as const,
  email: u.email,
  email_verified: !!u.emailVerifiedAt,
  role: u.role,
  created_at: u.createdAt.toISOString(),
});

export const sessionJson = (s: NewSession, idleSeconds: number) => ({
  id: s.id,
  token: s.token,
  expires_at: s.expiresAt.toISOString(),
  idle_timeout_seconds: idleSeconds,
});

export const signedInJson = (r: SignedIn, idleSeconds: number) => ({
  merchant: merchantJson(r.merchant),
  user: userJson(r.user),
  session: sessionJson(r.session, idleSeconds),
  created: r.created,
  email_verification: r.emailVerification,
});
