import { randomUUID } from 'node:crypto';
import type { Database, Sql } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { recordEvent } from '../eventLog/index.ts';
import { AgentError } from '../http/errors.ts';
import { ProviderRefusal } from '../paywall/providerFailure.ts';
import type { Call, Outcome } from '../paywall/paywall.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { ownedNumber, phoneOf, readNumber, requireUsable } from './numbers.ts';
import { EXTENSION_SECONDS, relayUrl, statusUrl } from './phoneServices.ts';
import { callDeadline, callStatus, type CallStatus } from './status.ts';

export interface CallRow {
  id: string;
  tenant_id: string;
  phone_number_id: string;
  direction: 'inbound' | 'outbound';
  from_e164: string;
  to_e164: string;
  provider_call_id: string | null;
  authorised_seconds: number;
  initial_greeting: string | null;
  created_at: Date;
  connected_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
  provider_status: string | null;
  duration_seconds: number | null;
  has_transcript: boolean;
}

const CALL_SQL = `select c.id, c.tenant_id, c.phone_number_id, c.direction, c.from_e164, c.to_e164, c.provider_call_id,
    c.authorised_seconds, c.initial_greeting, c.created_at, c.connected_at, c.ended_at, c.end_reason, c.provider_status,
    c.duration_seconds, exists (select 1 from agent_phone_transcript t where t.call_id = c.id) as has_transcript
  from agent_phone_calls c`;

export interface CallView {
  callId: string;
  providerCallId: string | null;
  phoneNumberId: string;
  direction: 'inbound' | 'outbound';
  fromNumber: string;
  toNumber: string;
  status: CallStatus;
  authorisedSeconds: number;
  connectedAt: string | null;
  /** When the call will be ended if still connected (connection + authorised seconds). */
  endsBy: string | null;
  endedAt: string | null;
  endReason: string | null;
  durationSeconds: number | null;
  hasTranscript: boolean;
  createdAt: string;
}

export function toCallView(r: CallRow): CallView {
  return {
    callId: r.id,
    providerCallId: r.provider_call_id,
    phoneNumberId: r.phone_number_id,
    direction: r.direction,
    fromNumber: r.from_e164,
    toNumber: r.to_e164,
    status: callStatus({ connectedAt: r.connected_at, endedAt: r.ended_at }),
    authorisedSeconds: r.authorised_seconds,
    connectedAt: r.connected_at?.toISOString() ?? null,
    endsBy: r.connected_at && !r.ended_at ? callDeadline(r.connected_at, r.authorised_seconds).toISOString() : null,
    endedAt: r.ended_at?.toISOString() ?? null,
    endReason: r.end_reason,
    durationSeconds: r.duration_seconds,
    hasTranscript: r.has_transcript,
    createdAt: r.created_at.toISOString(),
  };
}

/** The tenant's calls, newest first. */
export async function tenantCalls(sql: Sql, tenantId: string, limit: number): Promise<CallView[]> {
  const rows = await sql.query<CallRow>(
    `${CALL_SQL} where c.tenant_id = $1 order by c.created_at desc, c.id desc limit $2`,
    [tenantId, limit],
  );
  return rows.map(toCallView);
}

export async function readCall(sql: Sql, id: string): Promise<CallRow | null> {
  return (await sql.query<CallRow>(`${CALL_SQL} where c.id = $1`, [id]))[0] ?? null;
}

export async function readCallByProviderId(sql: Sql, providerCallId: string): Promise<CallRow | null> {
  return (await sql.query<CallRow>(`${CALL_SQL} where c.provider_call_id = $1`, [providerCallId]))[0] ?? null;
}

export async function ownedCall(sql: Sql, tenant: Tenant | null, id: string): Promise<CallRow> {
  if (!tenant) throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>');
  const row = await readCall(sql, id);
  if (!row) throw new AgentError('RESOURCE_NOT_FOUND', `No call ${id}`);
  if (row.tenant_id !== tenant.id) {
    throw new AgentError('RESOURCE_NOT_OWNED', `Call ${id} belongs to another tenant; use one you own`);
  }
  return row;
}

export interface OutboundInput {
  phoneNumberId: string;
  toNumber: string;
  initialGreeting?: string | undefined;
}

export async function outboundPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: OutboundInput) {
  const number = await ownedNumber(ctx.db, tenant, input.phoneNumberId);
  requireUsable(ctx, number);
  if (number.e164 === input.toNumber) {
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: toNumber is the calling number itself');
  }
}

/**
 * phone.call.outbound.1m / .5m: places one call authorised for exactly `seconds` connected seconds, enforced by
 * the provider (TimeLimit) and by our sweep (connection + authorised seconds). The call row is written first,
 * keyed by the paid request, so a retry after a provider failure places the call at most once more only when the
 * first placement never answered.
 */
export function placeOutboundCall(seconds: 60 | 300) {
  return async (ctx: AgentsContext, call: Call<OutboundInput>): Promise<Outcome> => {
    const phone = phoneOf(ctx);
    const number = (await readNumber(ctx.db, call.input.phoneNumberId))!;
    requireUsable(ctx, number);
    const ref = call.ref!;
    await ctx.db.query(
      `insert into agent_phone_calls (id, tenant_id, phone_number_id, direction, from_e164, to_e164,
         authorised_seconds, initial_greeting, created_by_request, created_at)
       values ($1, $2, $3, 'outbound', $4, $5, $6, $7, $8, $9)
       on conflict (created_by_request) do nothing`,
      [
        randomUUID(),
        call.tenant.id,
        number.id,
        number.e164,
        call.input.toNumber,
        seconds,
        call.input.initialGreeting ?? null,
        ref,
        ctx.now(),
      ],
    );
    const row = (await ctx.db.query<CallRow>(`${CALL_SQL} where c.created_by_request = $1`, [ref]))[0]!;
    if (!row.provider_call_id) {
      const placed = await phone.provider
        .placeCall({
          fromE164: number.e164,
          toE164: call.input.toNumber,
          timeLimitSeconds: seconds,
          statusCallbackUrl: statusUrl(phone),
          relayUrl: relayUrl(phone, row.id),
          greeting: call.input.initialGreeting ?? number.begin_message ?? undefined,
          language: number.language ?? undefined,
        })
        .catch(async (err: unknown) => {
          // Refused for good: the provider holds no call, so neither do we (the paid request owes a refund).
          if (err instanceof ProviderRefusal) {
            await ctx.db.query(`delete from agent_phone_calls where id = $1 and provider_call_id is null`, [row.id]);
          }
          throw err;
        });
      await ctx.db.query(`update agent_phone_calls set provider_call_id = $2 where id = $1`, [
        row.id,
        placed.providerCallId,
      ]);
    }
    return { write: async (tx) => toCallView((await readCall(tx, row.id))!) };
  };
}

export async function extendPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: { callId: string }) {
  const row = await ownedCall(ctx.db, tenant, input.callId);
  if (row.ended_at || !row.provider_call_id) {
    throw new AgentError(
      'CALL_NOT_ACTIVE',
      `Call ${row.id} is not live (status ${callStatus({ connectedAt: row.connected_at, endedAt: row.ended_at })})`,
    );
  }
}

/**
 * phone.call.extend.1m: exactly +60 s. The provider's time limit is raised to the new total first (retrying after a
 * failure sets the same total again); the extension row commits with the paid request, once.
 */
export async function extendCall(ctx: AgentsContext, call: Call<{ callId: string }>): Promise<Outcome> {
  const phone = phoneOf(ctx);
  const row = (await readCall(ctx.db, call.input.callId))!;
  if (row.ended_at || !row.provider_call_id) {
    throw new AgentError('CALL_NOT_ACTIVE', `Call ${row.id} ended before the extension; nothing was added`);
  }
  await phone.provider.setCallTimeLimit(row.provider_call_id, row.authorised_seconds + EXTENSION_SECONDS);
  return {
    write: async (tx) => {
      const added = await tx.query(
        `insert into agent_phone_call_extensions (request_id, call_id, seconds) values ($1, $2, $3)
         on conflict do nothing returning request_id`,
        [call.ref, row.id, EXTENSION_SECONDS],
      );
      if (added.length) {
        await tx.query(`update agent_phone_calls set authorised_seconds = authorised_seconds + $2 where id = $1`, [
          row.id,
          EXTENSION_SECONDS,
        ]);
      }
      return { ...toCallView((await readCall(tx, row.id))!), secondsAdded: EXTENSION_SECONDS };
    },
  };
}

export async function callOwnedPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: { callId: string }) {
  await ownedCall(ctx.db, tenant, input.callId);
}

export async function getCall(ctx: AgentsContext, call: Call<{ callId: string }>): Promise<Outcome> {
  return { data: toCallView(await ownedCall(ctx.db, call.tenant, call.input.callId)) };
}

export interface TranscriptEntry {
  seq: number;
  speaker: 'caller' | 'agent';
  text: string;
  at: string;
}

/**
 * The transcript lines of the given calls, in order, by call id (calls without lines are absent). Callers pass only
 * call ids they already scoped to one tenant.
 */
export async function transcriptsOf(sql: Sql, callIds: readonly string[]): Promise<Map<string, TranscriptEntry[]>> {
  const byCall = new Map<string, TranscriptEntry[]>();
  if (callIds.length === 0) return byCall;
  const rows = await sql.query<{ call_id: string; seq: number; speaker: 'caller' | 'agent'; text: string; at: Date }>(
    `select call_id, seq, speaker, text, at from agent_phone_transcript where call_id = any($1::uuid[])
      order by call_id, seq`,
    [callIds],
  );
  for (const e of rows) {
    const entries = byCall.get(e.call_id) ?? [];
    entries.push({ seq: e.seq, speaker: e.speaker, text: e.text, at: e.at.toISOString() });
    byCall.set(e.call_id, entries);
  }
  return byCall;
}

export async function getTranscript(ctx: AgentsContext, call: Call<{ callId: string }>): Promise<Outcome> {
  const row = await ownedCall(ctx.db, call.tenant, call.input.callId);
  const entries = (await transcriptsOf(ctx.db, [row.id])).get(row.id) ?? [];
  return {
    data: {
      callId: row.id,
      status: callStatus({ connectedAt: row.connected_at, endedAt: row.ended_at }),
      recording: false,
      entries,
    },
  };
}

/** Appends one transcript line (text only) after the call's last one. */
export async function appendTranscript(
  sql: Sql,
  callId: string,
  speaker: 'caller' | 'agent',
  text: string,
  at: Date,
): Promise<void> {
  await sql.query(
    `insert into agent_phone_transcript (call_id, seq, speaker, text, at)
     select $1, coalesce(max(seq), 0) + 1, $2, $3, $4 from agent_phone_transcript where call_id = $1`,
    [callId, speaker, text, at],
  );
}

/**
 * Records the end of a call once (the first reporter wins: provider status, our sweep, the relay) and its
 * phone.call.ended event in the same transaction. Later reports only fill the provider's duration if we had none.
 */
export async function recordCallEnd(
  db: Database,
  callId: string,
  end: { at: Date; reason: string; providerStatus?: string | null; durationSeconds?: number | null },
): Promise<boolean> {
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update agent_phone_calls
          set ended_at = $2, end_reason = $3, provider_status = coalesce($4, provider_status),
              duration_seconds = coalesce($5, case when connected_at is null then 0
                else greatest(0, least(authorised_seconds, floor(extract(epoch from ($2::timestamptz - connected_at)))::int)) end)
        where id = $1 and ended_at is null
        returning id`,
      [callId, end.at, end.reason, end.providerStatus ?? null, end.durationSeconds ?? null],
    );
    if (!rows.length) {
      if (end.providerStatus) {
        await tx.query(
          `update agent_phone_calls set provider_status = $2, duration_seconds = coalesce(duration_seconds, $3) where id = $1`,
          [callId, end.providerStatus, end.durationSeconds ?? null],
        );
      }
      return false;
    }
    const c = (await readCall(tx, callId))!;
    await recordEvent(tx, {
      tenantId: c.tenant_id,
      type: 'phone.call.ended',
      source: 'phone',
      resourceId: c.id,
      fields: {
        callId: c.id,
        phoneNumberId: c.phone_number_id,
        providerCallId: c.provider_call_id,
        direction: c.direction,
        fromNumber: c.from_e164,
        toNumber: c.to_e164,
        durationSeconds: c.duration_seconds,
        authorisedSeconds: c.authorised_seconds,
        reason: c.end_reason,
        hasTranscript: c.has_transcript,
        endedAt: c.ended_at!.toISOString(),
      },
      dedupeKey: `phone.call.ended:${c.id}`,
    });
    return true;
  });
}
