// Password reset by email: a request answers the same way whatever the address (the work that depends on whether an
// account uses it happens in a job), the address receives either single-use links or a note that no account uses
// it, and using a link sets the password and ends every session and device of that user.
import { hashToken, newId, newSecretToken, type Sql } from '@tender/platform';
// The gateway's one import point of the platform job runner (see emailLinks.ts).
import { enqueue, PermanentJobError, type QueueDefinition } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { passwordResetMail, passwordResetNoAccountMail } from '../email/templates.ts';
import { GatewayError } from '../http/errors.ts';
import { enforceRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { hashPassword } from './passwords.ts';

/** Queue of the job that looks the address up and mails the answer (registered in `gatewayJobQueues`). */
export const PASSWORD_RESET_QUEUE = 'gateway.password_reset';

/** A reset link works for an hour from the request. */
export const PASSWORD_RESET_TTL_SECONDS = 3600;

/** Reset tokens: `prt_` + 40 base62 characters (~238 bits); only the SHA-256 hash is stored. */
const RESET_TOKEN_PREFIX = 'prt_';

/** At most this many accounts claiming one address get a link (a flood of claims cannot make a huge mail). */
const MAX_ACCOUNTS_PER_MAIL = 5;

interface ResetJobPayload {
  requestId: string;
  email: string;
  ip: string | null;
  requestedAt: string;
}

function requireMailer(ctx: GatewayContext): void {
  if (!ctx.mailer) {
    throw new GatewayError(
      'EMAIL_UNAVAILABLE',
      'This server cannot send email (no SMTP relay is configured: SMTP_URL), so it cannot reset passwords',
    );
  }
}

/**
 * POST /v1/auth/password/forgot. Counts the request against the client IP and the address (429 beyond either),
 * then only queues the job: no account lookup happens here, so neither the answer nor its timing tells whether
 * the address is registered.
 */
export async function requestPasswordReset(
  ctx: GatewayContext,
  p: { email: string; ip: string | null },
): Promise<{ requestId: string }> {
  requireMailer(ctx);
  const limits = ctx.auth.rateLimits;
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('password_reset:ip', p.ip ?? '-'),
    limits.passwordResetPerIp,
    now,
    'password reset requests from this address',
  );
  await enforceRateLimit(
    ctx.db,
    limitKey('password_reset:email', p.email.toLowerCase()),
    limits.passwordResetPerEmail,
    now,
    'password reset requests for this email',
  );
  const requestId = newId('prq');
  const payload: ResetJobPayload = { requestId, email: p.email, ip: p.ip, requestedAt: now.toISOString() };
  await enqueue(ctx.db, { queue: PASSWORD_RESET_QUEUE, payload, idempotencyKey: `password_reset:${requestId}` });
  return { requestId };
}

/**
 * The accounts a reset for `email` reaches: its verified holder alone when there is one (the address is that
 * account's), else every account claiming it unverified (the mail reaches whoever controls the address, which is
 * what a reset proves), newest first.
 */
async function accountsUsing(sql: Sql, email: string): Promise<{ id: string; merchant_id: string }[]> {
  const rows = await sql.query<{ id: string; merchant_id: string; verified: boolean }>(
    `select id, merchant_id, email_verified_at is not null as verified from users
      where lower(email) = lower($1)
      order by (email_verified_at is not null) desc, created_at desc, id
      limit ${MAX_ACCOUNTS_PER_MAIL}`,
    [email],
  );
  return rows[0]?.verified ? [rows[0]] : rows;
}

/**
 * The job. On its first run it creates one link per account using the address (superseding older open links of
 * those users) with an audit event each; a retry finds the links of its request instead. Then it mints each open
 * link's token, stores the hash and mails the links, or mails that no account uses the address. A retry after a
 * failed send mints new tokens, so only the last mail handed to the relay works.
 */
export async function sendPasswordReset(
  ctx: GatewayContext,
  job: ResetJobPayload,
): Promise<'sent' | 'no_account' | 'skipped'> {
  const mailer = ctx.mailer;
  if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the password reset mail cannot be sent');
  const now = ctx.now();
  const requestedAt = new Date(job.requestedAt);
  const expiresAt = new Date(requestedAt.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000);
  const minted = await ctx.db.tx(async (tx) => {
    const [existing] = await tx.query('select 1 from password_resets where request_id = $1 limit 1', [job.requestId]);
    let any = !!existing;
    if (!existing) {
      for (const u of await accountsUsing(tx, job.email)) {
        any = true;
        await tx.query(
          `update password_resets set superseded_at = $2
            where user_id = $1 and used_at is null and superseded_at is null`,
          [u.id, now],
        );
        const id = newId('prl');
        await tx.query(
          `insert into password_resets (id, request_id, user_id, email, created_at, expires_at)
           values ($1, $2, $3, $4, $5, $6)`,
          [id, job.requestId, u.id, job.email, requestedAt, expiresAt],
        );
        await audit(tx, {
          merchantId: u.merchant_id,
          action: 'auth.password_reset.requested',
          actor: { type: 'anonymous', id: null, ip: job.ip },
          target: { type: 'user', id: u.id },
          data: { email: job.email },
          at: now,
        });
      }
    }
    const open = await tx.query<{ id: string; business_name: string }>(
      `select r.id, m.business_name
         from password_resets r join users u on u.id = r.user_id join merchants m on m.id = u.merchant_id
        where r.request_id = $1 and r.used_at is null and r.superseded_at is null and r.expires_at > $2
          and lower(u.email) = lower(r.email)
        order by r.id`,
      [job.requestId, now],
    );
    const links: { businessName: string; token: string }[] = [];
    for (const r of open) {
      const token = newSecretToken(RESET_TOKEN_PREFIX);
      await tx.query('update password_resets set token_hash = $2 where id = $1', [r.id, hashToken(token)]);
      links.push({ businessName: r.business_name, token });
    }
    return { any, links };
  });
  if (!minted.any) {
    await mailer.send(passwordResetNoAccountMail({ to: job.email }));
    return 'no_account';
  }
  // Every link of the request was used, replaced or expired meanwhile: nothing worth sending.
  if (minted.links.length === 0) return 'skipped';
  const base = ctx.config.dashboardUrl.replace(/\/$/, '');
  await mailer.send(
    passwordResetMail({
      to: job.email,
      links: minted.links.map((l) => ({
        businessName: l.businessName,
        link: `${base}/reset-password?token=${encodeURIComponent(l.token)}`,
      })),
      expiresAt,
      now,
    }),
  );
  return 'sent';
}

function isResetPayload(v: unknown): v is ResetJobPayload {
  const o = v as Partial<ResetJobPayload> | null;
  return (
    typeof o?.requestId === 'string' &&
    typeof o.email === 'string' &&
    typeof o.requestedAt === 'string' &&
    (o.ip === null || typeof o.ip === 'string')
  );
}

/** Job queue of password resets, for the gateway's job runner. */
export function passwordResetJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [PASSWORD_RESET_QUEUE]: {
      async handler(job) {
        if (!isResetPayload(job.payload)) throw new PermanentJobError('password reset job with a malformed payload');
        const outcome = await sendPasswordReset(ctx, job.payload);
        ctx.logger.info({ requestId: job.payload.requestId, outcome }, 'password reset job');
      },
    },
  };
}

export interface PasswordResetDone {
  email: string;
  sessionsEnded: number;
  devicesForgotten: number;
}

/**
 * POST /public/auth/password/reset. Uses a link once: sets the password, ends every session of the user and forgets
 * every device token (so no client stays exempt from the login limits), marks the link used and the user's other
 * links superseded, with the audit event, in one transaction. The row lock serialises two uses of one link.
 */
export async function resetPassword(
  ctx: GatewayContext,
  p: { token: string; password: string; ip: string | null },
): Promise<PasswordResetDone> {
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('password_reset_use:ip', p.ip ?? '-'),
    ctx.auth.rateLimits.passwordResetUsesPerIp,
    now,
    'password reset attempts from this address',
  );
  const passwordHash = await hashPassword(p.password, ctx.auth.passwordHashing);
  return ctx.db.tx(async (tx) => {
    const [link] = await tx.query<{
      id: string;
      user_id: string;
      email: string;
      expires_at: Date;
      used_at: Date | null;
      superseded_at: Date | null;
      merchant_id: string;
      current_email: string | null;
    }>(
      `select r.id, r.user_id, r.email, r.expires_at, r.used_at, r.superseded_at, u.merchant_id,
              u.email as current_email
         from password_resets r join users u on u.id = r.user_id
        where r.token_hash = $1
          for update of r, u`,
      [hashToken(p.token)],
    );
    if (!link || link.used_at || link.superseded_at) {
      throw new GatewayError(
        'PASSWORD_RESET_TOKEN_INVALID',
        'This reset link is invalid, was already used or was replaced by a newer one; ask for a new one',
      );
    }
    if (now.getTime() >= link.expires_at.getTime()) {
      throw new GatewayError(
        'PASSWORD_RESET_TOKEN_EXPIRED',
        'This reset link has expired (links work for 1 hour); ask for a new one',
      );
    }
    if ((link.current_email ?? '').toLowerCase() !== link.email.toLowerCase()) {
      throw new GatewayError(
        'PASSWORD_RESET_TOKEN_INVALID',
        'This reset link was sent to an address the account no longer uses; ask for a new one',
      );
    }
    await tx.query('update users set password_hash = $2 where id = $1', [link.user_id, passwordHash]);
    const ended = await tx.query(
      'update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null returning id',
      [link.user_id, now],
    );
    const forgotten = await tx.query('delete from login_devices where user_id = $1 returning token_hash', [
      link.user_id,
    ]);
    await tx.query('update password_resets set used_at = $2 where id = $1', [link.id, now]);
    await tx.query(
      `update password_resets set superseded_at = $2
        where user_id = $1 and used_at is null and superseded_at is null`,
      [link.user_id, now],
    );
    await audit(tx, {
      merchantId: link.merchant_id,
      action: 'auth.password_reset.completed',
      actor: { type: 'user', id: link.user_id, ip: p.ip },
      target: { type: 'user', id: link.user_id },
      data: { email: link.email, sessions_ended: ended.length, devices_forgotten: forgotten.length },
      at: now,
    });
    return { email: link.email, sessionsEnded: ended.length, devicesForgotten: forgotten.length };
  });
}
