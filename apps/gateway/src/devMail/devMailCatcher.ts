// The dev profile's mail catcher: where outbound mail goes when no relay is configured (SMTP_URL for the gateway,
// SMTP_RELAY_URL for the agents), so that a newcomer on `npm start` can read every message at /dev/mail/. A message
// is kept whole, as the relay would have received it: its MIME source, built by nodemailer exactly as for SMTP.
import nodemailer from 'nodemailer';
import { newId, type Sql } from '@tender/platform';
import type { Mailer, OutgoingMail } from '../email/mailer.ts';

export type CaughtMailSource = 'gateway' | 'agents';

export interface DevMailCatcher {
  /** Keeps one message (its MIME source and SMTP envelope) and resolves with the id it is read under. */
  keep(raw: Buffer, envelope: { from: string; to: readonly string[] }, source: CaughtMailSource): Promise<string>;
}

/** The catcher over the database. Refused outside the dev profile: production mail leaves through a relay or not at all. */
export function createDevMailCatcher(p: { db: Sql; now: () => Date; profile: 'dev' | 'production' }): DevMailCatcher {
  if (p.profile !== 'dev') throw new Error('the dev mail catcher runs on the dev profile only');
  return {
    async keep(raw, envelope, source) {
      const id = newId('mail');
      await p.db.query(
        `insert into dev_mail_messages (id, source, envelope_from, envelope_to, raw, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, source, envelope.from, [...envelope.to], raw, p.now()],
      );
      return id;
    },
  };
}

/** The gateway's Mailer over the catcher: the same message smtpMailer would send, kept instead of relayed. */
export function catcherMailer(catcher: DevMailCatcher, from: string): Mailer {
  const build = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail: OutgoingMail) {
      const info = await build.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not build the message into a buffer');
      await catcher.keep(info.message, { from: info.envelope.from || from, to: info.envelope.to }, 'gateway');
      return { messageId: info.messageId };
    },
  };
}

/**
 * The gateway's mailer when the dev mail catcher is on and no SMTP_URL is set (a configured relay always sends for
 * real); nothing otherwise, leaving the mailer gatewayAuthContext built. The configuration refuses DEV_MAIL_CATCHER in
 * production, and createDevMailCatcher refuses it again here.
 */
export function devMailContext(
  config: { devMailCatcher: boolean; smtpUrl?: string | undefined; emailFrom: string; profile: 'dev' | 'production' },
  deps: { db: Sql; now?: (() => Date) | undefined },
): { mailer?: Mailer } {
  if (!config.devMailCatcher || config.smtpUrl) return {};
  const catcher = createDevMailCatcher({ db: deps.db, now: deps.now ?? (() => new Date()), profile: config.profile });
  return { mailer: catcherMailer(catcher, config.emailFrom) };
}
