import { randomUUID } from 'node:crypto';
import type { Sql } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { recordEvent } from '../eventLog/index.ts';
import { AgentError } from '../http/errors.ts';
import { ProviderTemporaryFailure, type Call, type Outcome } from '../paywall/paywall.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { ENTITLEMENT_DAYS, INBOUND_PACKAGE_SECONDS, statusUrl, voiceUrl, type PhoneServices } from './phoneServices.ts';
import type { Country } from './provider/telephonyProvider.ts';
import { numberStatus, type NumberStatus } from './status.ts';

export interface NumberRow {
  id: string;
  tenant_id: string;
  country: Country;
  e164: string;
  provider: string;
  provider_sid: string;
  agent_name: string;
  area_code: string;
  begin_message: string | null;
  language: string | null;
  created_at: Date;
  expires_at: Date;
  inbound_seconds: number;
  released_at: Date | null;
  release_reason: 'owner' | 'expired' | null;
  provider_released_at: Date | null;
  /** Inbound seconds used by ended inbound calls. */
  inbound_used: number;
}

const NUMBER_SQL = `select n.id, n.tenant_id, n.country, n.e164, n.provider, n.provider_sid, n.agent_name, n.area_code,
    n.begin_message, n.language, n.created_at, n.expires_at, n.inbound_seconds, n.released_at, n.release_reason,
    n.provider_released_at,
    coalesce((select sum(c.duration_seconds) from agent_phone_calls c
               where c.phone_number_id = n.id and c.direction = 'inbound' and c.ended_at is not null), 0)::int
      as inbound_used
  from agent_phone_numbers n`;

export interface PhoneNumberView {
  phoneNumberId: string;
  number: string;
  country: Country;
  agentName: string;
  areaCode: string;
  beginMessage: string | null;
  language: string | null;
  status: NumberStatus;
  entitlementDays: number;
  expiresAt: string;
  /** Renew before this instant to keep the number (expiry + grace); afterwards it is released for good. */
  renewalDeadline: string;
  inboundAllowanceSeconds: number;
  inboundSecondsPurchased: number;
  createdAt: string;
  releasedAt: string | null;
}

export function toNumberView(r: NumberRow, now: Date, graceDays: number): PhoneNumberView {
  return {
    phoneNumberId: r.id,
    number: r.e164,
    country: r.country,
    agentName: r.agent_name,
    areaCode: r.area_code,
    beginMessage: r.begin_message,
    language: r.language,
    status: numberStatus({ expiresAt: r.expires_at, releasedAt: r.released_at }, now),
    entitlementDays: ENTITLEMENT_DAYS,
    expiresAt: r.expires_at.toISOString(),
    renewalDeadline: new Date(r.expires_at.getTime() + graceDays * 86_400_000).toISOString(),
    inboundAllowanceSeconds: remainingInbound(r),
    inboundSecondsPurchased: r.inbound_seconds,
    createdAt: r.created_at.toISOString(),
    releasedAt: r.released_at ? r.released_at.toISOString() : null,
  };
}

export const remainingInbound = (r: NumberRow): number => Math.max(0, r.inbound_seconds - r.inbound_used);

export function phoneOf(ctx: AgentsContext): PhoneServices {
  if (!ctx.phone) throw new AgentError('SERVICE_UNAVAILABLE', 'No telephony provider is configured');
  return ctx.phone;
}

export async function readNumber(sql: Sql, id: string): Promise<NumberRow | null> {
  const rows = await sql.query<NumberRow>(`${NUMBER_SQL} where n.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A number the tenant owns. Unknown → RESOURCE_NOT_FOUND; another tenant's → RESOURCE_NOT_OWNED. */
export async function ownedNumber(sql: Sql, tenant: Tenant | null, id: string): Promise<NumberRow> {
  if (!tenant) throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>');
  const row = await readNumber(sql, id);
  if (!row) throw new AgentError('RESOURCE_NOT_FOUND', `No phone number ${id}; list your numbers`);
  if (row.tenant_id !== tenant.id) {
    throw new AgentError('RESOURCE_NOT_OWNED', `Phone number ${id} belongs to another tenant; use one you own`);
  }
  return row;
}

/** Refuses a released number (NUMBER_RELEASED) and, unless `allowSuspended`, an expired one (NUMBER_EXPIRING). */
export function requireUsable(ctx: AgentsContext, row: NumberRow, opts: { allowSuspended?: boolean } = {}): void {
  const status = numberStatus({ expiresAt: row.expires_at, releasedAt: row.released_at }, ctx.now());
  if (status === 'released') {
    throw new AgentError('NUMBER_RELEASED', `Phone number ${row.id} was released irreversibly; buy a new one`);
  }
  if (status === 'suspended' && !opts.allowSuspended) {
    throw new AgentError(
      'NUMBER_EXPIRING',
      `Phone number ${row.id} expired at ${row.expires_at.toISOString()} and is suspended; renew it through phone.number.renew.30d`,
    );
  }
}

export interface PurchaseInput {
  agentName: string;
  areaCode: string;
  beginMessage?: string | undefined;
  language?: string | undefined;
}

/** Before any challenge: a number is on offer in the area code (nothing is charged for an impossible purchase). */
export function purchasePrecheck(country: Country) {
  return async (ctx: AgentsContext, _tenant: Tenant | null, input: PurchaseInput): Promise<void> => {
    const phone = phoneOf(ctx);
    let offered: boolean;
    try {
      offered = await phone.provider.hasLocalNumber(country, input.areaCode);
    } catch (err) {
      if (err instanceof ProviderTemporaryFailure) {
        throw new AgentError('PROVIDER_TEMPORARY_FAILURE', `${err.message}; retry later (nothing was charged)`, {
          headers: { 'retry-after': '5' },
        });
      }
      throw err;
    }
    if (!offered) {
      throw new AgentError(
        'NO_NUMBER_AVAILABLE',
        `No ${country} number is on offer in area code ${input.areaCode} now; try another areaCode`,
      );
    }
  };
}

/**
 * phone.number.us.30d / phone.number.ca.30d. The number is bought and recorded (keyed by the paid request) before
 * the response is stored, so a retry after a failure finds it instead of buying a second one. The entitlement is
 * exactly 30 days from the purchase.
 */
export function purchaseNumber(country: Country) {
  return async (ctx: AgentsContext, call: Call<PurchaseInput>): Promise<Outcome> => {
    const phone = phoneOf(ctx);
    const ref = call.ref!;
    const existing = await ctx.db.query<{ id: string }>(
      `select id from agent_phone_numbers where created_by_request = $1`,
      [ref],
    );
    let id = existing[0]?.id;
    if (!id) {
      id = randomUUID();
      const bought = await phone.provider.buyLocalNumber(
        country,
        call.input.areaCode,
        { voiceUrl: voiceUrl(phone, id), statusCallbackUrl: statusUrl(phone) },
        `tender ${id}`,
      );
      const now = ctx.now();
      await ctx.db.query(
        `insert into agent_phone_numbers (id, tenant_id, country, e164, provider, provider_sid, agent_name, area_code,
           begin_message, language, created_by_request, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         on conflict (created_by_request) do nothing`,
        [
          id,
          call.tenant.id,
          country,
          bought.e164,
          phone.provider.name,
          bought.providerSid,
          call.input.agentName,
          call.input.areaCode,
          call.input.beginMessage ?? null,
          call.input.language ?? null,
          ref,
          now,
          new Date(now.getTime() + ENTITLEMENT_DAYS * 86_400_000),
        ],
      );
      id = (
        await ctx.db.query<{ id: string }>(`select id from agent_phone_numbers where created_by_request = $1`, [ref])
      )[0]!.id;
    }
    const numberId = id;
    return {
      write: async (tx) => toNumberView((await readNumber(tx, numberId))!, ctx.now(), phone.releaseGraceDays),
    };
  };
}

/** Every number of the tenant (released ones included), oldest first, with derived status, expiry and allowance. */
export async function tenantNumbers(
  sql: Sql,
  tenantId: string,
  now: Date,
  graceDays: number,
): Promise<PhoneNumberView[]> {
  const rows = await sql.query<NumberRow>(`${NUMBER_SQL} where n.tenant_id = $1 order by n.created_at, n.id`, [
    tenantId,
  ]);
  return rows.map((r) => toNumberView(r, now, graceDays));
}

export async function listNumbers(ctx: AgentsContext, call: Call<Record<string, never>>): Promise<Outcome> {
  const phone = phoneOf(ctx);
  return { data: { numbers: await tenantNumbers(ctx.db, call.tenant.id, ctx.now(), phone.releaseGraceDays) } };
}

export async function renewPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: { phoneNumberId: string }) {
  // A suspended number may be renewed until it is released (within the grace period).
  requireUsable(ctx, await ownedNumber(ctx.db, tenant, input.phoneNumberId), { allowSuspended: true });
}

/** phone.number.renew.30d: +30 days from the current expiry, exactly, once per paid request. */
export async function renewNumber(ctx: AgentsContext, call: Call<{ phoneNumberId: string }>): Promise<Outcome> {
  const phone = phoneOf(ctx);
  return {
    write: async (tx) => {
      const rows = await tx.query<{ expires_at: Date; previous: Date }>(
        `update agent_phone_numbers set expires_at = expires_at + make_interval(days => $3)
          where id = $1 and tenant_id = $2 and released_at is null
          returning expires_at, expires_at - make_interval(days => $3) as previous`,
        [call.input.phoneNumberId, call.tenant.id, ENTITLEMENT_DAYS],
      );
      const r = rows[0];
      if (!r) throw new AgentError('NUMBER_RELEASED', `Phone number ${call.input.phoneNumberId} was released`);
      const row = (await readNumber(tx, call.input.phoneNumberId))!;
      await recordEvent(tx, {
        tenantId: call.tenant.id,
        type: 'phone.number.renewed',
        source: 'agentos.internal',
        service: 'phone.number.renew.30d',
        resourceId: row.id,
        fields: {
          phoneNumberId: row.id,
          number: row.e164,
          previousExpiresAt: r.previous.toISOString(),
          expiresAt: r.expires_at.toISOString(),
          daysAdded: ENTITLEMENT_DAYS,
        },
        dedupeKey: `phone.number.renewed:${call.ref}`,
      });
      return toNumberView(row, ctx.now(), phone.releaseGraceDays);
    },
  };
}

export async function inboundAddPrecheck(ctx: AgentsContext, tenant: Tenant | null, input: { phoneNumberId: string }) {
  requireUsable(ctx, await ownedNumber(ctx.db, tenant, input.phoneNumberId));
}

/** phone.call.inbound.add.10m: +600 inbound seconds to an active owned number. */
export async function addInboundMinutes(ctx: AgentsContext, call: Call<{ phoneNumberId: string }>): Promise<Outcome> {
  const phone = phoneOf(ctx);
  return {
    write: async (tx) => {
      await tx.query(
        `update agent_phone_numbers set inbound_seconds = inbound_seconds + $3 where id = $1 and tenant_id = $2`,
        [call.input.phoneNumberId, call.tenant.id, INBOUND_PACKAGE_SECONDS],
      );
      return {
        ...toNumberView((await readNumber(tx, call.input.phoneNumberId))!, ctx.now(), phone.releaseGraceDays),
        secondsAdded: INBOUND_PACKAGE_SECONDS,
      };
    },
  };
}

export interface ReleaseInput {
  phoneNumberId: string;
  confirmRelease: boolean;
}

export async function releasePrecheck(ctx: AgentsContext, tenant: Tenant | null, input: ReleaseInput) {
  if (input.confirmRelease !== true) {
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: confirmRelease must be true (irreversible)');
  }
  requireUsable(ctx, await ownedNumber(ctx.db, tenant, input.phoneNumberId), { allowSuspended: true });
}

/** phone.number.release: irreversible. The provider releases it first; then the fact and the event, once. */
export async function releaseNumber(ctx: AgentsContext, call: Call<ReleaseInput>): Promise<Outcome> {
  const phone = phoneOf(ctx);
  const row = await ownedNumber(ctx.db, call.tenant, call.input.phoneNumberId);
  requireUsable(ctx, row, { allowSuspended: true });
  await releaseAtProvider(ctx, row, 'owner');
  const released = (await readNumber(ctx.db, row.id))!;
  if (released.release_reason !== 'owner') {
    throw new AgentError('NUMBER_RELEASED', `Phone number ${row.id} was released irreversibly; buy a new one`);
  }
  return { data: toNumberView(released, ctx.now(), phone.releaseGraceDays) };
}

/**
 * Releases a number at the provider, then records the release (released_at and provider_released_at) and the
 * phone.number.released event in one transaction, at most once. Shared by the owner's release and the sweep.
 */
export async function releaseAtProvider(
  ctx: AgentsContext,
  row: NumberRow,
  reason: 'owner' | 'expired',
): Promise<boolean> {
  const phone = phoneOf(ctx);
  try {
    await phone.provider.releaseNumber(row.provider_sid);
  } catch (err) {
    if (err instanceof ProviderTemporaryFailure) {
      throw new AgentError('PROVIDER_TEMPORARY_FAILURE', `${err.message}; retry the release later`, {
        headers: { 'retry-after': '5' },
      });
    }
    throw err;
  }
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    const done = await tx.query(
      `update agent_phone_numbers set released_at = $2, release_reason = $3, provider_released_at = $2
        where id = $1 and released_at is null returning id`,
      [row.id, now, reason],
    );
    if (done.length === 0) return false;
    await recordEvent(tx, {
      tenantId: row.tenant_id,
      type: 'phone.number.released',
      source: 'agentos.internal',
      service: 'phone.number.release',
      resourceId: row.id,
      fields: { phoneNumberId: row.id, number: row.e164, reason, releasedAt: now.toISOString(), irreversible: true },
      dedupeKey: `phone.number.released:${row.id}`,
    });
    return true;
  });
}
