import type { Sql } from '@tender/platform';
import { tenantCalls, transcriptsOf, type CallView, type TranscriptEntry } from '../phone/calls.ts';
import { tenantNumbers, type PhoneNumberView } from '../phone/numbers.ts';

/**
 * What the owner dashboard shows of one tenant. Every query is scoped by the tenant of the owner session (never by
 * input); hashes and secrets never leave. Money stays a decimal string of base units.
 */

export async function accessTokensOf(sql: Sql, tenantId: string) {
  const rows = await sql.query<{
    id: string;
    created_at: Date;
    revoked_at: Date | null;
    revoked_by: string | null;
    replaced_by: string | null;
  }>(
    `select id, created_at, revoked_at, revoked_by, replaced_by from agent_access_tokens
      where tenant_id = $1 order by created_at desc, id limit 100`,
    [tenantId],
  );
  return rows.map((r) => ({
    tokenId: r.id,
    status: r.revoked_at ? 'revoked' : 'active',
    createdAt: r.created_at.toISOString(),
    revokedAt: r.revoked_at?.toISOString() ?? null,
    revokedBy: r.revoked_by,
    replacedBy: r.replaced_by,
  }));
}

export async function mailboxesOf(sql: Sql, tenantId: string, emailDomain: string) {
  const rows = await sql.query<{
    id: string;
    local_part: string;
    display_name: string;
    created_at: Date;
    deleted_at: Date | null;
    messages: number;
  }>(
    `select m.id, m.local_part, m.display_name, m.created_at, m.deleted_at,
            (select count(*)::int from agent_email_messages e where e.mailbox_id = m.id) as messages
       from agent_mailboxes m where m.tenant_id = $1 order by m.created_at desc, m.id limit 500`,
    [tenantId],
  );
  return rows.map((r) => ({
    mailboxId: r.id,
    address: `${r.local_part}@${emailDomain}`,
    displayName: r.display_name,
    status: r.deleted_at ? 'deleted' : 'active',
    messages: r.messages,
    createdAt: r.created_at.toISOString(),
  }));
}

export async function messagesOf(sql: Sql, tenantId: string, p: { mailboxId?: string | undefined; limit: number }) {
  const rows = await sql.query<{
    id: string;
    mailbox_id: string;
    direction: string;
    from_address: string;
    to_addresses: string[];
    subject: string;
    received_at: Date;
    delivery_state: string | null;
  }>(
    `select id, mailbox_id, direction, from_address, to_addresses, subject, received_at, delivery_state
       from agent_email_messages
      where tenant_id = $1 and ($2::uuid is null or mailbox_id = $2::uuid)
      order by received_at desc, id desc limit $3`,
    [tenantId, p.mailboxId ?? null, p.limit],
  );
  return rows.map((r) => ({
    emailId: r.id,
    mailboxId: r.mailbox_id,
    direction: r.direction,
    from: r.from_address,
    to: r.to_addresses,
    subject: r.subject,
    receivedAt: r.received_at.toISOString(),
    deliveryState: r.delivery_state,
  }));
}

export async function eventsOf(sql: Sql, tenantId: string, limit: number) {
  const rows = await sql.query<{
    event_id: string;
    type: string;
    status: string;
    created_at: Date;
    delivered_at: Date | null;
    acknowledged_at: Date | null;
    source: string;
    service: string | null;
    resource_id: string | null;
    attempts: number;
  }>(
    `select event_id, type, status, created_at, delivered_at, acknowledged_at, source, service, resource_id, attempts
       from agent_events where tenant_id = $1 order by created_at desc, event_id desc limit $2`,
    [tenantId, limit],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    type: r.type,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    acknowledgedAt: r.acknowledged_at?.toISOString() ?? null,
    source: r.source,
    service: r.service,
    resourceId: r.resource_id,
    deliveryAttempts: r.attempts,
  }));
}

/** Every x402 payment the wallet made here (settled or still in progress), with its on-chain transaction. */
export async function paymentsOf(sql: Sql, walletAddress: string, limit: number) {
  const rows = await sql.query<{
    id: string;
    service_id: string;
    state: string;
    amount_units: string;
    network: string;
    asset: string;
    tx: string | null;
    settled_at: Date | null;
    created_at: Date;
    response_status: number | null;
  }>(
    `select id, service_id, state, amount_units::text, network, asset,
            coalesce(nullif(settlement_tx, ''), nullif(settlement->>'transaction', '')) as tx,
            settled_at, created_at, response_status
       from agent_paid_requests where wallet_address = $1 order by created_at desc, id desc limit $2`,
    [walletAddress.toLowerCase(), limit],
  );
  return rows.map((r) => ({
    paymentId: r.id,
    serviceId: r.service_id,
    state: r.state,
    amountUnits: r.amount_units,
    amount: formatUsdt(BigInt(r.amount_units)),
    currency: 'USDT' as const,
    network: r.network,
    asset: r.asset,
    transaction: r.tx,
    settledAt: r.settled_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
    responseStatus: r.response_status,
  }));
}

/** "0.25" from 250000n: decimal at the edge only. */
export function formatUsdt(units: bigint): string {
  const whole = units / 1_000_000n;
  const frac = (units % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac.padEnd(2, '0')}` : `${whole}.00`;
}

export interface OwnerPhoneView {
  numbers: PhoneNumberView[];
  calls: CallView[];
  /** The transcripts of the listed calls that have one. */
  transcripts: { callId: string; entries: TranscriptEntry[] }[];
}

/**
 * The tenant's numbers, its newest calls and their transcripts, through the telephony module's own views (the same
 * as phone.number.list, phone.call.get and phone.call.transcript).
 */
export async function telephonyOf(
  sql: Sql,
  tenantId: string,
  p: { now: Date; graceDays: number; limit: number },
): Promise<OwnerPhoneView> {
  const [numbers, calls] = await Promise.all([
    tenantNumbers(sql, tenantId, p.now, p.graceDays),
    tenantCalls(sql, tenantId, p.limit),
  ]);
  const lines = await transcriptsOf(
    sql,
    calls.filter((c) => c.hasTranscript).map((c) => c.callId),
  );
  return {
    numbers,
    calls,
    transcripts: calls.flatMap((c) => {
      const entries = lines.get(c.callId);
      return entries ? [{ callId: c.callId, entries }] : [];
    }),
  };
}
