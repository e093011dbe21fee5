// The delivery log: list and detail of deliveries with their attempts, and the manual retry of one delivery.
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import { WAKE_DELIVERY_RUNNERS_SQL } from './deliveryWake.ts';
import type { DeliveryStatus, WebhookDeliveryView } from './webhookSchemas.ts';
import type { Tenant, Environment } from '../tenant.ts';

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  url: string;
  environment: Environment;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  succeeded_at: Date | null;
  created_at: Date;
  seq: string;
}

export interface AttemptRow {
  attempt: number;
  started_at: Date;
  status_code: number | null;
  latency_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  manual: boolean;
}

const COLUMNS = `d.id, d.event_id, d.event_type, d.endpoint_id, ep.url, d.environment, d.status, d.attempt_count,
  d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_error, d.succeeded_at, d.created_at, d.seq`;

export const attemptView = (a: AttemptRow) => ({
  attempt: a.attempt,
  started_at: a.started_at.toISOString(),
  status_code: a.status_code,
  latency_ms: a.latency_ms,
  response_excerpt: a.response_excerpt,
  error: a.error,
  manual: a.manual,
});

export function deliveryView(d: DeliveryRow, attempts?: readonly AttemptRow[]): WebhookDeliveryView {
  return {
    id: d.id,
    object: 'webhook_delivery',
    event_id: d.event_id,
    event_type: d.event_type,
    endpoint_id: d.endpoint_id,
    url: d.url,
    livemode: d.environment === 'live',
    status: d.status,
    attempt_count: d.attempt_count,
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    last_attempt_at: d.last_attempt_at?.toISOString() ?? null,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    succeeded_at: d.succeeded_at?.toISOString() ?? null,
    created_at: d.created_at.toISOString(),
    ...(attempts ? { attempts: attempts.map(attemptView) } : {}),
  };
}

export interface DeliveryFilters {
  event_id?: string | undefined;
  endpoint_id?: string | undefined;
  status?: DeliveryStatus | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** Newest first. The cursor is opaque (the position of the last item); filters must stay the same across pages. */
export async function listDeliveries(
  ctx: GatewayContext,
  t: Tenant,
  f: DeliveryFilters,
): Promise<{ deliveries: DeliveryRow[]; nextCursor: string | null }> {
  const before = f.cursor ? decodeSeqCursor(f.cursor, 'whd') : null;
  const rows = await ctx.db.query<DeliveryRow>(
    `select ${COLUMNS}
       from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
      where d.merchant_id = $1 and d.environment = $2
        and ($3::text is null or d.event_id = $3) and ($4::text is null or d.endpoint_id = $4)
        and ($5::text is null or d.status = $5) and ($6::bigint is null or d.seq < $6::bigint)
      order by d.seq desc limit $7`,
    [t.merchantId, t.environment, f.event_id ?? null, f.endpoint_id ?? null, f.status ?? null, before, f.limit + 1],
  );
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return {
    deliveries: page,
    nextCursor: rows.length > f.limit && last ? encodeCursor(['whd', String(last.seq)]) : null,
  };
}

export async function getDelivery(
  ctx: GatewayContext,
  t: Tenant,
  id: string,
): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] }> {
  const [delivery] = await ctx.db.query<DeliveryRow>(
    `select ${COLUMNS} from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
      where d.id = $1 and d.merchant_id = $2 and d.environment = $3`,
    [id, t.merchantId, t.environment],
  );
  if (!delivery) throw new GatewayError('RESOURCE_NOT_FOUND', `No webhook delivery ${id}`);
  const attempts = await ctx.db.query<AttemptRow>(
    `select attempt, started_at, status_code, latency_ms, response_excerpt, error, manual
       from webhook_attempts where delivery_id = $1 order by attempt`,
    [id],
  );
  return { delivery, attempts };
}

/**
 * Asks for one more attempt of a delivery now, whatever its status (a succeeded one is sent again: a resend, same
 * event id, so a deduplicating receiver changes nothing). The request is recorded on the delivery
 * (manual_retry_at_attempt) and made by the next run that claims it; its outcome appears in the attempts. It never
 * ends the automatic schedule of a pending delivery (that keeps its own next attempt), and a success ends it early.
 * Asking again before that attempt has run asks for the same attempt (idempotent on the attempt count).
 *
 * The row is locked here, so a run in flight either finished before (then the request makes the row due now) or
 * writes its outcome after, and finding the request still there makes the row due now itself. A row leased to a
 * run is due already and not claimable until its lease ends: a second run never starts beside the first.
 */
export async function retryDelivery(ctx: GatewayContext, principal: Principal, id: string): Promise<DeliveryRow> {
  const t: Tenant = { merchantId: principal.merchantId, environment: principal.environment };
  const now = ctx.now();
  await ctx.db.tx(async (tx) => {
    const [d] = await tx.query<{ attempt_count: number; endpoint_status: string; deleted: boolean }>(
      `select d.attempt_count, ep.status as endpoint_status, ep.deleted_at is not null as deleted
         from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
        where d.id = $1 and d.merchant_id = $2 and d.environment = $3
        for update of d`,
      [id, t.merchantId, t.environment],
    );
    if (!d) throw new GatewayError('RESOURCE_NOT_FOUND', `No webhook delivery ${id}`);
    if (d.deleted) throw new GatewayError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint of this delivery was deleted');
    if (d.endpoint_status !== 'enabled') {
      throw new GatewayError(
        'WEBHOOK_ENDPOINT_DISABLED',
        'The endpoint of this delivery is disabled; enable it (PATCH status=enabled) before retrying',
      );
    }
    const [req] = await tx.query<{ attempt: number }>(
      `update webhook_deliveries
          set manual_retry_at_attempt = coalesce(manual_retry_at_attempt, attempt_count),
              due_at = least(coalesce(due_at, now()), now())
        where id = $1
        returning manual_retry_at_attempt as attempt, ${WAKE_DELIVERY_RUNNERS_SQL}::text as woke`,
      [id],
    );
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'webhook_delivery.retry_requested',
      actor: actorOf(principal),
      target: { type: 'webhook_delivery', id },
      // The attempt count the request was made at: equal for requests that ask for the same attempt.
      data: { requested_at_attempt: req!.attempt, attempt_count: d.attempt_count },
      at: now,
    });
  });
  return (await getDelivery(ctx, t, id)).delivery;
}
