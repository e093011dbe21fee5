// The notice to the old address when an account's email changes: enqueued in the transaction that makes the change
// (confirmEmailLink, transactional outbox), mailed by a job. Only an old address that was verified is told (an
// unverified one may be a typo or someone else's), and the notice never names the new address: whoever reads the
// old mailbox learns that the change happened, when, and what to do if it was not them, nothing more.
// The gateway's one import point of the platform job runner (see emailLinks.ts).
import { enqueue, PermanentJobError, type QueueDefinition, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { emailChangedNoticeMail } from './templates.ts';

/** Queue of the job that tells the old address (the email feature's queue: emailFeature.ts). */
export const EMAIL_CHANGED_NOTICE_QUEUE = 'gateway.email_changed_notice';

interface NoticePayload {
  linkId: string;
  to: string;
  businessName: string;
  changedAt: string;
}

/** Enqueues the notice for the change made by link `linkId` (one per link: its id is the idempotency key). */
export async function enqueueEmailChangedNotice(
  tx: Sql,
  p: { linkId: string; to: string; businessName: string; changedAt: Date },
): Promise<void> {
  const payload: NoticePayload = {
    linkId: p.linkId,
    to: p.to,
    businessName: p.businessName,
    changedAt: p.changedAt.toISOString(),
  };
  await enqueue(tx, {
    queue: EMAIL_CHANGED_NOTICE_QUEUE,
    payload,
    idempotencyKey: `email_changed_notice:${p.linkId}`,
  });
}

function isNoticePayload(v: unknown): v is NoticePayload {
  const o = v as Partial<NoticePayload> | null;
  return (
    typeof o?.linkId === 'string' &&
    typeof o.to === 'string' &&
    typeof o.businessName === 'string' &&
    typeof o.changedAt === 'string'
  );
}

/** Job queue of the change notice, for the gateway's job runner. */
export function emailChangedNoticeQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [EMAIL_CHANGED_NOTICE_QUEUE]: {
      async handler(job) {
        if (!isNoticePayload(job.payload)) throw new PermanentJobError('email change notice with a malformed payload');
        const mailer = ctx.mailer;
        if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the email change notice cannot be sent');
        const p = job.payload;
        await mailer.send(
          emailChangedNoticeMail({
            to: p.to,
            businessName: p.businessName,
            changedAt: new Date(p.changedAt),
            signInLink: `${ctx.config.dashboardUrl.replace(/\/$/, '')}/dashboard/`,
          }),
        );
        ctx.logger.info({ linkId: p.linkId }, 'email change notice sent');
      },
    },
  };
}
