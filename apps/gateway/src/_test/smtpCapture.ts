import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | false;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that accepts every message and keeps it parsed, so tests follow
 * the links the gateway mails through its real SMTP mailer. No TLS (loopback only), no authentication.
 */
export async function startSmtpCapture(): Promise<{
  url: string;
  mails: CapturedMail[];
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}> {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m: ParsedMail) => {
          const to = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          mails.push({ to, subject: m.subject ?? '', text: m.text ?? '', html: m.html });
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) || m.to.includes(to));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `token` query value of the first verify-email link in a mail. */
export function linkToken(mail: CapturedMail): string {
  const m = /https?:\/\/\S+\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error(`no verify-email link in: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
