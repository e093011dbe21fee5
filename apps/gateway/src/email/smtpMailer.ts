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
  const transport = smtpTransport(opts.url, opts.timeoutMs ?? 30_000);
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

/**
 * Connects to the relay, says EHLO, upgrades to TLS when offered and authenticates with the URL's credentials, then
 * quits without sending (`tender doctor`). Rejects with the relay's answer when it refuses.
 */
export async function verifySmtp(smtpUrl: string, timeoutMs = 10_000): Promise<void> {
  const transport = smtpTransport(smtpUrl, timeoutMs);
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}

function smtpTransport(smtpUrl: string, timeout: number) {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
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
}
