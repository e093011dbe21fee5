// Webhook endpoints: register, list, get, update, delete, rotate the secret. Operations take the tenant from the
// principal (never from input), write an audit entry in the transaction of each change, and never return a secret
// except in the answer of the call that created it (create, rotate-secret).
import { newId, newSecretToken, retryTransient, type SecretBox, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { WebhookEndpointView } from './webhookSchemas.ts';
import type { GatewayContext } from '../context.ts';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import { ALL_EVENTS } from './eventTypes.ts';
import { checkWebhookUrl, urlPolicy, WebhookUrlError, type Resolver } from './ssrfGuard.ts';
import type { Tenant, Environment } from '../tenant.ts';

export const SECRET_PREFIX = 'whsec_';
/** Longest overlap of a rotation, during which the old secret still signs. */
export const MAX_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_OVERLAP_SECONDS = 86_400;

export interface EndpointRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  url: string;
  description: string | null;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: 'manual' | 'failing' | null;
  disabled_at: Date | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
  seq: string;
}

const COLUMNS = `id, merchant_id, environment, url, description, enabled_events, status, disabled_reason, disabled_at,
  previous_secret_expires_at, secret_rotated_at, failing_since, created_at, updated_at, seq`;

/** The webhook endpoint object of the API. `now` hides an overlap that has ended. */
export function endpointView(r: EndpointRow, now: Date): WebhookEndpointView {
  const overlapEnds =
    r.previous_secret_expires_at && r.previous_secret_expires_at > now ? r.previous_secret_expires_at : null;
  return {
    id: r.id,
    object: 'webhook_endpoint',
    url: r.url,
    description: r.description,
    enabled_events: r.enabled_events,
    status: r.status,
    disabled_reason: r.disabled_reason,
    disabled_at: r.disabled_at?.toISOString() ?? null,
    livemode: r.environment === 'live',
    secret_rotated_at: r.secret_rotated_at?.toISOString() ?? null,
    previous_secret_expires_at: overlapEnds?.toISOString() ?? null,
    failing_since: r.failing_since?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export interface EndpointInput {
  url: string;
  enabled_events: string[];
  description?: string | undefined;
}

export interface EndpointPatch {
  url?: string | undefined;
  enabled_events?: string[] | undefined;
  description?: string | null | undefined;
  status?: 'enabled' | 'disabled' | undefined;
}

/** Options for tests: a resolver instead of the system's DNS. */
export interface EndpointOptions {
  resolver?: Resolver;
}

function secretBoxOf(ctx: GatewayContext): SecretBox {
  if (!ctx.secretBox) {
    throw new GatewayError(
      'WEBHOOKS_UNAVAILABLE',
      'Webhook secrets cannot be stored: this deployment has no SECRET_BOX_KEYS configured',
    );
  }
  return ctx.secretBox;
}

const tenantOf = (p: Principal): Tenant => ({ merchantId: p.merchantId, environment: p.environment });

/** '*' alone, or distinct event types (the schema already limits them to known ones). */
function normaliseEvents(events: readonly string[]): string[] {
  const distinct = [...new Set(events)];
  if (distinct.includes(ALL_EVENTS) && distinct.length > 1) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: '/enabled_events', message: `"${ALL_EVENTS}" subscribes to every type and stands alone` }],
    });
  }
  return distinct;
}

async function vetUrl(ctx: GatewayContext, environment: Tenant['environment'], url: string, o: EndpointOptions) {
  const policy = urlPolicy(environment, ctx.webhooks.allowLoopbackInTest);
  try {
    return (await checkWebhookUrl(url, policy, o.resolver)).toString();
  } catch (err) {
    if (err instanceof WebhookUrlError) {
      throw new GatewayError('WEBHOOK_URL_REJECTED', `Webhook URL rejected: ${err.message}`, {
        details: [{ path: '/url', message: err.message }],
      });
    }
    throw err;
  }
}

export async function createWebhookEndpoint(
  ctx: GatewayContext,
  principal: Principal,
  input: EndpointInput,
  o: EndpointOptions = {},
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const box = secretBoxOf(ctx);
  const t = tenantOf(principal);
  const url = await vetUrl(ctx, t.environment, input.url, o);
  const events = normaliseEvents(input.enabled_events);
  const now = ctx.now();
  const id = newId('we');
  const secret = newSecretToken(SECRET_PREFIX);
  const max = ctx.webhooks.maxEndpoints;
  const endpoint = await ctx.db.tx(async (tx) => {
    // Serialises creations per merchant, so the limit below holds under concurrent requests.
    await tx.query('select id from merchants where id = $1 for update', [t.merchantId]);
    const [count] = await tx.query<{ n: number }>(
      `select count(*)::int as n from webhook_endpoints where merchant_id = $1 and environment = $2 and deleted_at is null`,
      [t.merchantId, t.environment],
    );
    if ((count?.n ?? 0) >= max) {
      throw new GatewayError('WEBHOOK_ENDPOINT_LIMIT', `At most ${max} webhook endpoints per environment`);
    }
    const [row] = await tx.query<EndpointRow>(
      `insert into webhook_endpoints (id, merchant_id, environment, url, description, enabled_events, secret_sealed,
         created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::text[], $7, $8, $8)
       returning ${COLUMNS}`,
      [id, t.merchantId, t.environment, url, input.description ?? null, events, box.seal(secret, id), now],
    );
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'webhook_endpoint.created',
      actor: actorOf(principal),
      target: { type: 'webhook_endpoint', id },
      data: { url, enabled_events: events },
      at: now,
    });
    return row!;
  });
  return { endpoint, secret };
}

export async function listWebhookEndpoints(
  ctx: GatewayContext,
  t: Tenant,
  p: { limit: number; cursor?: string | undefined },
): Promise<{ endpoints: EndpointRow[]; nextCursor: string | null }> {
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'we') : null;
  const rows = await ctx.db.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints
      where merchant_id = $1 and environment = $2 and deleted_at is null and ($3::bigint is null or seq < $3::bigint)
      order by seq desc limit $4`,
    [t.merchantId, t.environment, before, p.limit + 1],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return { endpoints: page, nextCursor: rows.length > p.limit && last ? encodeCursor(['we', String(last.seq)]) : null };
}

export async function getWebhookEndpoint(
  ctx: GatewayContext,
  t: Tenant,
  id: string,
  sql: Sql = ctx.db,
): Promise<EndpointRow> {
  const [row] = await sql.query<EndpointRow>(
    `select ${COLUMNS} from webhook_endpoints
      where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null`,
    [id, t.merchantId, t.environment],
  );
  // Another merchant's or environment's endpoint answers like an unknown one.
  if (!row) throw new GatewayError('RESOURCE_NOT_FOUND', `No webhook endpoint ${id}`);
  return row;
}

/** Changes url, events, description or status. Re-enabling clears the failure record (a fresh start). */
export async function updateWebhookEndpoint(
  ctx: GatewayContext,
  principal: Principal,
  id: string,
  patch: EndpointPatch,
  o: EndpointOptions = {},
): Promise<EndpointRow> {
  const t = tenantOf(principal);
  const url = patch.url === undefined ? undefined : await vetUrl(ctx, t.environment, patch.url, o);
  const events = patch.enabled_events === undefined ? undefined : normaliseEvents(patch.enabled_events);
  const now = ctx.now();
  // A disable locks the endpoint, then its deliveries; a run logging its attempt locks them the other way round
  // (deliveryWorker.writeAttempts): either can be the deadlock victim, and the whole transaction is run again.
  return retryTransient(() =>
    ctx.db.tx(async (tx) => {
      const before = await getWebhookEndpoint(ctx, t, id, tx);
      const [row] = await tx.query<EndpointRow>(
        `update webhook_endpoints set
         url = coalesce($2, url),
         enabled_events = coalesce($3::text[], enabled_events),
         description = case when $4::boolean then $5 else description end,
         status = coalesce($6, status),
         disabled_reason = case when $6 = 'disabled' and status = 'enabled' then 'manual'
                                when $6 = 'enabled' then null else disabled_reason end,
         disabled_at = case when $6 = 'disabled' and status = 'enabled' then $7
                            when $6 = 'enabled' then null else disabled_at end,
         failing_since = case when $6 = 'enabled' and status = 'disabled' then null else failing_since end,
         updated_at = $7
       where id = $1
       returning ${COLUMNS}`,
        [
          id,
          url ?? null,
          events ?? null,
          patch.description !== undefined,
          patch.description ?? null,
          patch.status ?? null,
          now,
        ],
      );
      if (patch.status === 'disabled' && before.status === 'enabled')
        await endPendingDeliveries(tx, id, 'endpoint disabled', now);
      const changed: Record<string, unknown> = {};
      if (url !== undefined && url !== before.url) changed.url = url;
      if (events !== undefined) changed.enabled_events = events;
      if (patch.description !== undefined) changed.description = patch.description;
      if (patch.status !== undefined && patch.status !== before.status) changed.status = patch.status;
      const action =
        changed.status === 'disabled'
          ? 'webhook_endpoint.disabled'
          : changed.status === 'enabled'
            ? 'webhook_endpoint.enabled'
            : 'webhook_endpoint.updated';
      await audit(tx, {
        merchantId: t.merchantId,
        environment: t.environment,
        action,
        actor: actorOf(principal),
        target: { type: 'webhook_endpoint', id },
        data: changed,
        at: now,
      });
      return row!;
    }),
  );
}

/**
 * Deletes an endpoint: it receives nothing more (its pending deliveries end as failed when their turn comes); the
 * row stays, hidden, so the delivery log keeps naming it.
 */
export async function deleteWebhookEndpoint(ctx: GatewayContext, principal: Principal, id: string): Promise<void> {
  const t = tenantOf(principal);
  const now = ctx.now();
  // Run again after a deadlock with an attempt being logged (see updateWebhookEndpoint).
  await retryTransient(() =>
    ctx.db.tx(async (tx) => {
      const before = await getWebhookEndpoint(ctx, t, id, tx);
      await tx.query(
        `update webhook_endpoints set deleted_at = $2, updated_at = $2, previous_secret_sealed = null,
         previous_secret_expires_at = null
       where id = $1`,
        [id, now],
      );
      await endPendingDeliveries(tx, id, 'endpoint deleted', now);
      await audit(tx, {
        merchantId: t.merchantId,
        environment: t.environment,
        action: 'webhook_endpoint.deleted',
        actor: actorOf(principal),
        target: { type: 'webhook_endpoint', id },
        data: { url: before.url },
        at: now,
      });
    }),
  );
}

/**
 * Ends the pending deliveries of an endpoint that stops receiving: failed, with the reason, at once, and any manual
 * retry asked for is dropped. A delivery leased to a run in flight keeps its lease and stays due: the run still logs
 * its outcome, which cannot revive it (a failed delivery stays failed; a success is
 * recorded as one), and if that run dies, the run that takes the row after the lease logs it as interrupted and
 * sends nothing.
 */
export async function endPendingDeliveries(tx: Sql, endpointId: string, reason: string, now: Date): Promise<void> {
  await tx.query(
    `update webhook_deliveries
        set status = case when status = 'pending' then 'failed' else status end,
            next_attempt_at = null,
            last_error = case when status = 'pending' then $2 else last_error end,
            updated_at = $3,
            due_at = case when lease_token is null then null else due_at end,
            manual_retry_at_attempt = null
      where endpoint_id = $1 and (status = 'pending' or manual_retry_at_attempt is not null)`,
    [endpointId, reason, now],
  );
}

/**
 * Replaces the secret. For `overlapSeconds` the old secret keeps signing beside the new one (two v1 entries), so a
 * merchant can deploy the new secret without rejecting a delivery; 0 retires it at once. A rotation during an
 * overlap retires the older of the two secrets: at most two ever sign.
 */
export async function rotateWebhookSecret(
  ctx: GatewayContext,
  principal: Principal,
  id: string,
  overlapSeconds: number,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const box = secretBoxOf(ctx);
  if (!(Number.isInteger(overlapSeconds) && overlapSeconds >= 0 && overlapSeconds <= MAX_OVERLAP_SECONDS)) {
    throw new RangeError(`overlapSeconds must be 0 to ${MAX_OVERLAP_SECONDS}`);
  }
  const t = tenantOf(principal);
  const now = ctx.now();
  const secret = newSecretToken(SECRET_PREFIX);
  const endpoint = await ctx.db.tx(async (tx) => {
    await getWebhookEndpoint(ctx, t, id, tx);
    const overlapEnds = overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null;
    // The row lock of this UPDATE orders concurrent rotations: each moves the then-current secret aside.
    const [row] = await tx.query<EndpointRow>(
      `update webhook_endpoints set
         previous_secret_sealed = case when $3::timestamptz is null then null else secret_sealed end,
         previous_secret_expires_at = $3::timestamptz,
         secret_sealed = $2, secret_rotated_at = $4, updated_at = $4
       where id = $1
       returning ${COLUMNS}`,
      [id, box.seal(secret, id), overlapEnds, now],
    );
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'webhook_endpoint.secret_rotated',
      actor: actorOf(principal),
      target: { type: 'webhook_endpoint', id },
      data: { overlap_seconds: overlapSeconds, previous_secret_expires_at: overlapEnds?.toISOString() ?? null },
      at: now,
    });
    return row!;
  });
  return { endpoint, secret };
}

/** The secrets that sign now, newest first: the current one, and the previous one during its overlap. */
export function activeSecrets(
  box: Pick<SecretBox, 'open'>,
  r: {
    id: string;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_secret_expires_at: Date | null;
  },
  now: Date,
): string[] {
  const out = [box.open(r.secret_sealed, r.id)];
  if (r.previous_secret_sealed && r.previous_secret_expires_at && r.previous_secret_expires_at > now) {
    out.push(box.open(r.previous_secret_sealed, r.id));
  }
  return out;
}
