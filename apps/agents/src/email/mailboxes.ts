import type { Sql } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import type { Call, Outcome } from '../paywall/paywall.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { CURSOR_SQL, decodeCursor, encodeCursor, FROM_CURSOR_SQL } from '../http/cursor.ts';

/**
 * Names nobody may own: RFC 2142 role addresses and names an agent could use to impersonate the operator or
 * intercept mail meant for the domain (certificate approval addresses included).
 */
export const RESERVED_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'postmaster',
  'abuse',
  'hostmaster',
  'webmaster',
  'security',
  'noc',
  'mailer-daemon',
  'root',
  'admin',
  'administrator',
  'ssladmin',
  'sslwebmaster',
  'www',
  'www-data',
  'info',
  'support',
  'billing',
  'noreply',
  'no-reply',
  'dmarc',
  'dmarc-reports',
  'tender',
]);

/** 1-64 characters: lower-case letters, digits and . _ - ; starting and ending with a letter or digit; no "..". */
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/** Normalises (lower case) and validates a requested local part. Throws VALIDATION_FAILED naming the rule. */
export function validateLocalPart(raw: string): string {
  const lp = raw.trim().toLowerCase();
  if (!LOCAL_PART.test(lp) || lp.includes('..')) {
    throw new AgentError(
      'VALIDATION_FAILED',
      'Request validation failed: localPart must be 1-64 characters of a-z, 0-9, ".", "_" or "-", start and end ' +
        'with a letter or digit, and contain no ".."',
    );
  }
  if (RESERVED_LOCAL_PARTS.has(lp)) {
    throw new AgentError('VALIDATION_FAILED', `Request validation failed: localPart "${lp}" is reserved`);
  }
  return lp;
}

/** Display names go into a From header: no control characters (CR/LF would inject headers). */
export function validateDisplayName(raw: string): string {
  const v = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (!v || v.length > 100 || /[\u0000-\u001f\u007f]/.test(v)) {
    throw new AgentError(
      'VALIDATION_FAILED',
      'Request validation failed: displayName must be 1-100 characters without control characters',
    );
  }
  return v;
}

export interface MailboxRow {
  id: string;
  tenant_id: string;
  local_part: string;
  display_name: string;
  outbound_signature: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

export interface Mailbox {
  mailboxId: string;
  localPart: string;
  address: string;
  displayName: string;
  outboundSignature: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toMailbox(r: MailboxRow, domain: string): Mailbox {
  return {
    mailboxId: r.id,
    localPart: r.local_part,
    address: `${r.local_part}@${domain}`,
    displayName: r.display_name,
    outboundSignature: r.outbound_signature,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

const MAILBOX_COLUMNS =
  'id, tenant_id, local_part, display_name, outbound_signature, created_at, updated_at, deleted_at';

/**
 * An active mailbox the tenant owns. Unknown (or deleted) → RESOURCE_NOT_FOUND; another tenant's → RESOURCE_NOT_OWNED.
 */
export async function ownedMailbox(sql: Sql, tenantId: string, mailboxId: string): Promise<MailboxRow> {
  const rows = await sql.query<MailboxRow>(`select ${MAILBOX_COLUMNS} from agent_mailboxes where id = $1`, [mailboxId]);
  const row = rows[0];
  if (!row || row.deleted_at)
    throw new AgentError('RESOURCE_NOT_FOUND', `No mailbox ${mailboxId}; list your mailboxes`);
  if (row.tenant_id !== tenantId) {
    throw new AgentError('RESOURCE_NOT_OWNED', `Mailbox ${mailboxId} belongs to another tenant; use one you own`);
  }
  return row;
}

export interface CreateMailboxInput {
  localPart: string;
  displayName: string;
  outboundSignature?: string | undefined;
}

/**
 * Checked before the challenge and before settlement: the address is free for this tenant. An address belongs
 * forever to the first tenant that claimed it; an active mailbox holds it exclusively.
 */
export async function mailboxCreatePrecheck(
  ctx: AgentsContext,
  tenant: Tenant | null,
  input: CreateMailboxInput,
): Promise<void> {
  const lp = validateLocalPart(input.localPart);
  validateDisplayName(input.displayName);
  const rows = await ctx.db.query<{ tenant_id: string; active: boolean }>(
    `select a.tenant_id, exists (select 1 from agent_mailboxes m where m.local_part = a.local_part and m.deleted_at is null) as active
       from agent_email_addresses a where a.local_part = $1`,
    [lp],
  );
  const claimed = rows[0];
  if (claimed && (claimed.active || claimed.tenant_id !== tenant?.id)) throw addressTaken(lp, ctx.config.emailDomain);
}

function addressTaken(lp: string, domain: string): AgentError {
  return new AgentError(
    'ADDRESS_TAKEN',
    `${lp}@${domain} is in use or belongs to another tenant (a deleted mailbox's address stays with its tenant; ` +
      'send your bearer token if it is yours); choose another localPart',
  );
}

/** email.mailbox.create: claims the address and inserts the mailbox in the completing transaction. */
export async function createMailbox(ctx: AgentsContext, call: Call<CreateMailboxInput>): Promise<Outcome> {
  const lp = validateLocalPart(call.input.localPart);
  const displayName = validateDisplayName(call.input.displayName);
  return {
    write: async (tx) => {
      await tx.query(
        `insert into agent_email_addresses (local_part, tenant_id) values ($1, $2) on conflict do nothing`,
        [lp, call.tenant.id],
      );
      const owner = await tx.query<{ tenant_id: string }>(
        `select tenant_id from agent_email_addresses where local_part = $1`,
        [lp],
      );
      if (owner[0]?.tenant_id !== call.tenant.id) throw addressTaken(lp, ctx.config.emailDomain);
      // The partial unique index on active addresses turns a concurrent creation into "no row".
      const rows = await tx.query<MailboxRow>(
        `insert into agent_mailboxes (tenant_id, local_part, display_name, outbound_signature, created_by_request)
         values ($1, $2, $3, $4, $5)
         on conflict do nothing
         returning ${MAILBOX_COLUMNS}`,
        [call.tenant.id, lp, displayName, call.input.outboundSignature ?? null, call.ref],
      );
      if (!rows[0]) throw addressTaken(lp, ctx.config.emailDomain);
      return toMailbox(rows[0], ctx.config.emailDomain);
    },
  };
}

export interface ListInput {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** email.mailbox.list: owned active mailboxes, oldest first, keyset-paginated. */
export async function listMailboxes(ctx: AgentsContext, call: Call<ListInput>): Promise<Outcome> {
  const limit = call.input.limit ?? 50;
  const after = call.input.cursor ? decodeCursor(call.input.cursor) : null;
  const rows = await ctx.db.query<MailboxRow & { cursor_us: string }>(
    `select ${MAILBOX_COLUMNS}, ${CURSOR_SQL('created_at')} as cursor_us from agent_mailboxes
      where tenant_id = $1 and deleted_at is null
        and ($2::text is null or (created_at, id) > (${FROM_CURSOR_SQL('$2')}, $3::uuid))
      order by created_at, id
      limit $4`,
    [call.tenant.id, after?.us ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: {
      mailboxes: page.map((r) => toMailbox(r, ctx.config.emailDomain)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_us, last.id) : null,
    },
  };
}

export interface UpdateMailboxInput {
  mailboxId: string;
  displayName?: string | undefined;
  outboundSignature?: string | null | undefined;
}

export async function mailboxOwnedPrecheck(
  ctx: AgentsContext,
  tenant: Tenant | null,
  input: { mailboxId: string },
): Promise<void> {
  if (!tenant) throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>');
  await ownedMailbox(ctx.db, tenant.id, input.mailboxId);
}

export async function updateMailboxPrecheck(
  ctx: AgentsContext,
  tenant: Tenant | null,
  input: UpdateMailboxInput,
): Promise<void> {
  if (input.displayName === undefined && input.outboundSignature === undefined) {
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: give displayName and/or outboundSignature');
  }
  if (input.displayName !== undefined) validateDisplayName(input.displayName);
  await mailboxOwnedPrecheck(ctx, tenant, input);
}

/** email.mailbox.update: display name and/or outbound signature (null clears it). */
export async function updateMailbox(ctx: AgentsContext, call: Call<UpdateMailboxInput>): Promise<Outcome> {
  const { mailboxId, displayName, outboundSignature } = call.input;
  return {
    write: async (tx) => {
      await ownedMailbox(tx, call.tenant.id, mailboxId);
      const rows = await tx.query<MailboxRow>(
        `update agent_mailboxes
            set display_name = coalesce($3, display_name),
                outbound_signature = case when $4::boolean then $5 else outbound_signature end,
                updated_at = now()
          where id = $1 and tenant_id = $2 and deleted_at is null
          returning ${MAILBOX_COLUMNS}`,
        [
          mailboxId,
          call.tenant.id,
          displayName === undefined ? null : validateDisplayName(displayName),
          outboundSignature !== undefined,
          outboundSignature ?? null,
        ],
      );
      return toMailbox(rows[0]!, ctx.config.emailDomain);
    },
  };
}

/** email.mailbox.delete: the mailbox stops receiving, its stored messages are removed; the address stays ours. */
export async function deleteMailbox(ctx: AgentsContext, call: Call<{ mailboxId: string }>): Promise<Outcome> {
  return {
    write: async (tx) => {
      const row = await ownedMailbox(tx, call.tenant.id, call.input.mailboxId);
      const removed = await tx.query(`delete from agent_email_messages where mailbox_id = $1 returning id`, [row.id]);
      await tx.query(`update agent_mailboxes set deleted_at = now(), deleted_by_request = $2 where id = $1`, [
        row.id,
        call.ref,
      ]);
      return { mailboxId: row.id, deleted: true, messagesRemoved: removed.length };
    },
  };
}
