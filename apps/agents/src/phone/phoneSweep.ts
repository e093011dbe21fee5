import { periodicWorker, type FeatureWorker } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { recordEvent } from '../eventLog/index.ts';
import { ProviderTemporaryFailure } from '../paywall/paywall.ts';
import { recordCallEnd, type CallRow } from './calls.ts';
import { phoneOf, readNumber, releaseAtProvider, type NumberRow } from './numbers.ts';
import { callDeadline, dueExpiryWarning } from './status.ts';
import type { PhoneServices } from './phoneServices.ts';

/**
 * The phone sweep: the durable side of every phone deadline. Each pass reads the facts in the database (so any
 * process may run it, after any restart) and acts on what is due by `ctx.now()`:
 *
 *  1. a connected call past connection + authorised seconds is ended at the provider and recorded ended
 *     (reason time_limit); the provider's own TimeLimit usually ended it already;
 *  2. phone.number.expiring at 5, 3 and 1 days before expiry, each once (the event's dedupe key names the
 *     number, the expiry and the threshold, so concurrent sweeps and restarts write it once; a renewal moves the
 *     expiry and arms the three warnings again);
 *  3. a number expired for longer than the grace period is released at the provider (phone.number.released);
 *  4. reconciliation: a number the provider no longer has, or an unfinished call the provider reports ended,
 *     becomes a provider reconciliation event (and the call's end is recorded).
 *
 * Provider calls are idempotent (ending an ended call, releasing a released number), so two processes sweeping at
 * once cost a duplicate request at worst, never a duplicate event.
 */
export async function sweepPhone(ctx: AgentsContext, opts: { reconcile?: boolean } = {}): Promise<void> {
  const phone = phoneOf(ctx);
  const now = ctx.now();

  const live = await ctx.db.query<Pick<CallRow, 'id' | 'provider_call_id' | 'connected_at' | 'authorised_seconds'>>(
    `select id, provider_call_id, connected_at, authorised_seconds from agent_phone_calls
      where ended_at is null and connected_at is not null
        and connected_at + make_interval(secs => authorised_seconds) <= $1
      limit 500`,
    [now],
  );
  for (const c of live) {
    if (callDeadline(c.connected_at!, c.authorised_seconds) > now) continue;
    try {
      if (c.provider_call_id) await phone.provider.endCall(c.provider_call_id);
    } catch (err) {
      ctx.logger.warn({ err, callId: c.id }, 'ending a call at its authorised time failed; the next sweep retries');
      continue;
    }
    await recordCallEnd(ctx.db, c.id, {
      at: callDeadline(c.connected_at!, c.authorised_seconds),
      reason: 'time_limit',
    });
  }

  const open = await ctx.db.query<{ id: string }>(
    `select id from agent_phone_numbers
      where released_at is null and expires_at <= $1::timestamptz + interval '5 days'
      order by expires_at limit 1000`,
    [now],
  );
  for (const { id } of open) {
    const n = (await readNumber(ctx.db, id))!;
    const days = dueExpiryWarning(n.expires_at, now);
    if (days !== null) await recordExpiring(ctx, n, days, phone.releaseGraceDays);
    const releaseAt = n.expires_at.getTime() + phone.releaseGraceDays * 86_400_000;
    if (releaseAt <= now.getTime()) {
      try {
        await releaseAtProvider(ctx, n, 'expired');
      } catch (err) {
        ctx.logger.warn({ err, phoneNumberId: n.id }, 'releasing an expired number failed; the next sweep retries');
      }
    }
  }

  if (opts.reconcile) await reconcile(ctx);
}

async function recordExpiring(ctx: AgentsContext, n: NumberRow, days: number, graceDays: number): Promise<void> {
  const renew = ctx.catalog.get('phone.number.renew.30d').record;
  const release = ctx.catalog.get('phone.number.release').record;
  await recordEvent(ctx.db, {
    tenantId: n.tenant_id,
    type: 'phone.number.expiring',
    source: 'agentos.internal',
    service: renew.serviceId,
    resourceId: n.id,
    fields: {
      phoneNumberId: n.id,
      number: n.e164,
      daysBeforeExpiry: days,
      expiresAt: n.expires_at.toISOString(),
      renewalDeadline: new Date(n.expires_at.getTime() + graceDays * 86_400_000).toISOString(),
      price: renew.price,
      priceUnits: renew.priceUnits,
      currency: renew.currency,
      renewal: {
        serviceId: renew.serviceId,
        method: renew.method,
        endpoint: renew.path,
        requestBody: { phoneNumberId: n.id },
      },
      releaseWarning:
        `At expiry the number is suspended (inbound callers hear that it is not in service; outbound calls are ` +
        `refused with NUMBER_EXPIRING). ${graceDays} days after expiry it is released irreversibly ` +
        `(${release.serviceId} would release it now; afterwards NUMBER_RELEASED).`,
    },
    dedupeKey: `phone.number.expiring:${n.id}:${n.expires_at.toISOString()}:${days}`,
  });
}

async function reconcile(ctx: AgentsContext): Promise<void> {
  const phone = phoneOf(ctx);
  const numbers = await ctx.db.query<{ id: string }>(
    `select id from agent_phone_numbers where released_at is null order by id limit 1000`,
  );
  for (const { id } of numbers) {
    const n = (await readNumber(ctx.db, id))!;
    let exists: boolean;
    try {
      exists = await phone.provider.numberExists(n.provider_sid);
    } catch (err) {
      if (err instanceof ProviderTemporaryFailure) continue;
      throw err;
    }
    if (exists) continue;
    await recordEvent(ctx.db, {
      tenantId: n.tenant_id,
      type: 'phone.reconciliation.number_missing',
      source: 'phone',
      resourceId: n.id,
      fields: {
        phoneNumberId: n.id,
        number: n.e164,
        detail: 'The provider no longer holds this number; inbound calls cannot reach it. Contact the operator.',
      },
      dedupeKey: `phone.reconciliation.number_missing:${n.id}`,
    });
  }
  const calls = await ctx.db.query<{ id: string; provider_call_id: string; tenant_id: string }>(
    `select id, provider_call_id, tenant_id from agent_phone_calls
      where ended_at is null and provider_call_id is not null and created_at < $1::timestamptz - interval '2 minutes'
      limit 500`,
    [ctx.now()],
  );
  for (const c of calls) {
    let state;
    try {
      state = await phone.provider.fetchCall(c.provider_call_id);
    } catch (err) {
      if (err instanceof ProviderTemporaryFailure) continue;
      throw err;
    }
    if (state && !['completed', 'busy', 'failed', 'no-answer', 'canceled'].includes(state.status)) continue;
    const ended = await recordCallEnd(ctx.db, c.id, {
      at: ctx.now(),
      reason: 'reconciled',
      providerStatus: state?.status ?? 'unknown',
      durationSeconds: state?.durationSeconds ?? null,
    });
    if (ended) {
      await recordEvent(ctx.db, {
        tenantId: c.tenant_id,
        type: 'phone.reconciliation.call_ended',
        source: 'phone',
        resourceId: c.id,
        fields: {
          callId: c.id,
          providerCallId: c.provider_call_id,
          providerStatus: state?.status ?? 'unknown',
          detail: 'The provider reports this call ended; its status report never reached us.',
        },
        dedupeKey: `phone.reconciliation.call_ended:${c.id}`,
      });
    }
  }
}

/** The sweep every PHONE_SWEEP_MS in the `workers` role, the reconciliation every 60 passes. */
export function phoneSweepWorker(ctx: AgentsContext, phone: PhoneServices): FeatureWorker {
  let n = 0;
  return periodicWorker({
    name: 'phone sweep',
    everyMs: phone.sweepMs,
    pass: () => sweepPhone(ctx, { reconcile: n++ % 60 === 59 }),
    onError: (err) => ctx.logger.warn({ err }, 'phone sweep failed'),
  });
}
