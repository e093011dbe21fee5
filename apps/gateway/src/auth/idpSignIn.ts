import {
  createMerchantWithOwner,
  getMerchant,
  getUser,
  isUniqueViolation,
  verifiedHolderOf,
} from '../accounts/accounts.ts';
import { landingMembership } from '../accounts/memberships.ts';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { enforceRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import type { IdTokenClaims } from './oidc/oidcVerifier.ts';
import { oidcOf, verifyIdToken } from './oidc/verifyIdToken.ts';
import { noMembership } from './login.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';

/** Longest email the account model takes (the spec's limit for every email field). */
const MAX_EMAIL = 320;

/**
 * POST /v1/auth/idp: signs in the user linked to the token's (issuer, subject), or signs up a new merchant whose
 * owner is linked to it. An existing account is never entered because the token carries its email address:
 * when the provider vouches for an address that is already verified on an account, sign-up is refused with
 * 409 IDP_ACCOUNT_EXISTS (the caller proved they own that mailbox, so telling them is no leak). With `nonce`, the
 * token must carry exactly that nonce (the dashboard's browser flow: a token injected from another sign-in fails).
 */
export async function signInWithIdp(
  ctx: GatewayContext,
  p: { idToken: string; nonce?: string | undefined; businessName?: string | undefined; ip: string | null },
): Promise<SignedIn> {
  oidcOf(ctx);
  const settings = ctx.auth;
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('idp:ip', p.ip ?? '-'),
    settings.rateLimits.idpPerIp,
    now,
    'identity-provider sign-ins from this address',
  );
  const claims = await verifyIdToken(ctx, p.idToken, p.nonce);
  await enforceRateLimit(
    ctx.db,
    limitKey('idp:account', `${claims.issuer}\u0000${claims.subject}`),
    settings.rateLimits.idpPerAccount,
    now,
    'sign-ins for this account',
  );
  // Two first sign-ins racing: one inserts the link, the other retries and finds it.
  for (let attempt = 0; ; attempt++) {
    try {
      return await signInOrUp(ctx, claims, p, now);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt > 0) throw mapUnique(err);
    }
  }
}

async function signInOrUp(
  ctx: GatewayContext,
  claims: IdTokenClaims,
  p: { businessName?: string | undefined; ip: string | null },
  now: Date,
): Promise<SignedIn> {
  const settings = ctx.auth;
  return ctx.db.tx(async (tx) => {
    const [link] = await tx.query<{ user_id: string; merchant_id: string }>(
      `select l.user_id, u.merchant_id from identity_links l join users u on u.id = l.user_id
        where l.issuer = $1 and l.subject = $2`,
      [claims.issuer, claims.subject],
    );
    if (link) {
      const landing = await landingMembership(tx, link.user_id, link.merchant_id);
      if (!landing) throw noMembership();
      const user = await getUser(tx, landing.merchantId, link.user_id);
      const merchant = await getMerchant(tx, landing.merchantId);
      if (!user || !merchant) throw new Error(`identity link to missing user ${link.user_id}`);
      const session = await createSession(tx, {
        userId: user.id,
        merchantId: merchant.id,
        ip: p.ip,
        now,
        ttlSeconds: settings.sessionTtlSeconds,
      });
      await audit(tx, {
        merchantId: merchant.id,
        action: 'auth.login.succeeded',
        actor: { type: 'user', id: user.id, ip: p.ip },
        target: { type: 'session', id: session.id },
        data: { method: 'identity_provider', issuer: claims.issuer },
        at: now,
      });
      return { merchant, user, session, created: false, emailVerification: 'not_needed' as const };
    }

    const email = claims.verifiedEmail && claims.verifiedEmail.length <= MAX_EMAIL ? claims.verifiedEmail : null;
    if (email && (await verifiedHolderOf(tx, email))) {
      throw new GatewayError(
        'IDP_ACCOUNT_EXISTS',
        'A Tender account already uses this email address. Sign in to it with its password; an identity-provider ' +
          'sign-in never takes over an existing account by email.',
      );
    }
    const businessName = p.businessName ?? defaultBusinessName(claims);
    const { merchant, user } = await createMerchantWithOwner(tx, {
      businessName,
      email,
      // The provider vouched for the address (email_verified), so it needs no link of ours.
      emailVerifiedAt: email ? now : null,
      passwordHash: null,
      now,
    });
    await tx.query('insert into identity_links (issuer, subject, user_id, created_at) values ($1, $2, $3, $4)', [
      claims.issuer,
      claims.subject,
      user.id,
      now,
    ]);
    const session = await createSession(tx, {
      userId: user.id,
      merchantId: merchant.id,
      ip: p.ip,
      now,
      ttlSeconds: settings.sessionTtlSeconds,
    });
    await audit(tx, {
      merchantId: merchant.id,
      action: 'account.signed_up',
      actor: { type: 'user', id: user.id, ip: p.ip },
      target: { type: 'user', id: user.id },
      data: { method: 'identity_provider', issuer: claims.issuer, email, session_id: session.id },
      at: now,
    });
    return { merchant, user, session, created: true, emailVerification: 'not_needed' as const };
  });
}

/** The provider's display name when it fits the business_name rule (1 to 120), else a neutral placeholder. */
function defaultBusinessName(claims: IdTokenClaims): string {
  const name = claims.name?.trim();
  return name && name.length <= 120 ? name : 'My business';
}

function mapUnique(err: unknown): unknown {
  // The address became verified on another account between the check and the insert.
  if (isUniqueViolation(err)) {
    return new GatewayError('IDP_ACCOUNT_EXISTS', 'A Tender account already uses this email address');
  }
  return err;
}
