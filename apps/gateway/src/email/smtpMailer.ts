import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (implicit TLS). */
  url: string;
  /** From address, e.g. `Tender <no-reply@example.com>`. */
  from: string;
  /** Socket timeouts in ms; a relay that hangs fails the send instead of holding it forever. */
  timeoutMs?: number;
}

/** Sends through an SMTP relay with nodemailer. */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const timeout = opts.timeoutMs ?? 30_000;
  const url = new URL(opts.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      return { messageId: String(info.messageId) };
    },
    async close() {
      transport.close();
    },
  };
}
