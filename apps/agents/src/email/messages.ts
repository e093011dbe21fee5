import { randomUUID } from 'node:crypto';
import type { AgentsContext } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import type { Call, Outcome } from '../paywall/paywall.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { CURSOR_SQL, decodeCursor, encodeCursor, FROM_CURSOR_SQL } from '../http/cursor.ts';
import { mailboxOwnedPrecheck, ownedMailbox } from './mailboxes.ts';

export const SEND_LIMITS = { recipients: 50, subject: 998, text: 200_000 } as const;

/** A pragmatic addr-spec: dot-atom local part and a dotted host name (no quoted strings, no IP literals). */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

export interface SendInput {
  mailboxId: string;
  to: string[];
  subject: string;
  text: string;
}

/** Before any challenge: the mailbox is owned and every recipient can be delivered (nothing is charged otherwise). */
export async function sendPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: SendInput): Promise<void> {
  // eslint-disable-next-line no-control-regex
  if (/[\r\n\u0000]/.test(input.subject)) {
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: subject must be one line');
  }
  const unique = new Set(input.to.map((a) => a.toLowerCase()));
  if (unique.size !== input.to.length) {
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: to must not repeat an address');
  }
  await mailboxOwnedPrecheck(ctx, tenant, input);
  const undeliverable = input.to.filter((a) => !ctx.mail.canDeliver(a));
  if (undeliverable.length) {
    throw new AgentError(
      'RECIPIENT_NOT_DELIVERABLE',
      `No outbound relay is configured; only @${ctx.config.emailDomain} addresses can be reached (not: ${undeliverable.join(', ')})`,
    );
  }
}

interface OutboundRow {
  id: string;
  message_id_header: string;
  delivery_state: 'queued' | 'sent';
  delivery_info: unknown;
  received_at: Date;
}

/**
 * email.message.send. The outbound row is keyed by the paid request (created_by_request), and so is the
 * Message-ID: performing again after a provider failure or a crash sends the same message, never a second one
 * with another id (recipients, our own inbound server included, deduplicate by Message-ID).
 */
export async function sendMessage(ctx: AgentsContext, call: Call<SendInput>): Promise<Outcome> {
  const { input, tenant } = call;
  const mailbox = await ownedMailbox(ctx.db, tenant.id, input.mailboxId);
  const domain = ctx.config.emailDomain;
  const fromAddress = `${mailbox.local_part}@${domain}`;
  const text = mailbox.outbound_signature ? `${input.text}\n\n-- \n${mailbox.outbound_signature}` : input.text;
  const to = input.to.map((a) => a.toLowerCase());

  // The Message-ID derives from the row id, fixed by the first attempt; a retry finds the row by its request.
  const id = randomUUID();
  await ctx.db.query(
    `insert into agent_email_messages (id, tenant_id, mailbox_id, direction, message_id_header, from_address,
       to_addresses, subject, text_body, size_bytes, delivery_state, created_by_request)
     values ($1, $2, $3, 'outbound', $4, $5, $6::text::jsonb, $7, $8, $9, 'queued', $10)
     on conflict (created_by_request) do nothing`,
    [
      id,
      tenant.id,
      mailbox.id,
      `${id}@${domain}`,
      fromAddress,
      JSON.stringify(to),
      input.subject,
      text,
      Buffer.byteLength(text),
      call.ref,
    ],
  );
  const [msg] = await ctx.db.query<OutboundRow>(
    `select id, message_id_header, delivery_state, delivery_info, received_at
       from agent_email_messages where created_by_request = $1`,
    [call.ref],
  );
  if (!msg) throw new Error('outbound message row vanished');

  let delivery = msg.delivery_info as { accepted: string[]; rejected: string[] } | null;
  if (msg.delivery_state !== 'sent') {
    const result = await ctx.mail.send({
      from: { name: mailbox.display_name, address: fromAddress },
      to,
      subject: input.subject,
      text,
      messageId: msg.message_id_header,
      date: msg.received_at,
    });
    delivery = { accepted: result.accepted, rejected: result.rejected };
    await ctx.db.query(
      `update agent_email_messages set delivery_state = 'sent', delivery_info = $2::text::jsonb where id = $1`,
      [msg.id, JSON.stringify(result)],
    );
  }
  return {
    data: {
      emailId: msg.id,
      mailboxId: mailbox.id,
      from: fromAddress,
      to,
      subject: input.subject,
      messageId: `<${msg.message_id_header}>`,
      sentAt: msg.received_at.toISOString(),
      delivery: { accepted: delivery?.accepted ?? [], rejected: delivery?.rejected ?? [] },
    },
  };
}

export interface QueryInput {
  messageId?: string | undefined;
  mailboxId?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

interface MessageRow {
  id: string;
  tenant_id: string;
  mailbox_id: string;
  direction: 'inbound' | 'outbound';
  message_id_header: string;
  from_address: string;
  to_addresses: string[];
  cc_addresses: string[];
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers: Record<string, unknown>;
  attachments: unknown[];
  size_bytes: number;
  auth_results: unknown;
  delivery_state: string | null;
  received_at: Date;
  cursor_us: string;
}

export async function queryPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: QueryInput): Promise<void> {
  if (input.mailboxId) await mailboxOwnedPrecheck(ctx, tenant, { mailboxId: input.mailboxId });
}

/**
 * email.message.query: one complete message by messageId, or the tenant's messages newest first with a cursor
 * (summaries: emailId, mailboxId, direction, from, to, subject, receivedAt).
 */
export async function queryMessages(ctx: AgentsContext, call: Call<QueryInput>): Promise<Outcome> {
  const { input, tenant } = call;
  if (input.messageId) {
    const rows = await ctx.db.query<MessageRow>(`select *, '' as cursor_us from agent_email_messages where id = $1`, [
      input.messageId,
    ]);
    const m = rows[0];
    if (!m) throw new AgentError('RESOURCE_NOT_FOUND', `No message ${input.messageId}; list your messages`);
    if (m.tenant_id !== tenant.id) {
      throw new AgentError('RESOURCE_NOT_OWNED', `Message ${input.messageId} belongs to another tenant`);
    }
    return {
      data: {
        message: {
          ...summary(m),
          cc: m.cc_addresses,
          messageId: m.message_id_header ? `<${m.message_id_header}>` : null,
          text: m.text_body,
          html: m.html_body,
          headers: m.headers,
          attachments: m.attachments,
          sizeBytes: m.size_bytes,
          authentication: m.auth_results,
          deliveryState: m.delivery_state,
        },
      },
    };
  }
  const limit = input.limit ?? 50;
  const before = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await ctx.db.query<MessageRow>(
    `select id, tenant_id, mailbox_id, direction, from_address, to_addresses, subject, received_at,
            ${CURSOR_SQL('received_at')} as cursor_us
       from agent_email_messages
      where tenant_id = $1 and ($2::uuid is null or mailbox_id = $2)
        and ($3::text is null or (received_at, id) < (${FROM_CURSOR_SQL('$3')}, $4::uuid))
      order by received_at desc, id desc
      limit $5`,
    [tenant.id, input.mailboxId ?? null, before?.us ?? null, before?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: {
      messages: page.map(summary),
      nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_us, last.id) : null,
    },
  };
}

function summary(m: MessageRow) {
  return {
    emailId: m.id,
    mailboxId: m.mailbox_id,
    direction: m.direction,
    from: m.from_address,
    to: m.to_addresses,
    subject: m.subject,
    receivedAt: m.received_at.toISOString(),
  };
}
