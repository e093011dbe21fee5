import { hashToken, newId, newSecretToken, type Sql } from '@tender/platform';
// The gateway's one import point of the platform job runner (see that file).
import { enqueue, PermanentJobError, type QueueDefinition } from '@tender/platform';
import { isUniqueViolation, verifiedHolderOf } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import type { Actor } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { enqueueEmailChangedNotice } from './emailChangedNotice.ts';
import { emailLinkMail } from './templates.ts';

export type EmailLinkPurpose = 'verify' | 'change';

/** Queue of the job that mails a link (the email feature's queue: emailFeature.ts). */
export const EMAIL_LINK_QUEUE = 'gateway.email_link';

/** A verification link lives a day; a change link an hour (it moves the sign-in address). */
export const EMAIL_LINK_TTL_SECONDS: Record<EmailLinkPurpose, number> = { verify: 86_400, change: 3600 };

/** Link tokens: `etk_` + 40 base62 characters (~238 bits); only the SHA-256 hash is stored. */
const LINK_TOKEN_PREFIX = 'etk_';

/**
 * Creates a link for `email` in the caller's transaction and enqueues the job that mails it (transactional
 * outbox: the mail goes out if and only if the request commits). Open links of the same user and purpose are
 * superseded, so only the newest one works.
 */
export async function createEmailLink(
  tx: Sql,
  p: { userId: string; purpose: EmailLinkPurpose; email: string; now: Date },
): Promise<{ id: string; expiresAt: Date }> {
  await tx.query(
    `update email_tokens set superseded_at = $3
      where user_id = $1 and purpose = $2 and used_at is null and superseded_at is null`,
    [p.userId, p.purpose, p.now],
  );
  const id = newId('elk');
  const expiresAt = new Date(p.now.getTime() + EMAIL_LINK_TTL_SECONDS[p.purpose] * 1000);
  await tx.query(
    `insert into email_tokens (id, user_id, purpose, email, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
    [id, p.userId, p.purpose, p.email, p.now, expiresAt],
  );
  await enqueue(tx, { queue: EMAIL_LINK_QUEUE, payload: { linkId: id }, idempotencyKey: `email_link:${id}` });
  return { id, expiresAt };
}

/**
 * The mail job: mints the link's token, stores its hash, and sends the mail. The token is minted here rather than
 * at request time so that it is never stored in plaintext (not even in the job payload). A retry after a failed
 * send mints a new token, so the only working link is the one in the last mail handed to the relay. A link that
 * was used, superseded or expired meanwhile is not sent.
 */
export async function sendEmailLink(ctx: GatewayContext, linkId: string): Promise<'sent' | 'skipped'> {
  const mailer = ctx.mailer;
  if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the email link cannot be sent');
  const token = newSecretToken(LINK_TOKEN_PREFIX);
  const now = ctx.now();
  const link = await ctx.db.tx(async (tx) => {
    const [row] = await tx.query<{ purpose: EmailLinkPurpose; email: string; expires_at: Date; business_name: string }>(
      `update email_tokens t set token_hash = $2
         from users u join merchants m on m.id = u.merchant_id
        where t.id = $1 and u.id = t.user_id and t.used_at is null and t.superseded_at is null and t.expires_at > $3
        returning t.purpose, t.email, t.expires_at, m.business_name`,
      [linkId, hashToken(token), now],
    );
    return row;
  });
  if (!link) return 'skipped';
  const base = ctx.config.dashboardUrl;
  const url = `${base.replace(/\/$/, '')}/verify-email?token=${encodeURIComponent(token)}`;
  await mailer.send(
    emailLinkMail({
      purpose: link.purpose,
      to: link.email,
      link: url,
      businessName: link.business_name,
      expiresAt: link.expires_at,
      now,
    }),
  );
  return 'sent';
}

/** Job queues of the email domain, for the gateway's job runner. */
export function emailJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [EMAIL_LINK_QUEUE]: {
      async handler(job) {
        const linkId = (job.payload as { linkId?: unknown } | null)?.linkId;
        if (typeof linkId !== 'string') throw new PermanentJobError('email link job without linkId');
        const outcome = await sendEmailLink(ctx, linkId);
        ctx.logger.info({ linkId, outcome }, 'email link job');
      },
    },
  };
}

export interface ConfirmedEmail {
  purpose: EmailLinkPurpose;
  email: string;
  merchantId: string;
  userId: string;
}

/**
 * POST /public/auth/email/confirm. Uses a link once: marks it used and marks the address verified (purpose
 * `verify`) or makes it the account's verified address (purpose `change`), in one transaction with the audit
 * event. The row lock serialises two clicks on the same link: the second finds it used.
 */
export async function confirmEmailLink(ctx: GatewayContext, token: string, ip: string | null): Promise<ConfirmedEmail> {
  const now = ctx.now();
  try {
    return await ctx.db.tx(async (tx) => {
      const [link] = await tx.query<{
        id: string;
        user_id: string;
        purpose: EmailLinkPurpose;
        email: string;
        expires_at: Date;
        used_at: Date | null;
        superseded_at: Date | null;
        merchant_id: string;
        current_email: string | null;
        previous_verified: Date | null;
        business_name: string;
      }>(
        `select t.id, t.user_id, t.purpose, t.email, t.expires_at, t.used_at, t.superseded_at,
                u.merchant_id, u.email as current_email, u.email_verified_at as previous_verified, m.business_name
           from email_tokens t join users u on u.id = t.user_id join merchants m on m.id = u.merchant_id
          where t.token_hash = $1
          for update of t, u`,
        [hashToken(token)],
      );
      if (!link || link.used_at || link.superseded_at) {
        throw new GatewayError('EMAIL_TOKEN_INVALID', 'This link is invalid or has already been used');
      }
      if (now.getTime() >= link.expires_at.getTime()) {
        throw new GatewayError('EMAIL_TOKEN_EXPIRED', 'This link has expired; ask for a new one from the dashboard');
      }
      const same = (link.current_email ?? '').toLowerCase() === link.email.toLowerCase();
      // A verification link is for the address the account had when it was sent.
      if (link.purpose === 'verify' && !same) {
        throw new GatewayError('EMAIL_TOKEN_INVALID', 'This link is for an address the account no longer uses');
      }
      const holder = await verifiedHolderOf(tx, link.email);
      if (holder && holder.id !== link.user_id) {
        throw new GatewayError('EMAIL_IN_USE', 'This address is already verified on another Tender account');
      }
      await tx.query('update email_tokens set used_at = $2 where id = $1', [link.id, now]);
      if (link.purpose === 'verify') {
        await tx.query('update users set email_verified_at = coalesce(email_verified_at, $2) where id = $1', [
          link.user_id,
          now,
        ]);
      } else {
        await tx.query('update users set email = $2, email_verified_at = $3 where id = $1', [
          link.user_id,
          link.email,
          now,
        ]);
        // Links for the old address are moot now.
        await tx.query(
          'update email_tokens set superseded_at = $2 where user_id = $1 and used_at is null and superseded_at is null',
          [link.user_id, now],
        );
        // The old address is told, if it was the account's proven address (committed with the change, or not at all).
        if (link.current_email && link.previous_verified && !same) {
          await enqueueEmailChangedNotice(tx, {
            linkId: link.id,
            to: link.current_email,
            businessName: link.business_name,
            changedAt: now,
          });
        }
      }
      const actor: Actor = { type: 'user', id: link.user_id, ip };
      await audit(tx, {
        merchantId: link.merchant_id,
        action: link.purpose === 'verify' ? 'email.verified' : 'email.changed',
        actor,
        target: { type: 'user', id: link.user_id },
        data:
          link.purpose === 'verify'
            ? { email: link.email }
            : { from: link.current_email, from_verified: !!link.previous_verified, to: link.email },
        at: now,
      });
      return { purpose: link.purpose, email: link.email, merchantId: link.merchant_id, userId: link.user_id };
    });
  } catch (err) {
    // Two accounts confirming one address at the same moment: the unique index lets one win.
    if (isUniqueViolation(err)) {
      throw new GatewayError('EMAIL_IN_USE', 'This address is already verified on another Tender account');
    }
    throw err;
  }
}
