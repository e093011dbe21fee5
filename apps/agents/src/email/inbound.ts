import { Resolver } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { authenticate } from 'mailauth';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { sha256Hex } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { recordEvent } from '../eventLog/index.ts';

/** An SMTP error reply: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

const MAX_RECIPIENTS = 100;

interface ActiveMailbox {
  id: string;
  tenant_id: string;
  local_part: string;
}

/**
 * The built-in MX for the email domain. Invariants:
 *  - no open relay: RCPT TO is accepted only for an active mailbox of the domain (550 otherwise);
 *  - bounded: SIZE is advertised and enforced (552), at most 100 recipients per message;
 *  - one stored message per active recipient mailbox, deduplicated by Message-ID per mailbox, with SPF/DKIM
 *    results, and one `email.received` durable event per stored message, all in one transaction;
 *  - 250 only after that transaction committed; a storage failure answers 451 so the sender retries.
 */
export async function startInboundSmtp(
  ctx: AgentsContext,
  opts: { port: number; host?: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const domain = ctx.config.emailDomain;
  const maxBytes = ctx.config.smtpMaxMessageBytes;
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  const log = ctx.logger.child({ svc: 'smtp-in' });

  const server = new SMTPServer({
    name: domain,
    banner: `${domain} Tender agent mail`,
    size: maxBytes,
    authOptional: true,
    // No STARTTLS without a certificate, no AUTH: this is an MX, not a submission server.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 200,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      const addr = address.address.toLowerCase();
      const at = addr.lastIndexOf('@');
      if (at < 0 || addr.slice(at + 1) !== domain) {
        return callback(smtpError(550, `5.7.1 Relaying denied: ${domain} accepts mail only for its own mailboxes`));
      }
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(smtpError(452, '4.5.3 Too many recipients'));
      }
      ctx.db
        .query<{ id: string }>(`select id from agent_mailboxes where local_part = $1 and deleted_at is null`, [
          addr.slice(0, at),
        ])
        .then(
          (rows) => callback(rows[0] ? null : smtpError(550, `5.1.1 <${addr}>: no such mailbox`)),
          (err) => {
            log.error({ err }, 'recipient lookup failed');
            callback(smtpError(451, '4.3.0 Temporary lookup failure'));
          },
        );
    },
    onData(stream, session, callback) {
      readBounded(stream, maxBytes)
        .then(async (raw) => {
          if (!raw) return callback(smtpError(552, `5.3.4 Message exceeds ${maxBytes} bytes`));
          const stored = await receive(ctx, session, raw, resolver);
          log.info({ stored, size: raw.length }, 'inbound message');
          callback(null, `Stored for ${stored} mailbox(es)`);
        })
        .catch((err) => {
          log.error({ err }, 'inbound message failed');
          callback(smtpError(451, '4.3.0 Temporary failure storing the message; try again later'));
        });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ err }, 'smtp server error'));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads the DATA stream; null when it exceeded the bound (smtp-server keeps counting but we stop buffering). */
async function readBounded(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (stream.sizeExceeded || size > maxBytes) return null;
  return Buffer.concat(chunks);
}

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list.flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()).filter(Boolean));
}

/** Parses, authenticates and stores one accepted message. Returns how many mailboxes stored it (new or known). */
async function receive(
  ctx: AgentsContext,
  session: SMTPServerSession,
  raw: Buffer,
  resolver: Resolver,
): Promise<number> {
  const domain = ctx.config.emailDomain;
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const [parsed, auth] = await Promise.all([
    simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: 2_000_000 }),
    authenticate(raw, {
      ip: session.remoteAddress,
      helo: session.hostNameAppearsAs,
      sender: mailFrom,
      mta: domain,
      disableArc: true,
      disableBimi: true,
      resolver: (name: string, rr: string) => resolveTxt(resolver, name, rr),
    }).catch((err: unknown) => ({ error: String(err) })),
  ]);
  const messageId = normaliseMessageId(parsed, raw, domain);
  const from = addresses(parsed.from)[0] ?? (mailFrom || '');
  const subject = (parsed.subject ?? '').slice(0, 998);
  const receivedAt = ctx.now();
  const authResults = summariseAuth(auth);
  const rcpts = [...new Set(session.envelope.rcptTo.map((r) => r.address.toLowerCase()))]
    .filter((a) => a.endsWith(`@${domain}`))
    .map((a) => a.slice(0, a.lastIndexOf('@')));

  return ctx.db.tx(async (tx) => {
    const boxes = await tx.query<ActiveMailbox>(
      `select id, tenant_id, local_part from agent_mailboxes where local_part = any($1::text[]) and deleted_at is null`,
      [rcpts],
    );
    for (const box of boxes) {
      const inserted = await tx.query<{ id: string }>(
        `insert into agent_email_messages (tenant_id, mailbox_id, direction, message_id_header, from_address,
           to_addresses, cc_addresses, subject, text_body, html_body, headers, attachments, size_bytes, auth_results,
           received_at)
         values ($1, $2, 'inbound', $3, $4, $5::text::jsonb, $6::text::jsonb, $7, $8, $9, $10::text::jsonb,
                 $11::text::jsonb, $12, $13::text::jsonb, $14)
         on conflict (mailbox_id, direction, message_id_header) do nothing
         returning id`,
        [
          box.tenant_id,
          box.id,
          messageId,
          from,
          JSON.stringify(addresses(parsed.to)),
          JSON.stringify(addresses(parsed.cc)),
          subject,
          parsed.text ?? null,
          typeof parsed.html === 'string' ? parsed.html : null,
          JSON.stringify(headerMap(parsed)),
          JSON.stringify(
            parsed.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size })),
          ),
          raw.length,
          JSON.stringify(authResults),
          receivedAt,
        ],
      );
      const emailId = inserted[0]?.id;
      if (!emailId) continue; // duplicate delivery of a known Message-ID: stored once, one event
      await recordEvent(tx, {
        tenantId: box.tenant_id,
        type: 'email.received',
        source: 'email',
        service: 'email.message.query',
        resourceId: box.id,
        fields: { mailboxId: box.id, emailId, from, subject, receivedAt: receivedAt.toISOString() },
        dedupeKey: `email.received:${emailId}`,
      });
    }
    return boxes.length;
  });
}

/** Message-ID without angle brackets; a message without one gets a content hash so a redelivery still dedupes. */
function normaliseMessageId(parsed: ParsedMail, raw: Buffer, domain: string): string {
  const id = (parsed.messageId ?? '').trim().replace(/^<|>$/g, '');
  if (id && id.length <= 500) return id;
  return `sha256-${sha256Hex(raw)}@${domain}`;
}

function headerMap(parsed: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    const key = line.key.toLowerCase();
    const value = line.line.slice(line.line.indexOf(':') + 1).trim();
    out[key] = out[key] ? `${out[key]}\n${value}` : value;
  }
  return out;
}

interface AuthSummary {
  spf: { result: string; domain: string | null } | null;
  dkim: { result: string; domain: string | null; selector: string | null }[];
  error?: string;
}

function summariseAuth(auth: unknown): AuthSummary {
  const a = auth as {
    error?: string;
    spf?: { status?: { result?: string }; domain?: string } | false;
    dkim?: { results?: { status?: { result?: string }; signingDomain?: string; selector?: string }[] };
  };
  if (a.error) return { spf: null, dkim: [], error: a.error };
  return {
    spf: a.spf ? { result: a.spf.status?.result ?? 'none', domain: a.spf.domain ?? null } : null,
    dkim: (a.dkim?.results ?? []).map((r) => ({
      result: r.status?.result ?? 'none',
      domain: r.signingDomain ?? null,
      selector: r.selector ?? null,
    })),
  };
}

/** DNS for SPF/DKIM with a bounded timeout; *.localhost never leaves the machine (RFC 6761). */
async function resolveTxt(resolver: Resolver, name: string, rr: string): Promise<string[][] | string[]> {
  if (name === 'localhost' || name.endsWith('.localhost')) {
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  }
  return (await resolver.resolve(name, rr)) as string[][] | string[];
}
