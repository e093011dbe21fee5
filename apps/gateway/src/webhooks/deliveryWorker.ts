// One delivery run: one signed POST of one event to one endpoint, every attempt logged. The runs come from
// createDeliveryRunner, which claims due delivery rows under a lease (the delivery row is the job).
//
// A run: the claim brought the delivery with its event and endpoint; sign, POST through the SSRF-guarded sender,
// then write the attempt and the delivery's next state (next due time, succeeded, failed) and release the lease, in
// ONE statement fenced by the lease token. Runs that send nothing (crowded host, configuration fault) hand the row
// back without using an attempt.
//
// Throughput: the attempt writes and the releases of concurrent runs are batched (one statement per batch,
// gathered over one event-loop turn while the previous batch is in flight), and the claim is batched too, so the
// database cost of a delivery is a fraction of a statement.
//
// Guarantees: at least once per (event, endpoint) until a 2xx or the end of the schedule. A worker killed mid-POST
// leaves the delivery leased; the lease expires, the row is due again and another worker sends it (same event id,
// same body). A run that ended without logging (crash, database unreachable, lease taken over) is logged by the next
// run as an interrupted attempt, so the log shows every automatic run. Once a delivery has succeeded, no automatic
// run POSTs it again.
import { batched, retryTransient, SecretBoxError, type SecretBox, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import type { ClaimedDelivery } from './claimDeliveries.ts';
import { activeSecrets, endPendingDeliveries } from './endpoints.ts';
import { EVENT_API_VERSION } from './eventTypes.ts';
import { releaseDeliveries, type DeliveryRelease } from './releaseDeliveries.ts';
import { INTERRUPTED_ATTEMPT_ERROR, writeAttempts, type AttemptRecord, type WrittenAttempt } from './writeAttempts.ts';
import { createWebhookSender, type AbortHook } from './sender.ts';
import { automaticAttempts, retryDelayMs, type WebhookSettings } from './settings.ts';
import { signatureHeader, SIGNATURE_HEADER } from './signature.ts';
import { urlPolicy, type Resolver } from './ssrfGuard.ts';
import type { Environment } from '../tenant.ts';

/**
 * Automatic runs allowed for one delivery: its 9 attempts (the schedule ends itself after the last, see
 * settings.ts), plus a margin for runs a crashed worker never finished (an expired lease counts as a run), so that a
 * crash does not end the schedule early. A delivery whose runs all died this often is ended as failed.
 */
export const DELIVERY_MAX_RUNS = 12;

/** A delivery whose host is crowded is due again after this long, up to twice as long with jitter. */
const CROWDED_HOST_DEFER_MS = 1_000;
/** A delivery this process cannot sign (its keys) waits this long before it is tried again, with no attempt used. */
const CONFIG_FAULT_DEFER_MS = 60_000;

export interface DeliveryWorkerOptions {
  /** DNS for the SSRF guard (tests); the system resolver by default. */
  resolver?: Resolver;
  /** Randomness of the retry jitter (tests). */
  random?: () => number;
  /** Concurrent connections per receiving host. Default 64. */
  maxSocketsPerHost?: number;
  /** How long a delivery this process cannot sign waits before it is tried again. Default 60 s. */
  configFaultDeferMs?: number;
}

export interface DeliveryWorker {
  /**
   * Makes the run of one claimed delivery and writes its outcome (or hands it back). Rejects only when the outcome
   * could not be written (database unreachable): the lease then expires and the next run logs this one.
   */
  deliver(d: ClaimedDelivery, run: AbortHook): Promise<void>;
  /** Hands back claimed deliveries that will not run (the runner stopping): due at once, no attempt used. */
  release(deliveries: readonly ClaimedDelivery[]): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
}

/** Writes one run's attempt (batched with others'); undefined when its lease was taken over (nothing written). */
export type AttemptWriter = (record: AttemptRecord) => Promise<WrittenAttempt | undefined>;

/**
 * The per-delivery work of the webhook runner (createDeliveryRunner), which passes `writer` to write attempts in its
 * own cycle (completeAndClaimDeliveries); without one, attempts are written in batches of their own.
 */
export function createDeliveryWorker(
  ctx: GatewayContext,
  opts: DeliveryWorkerOptions = {},
  writer?: AttemptWriter,
): DeliveryWorker {
  const settings = ctx.webhooks;
  const sender = createWebhookSender({
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
    ...(opts.maxSocketsPerHost ? { maxSocketsPerHost: opts.maxSocketsPerHost } : {}),
  });
  // One statement, so a deadlock (it locks deliveries, then an endpoint whose failing_since changes; disabling an
  // endpoint locks them the other way round) wrote nothing: run it again rather than lose the attempts' log.
  const write =
    writer ??
    batched<AttemptRecord, WrittenAttempt | undefined>(
      (records) => retryTransient(() => writeAttempts(ctx.db, records, disableCutoff(ctx))),
      { maxInFlight: 1, distinct: (r) => r.deliveryId },
    );
  const releaseOne = batched<DeliveryRelease, boolean>(
    async (items) => {
      const released = await retryTransient(() => releaseDeliveries(ctx.db, items, ctx.now()));
      return items.map((r) => released.has(r.id));
    },
    { maxInFlight: 1, distinct: (r) => r.id },
  );
  const handBack = async (d: ClaimedDelivery, delayMs: number, error: string | null): Promise<void> => {
    const released = await releaseOne({ id: d.id, leaseToken: d.lease_token, delayMs, manual: d.manual, error });
    if (!released) ctx.logger.warn({ delivery: d.id }, 'webhooks: lease taken over before the run was handed back');
  };

  let secrets: { box: SecretBox; cache: SecretCache } | undefined;

  const deliver = async (d: ClaimedDelivery, run: AbortHook): Promise<void> => {
    const manual = d.manual;
    // Automatic runs started before this one that never logged (their POST may have gone out). No automatic run is
    // in flight beside this one (one lease per row), so every such run is lost for good.
    const lost = Math.max(0, d.run_count - (manual ? 0 : 1) - d.auto_attempt_count);
    // Nothing to send: the endpoint went away, or (automatic run) the delivery succeeded already, failed for good,
    // or its runs died too often. Lost runs still get their entry, so the log shows every run.
    const endpointGone = d.endpoint_deleted || d.endpoint_status !== 'enabled';
    if (endpointGone || (!manual && (d.status !== 'pending' || d.run_count > DELIVERY_MAX_RUNS))) {
      const reason = d.endpoint_deleted
        ? 'endpoint deleted'
        : endpointGone
          ? 'endpoint disabled'
          : `no outcome recorded after ${DELIVERY_MAX_RUNS} runs`;
      const ended = await endRun(ctx.db, d, lost, reason, ctx.now());
      if (!ended) ctx.logger.warn({ delivery: d.id }, 'webhooks: lease taken over before the run was ended');
      return;
    }
    // A local configuration fault (no keys, or keys that cannot open the endpoint's secret) sends nothing and uses
    // no attempt: the merchant's schedule is for their server's failures, not ours. It shows on the delivery as its
    // last_error and in the logs, and the delivery comes back after a minute (the keys fixed, another process takes it).
    const configFault = async (reason: string): Promise<void> => {
      const error = `not sent, no attempt used: ${reason}`;
      ctx.logger.error({ delivery: d.id, endpoint: d.endpoint_id }, `webhook delivery ${error}`);
      await handBack(d, opts.configFaultDeferMs ?? CONFIG_FAULT_DEFER_MS, error);
    };
    if (!ctx.secretBox) return configFault('this process has no SECRET_BOX_KEYS to sign with');
    if (secrets?.box !== ctx.secretBox) secrets = { box: ctx.secretBox, cache: new SecretCache(ctx.secretBox) };
    const policy = urlPolicy(d.environment, settings.allowLoopbackInTest);
    // Its host is slow and already has a queue this attempt would wait in for more than a second: give the slot to
    // deliveries bound elsewhere (other merchants) and come back later, without using an attempt. A slow host then
    // holds only the slots it can serve within about a second, not all of them; a fast one keeps its whole queue.
    if (sender.crowded(d.url, policy)) {
      return handBack(d, Math.round(CROWDED_HOST_DEFER_MS * (1 + (opts.random ?? Math.random)())), null);
    }

    const startedAt = ctx.now();
    const body = eventBody(d);
    let headers: Record<string, string>;
    try {
      headers = deliveryHeaders(secrets.cache, d, body, startedAt);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      return configFault(
        `this process cannot open the endpoint's signing secret (${err.message}): its SECRET_BOX_KEYS differ from ` +
          'those of the process that sealed it',
      );
    }
    const result = await sender.send({
      url: d.url,
      body,
      headers,
      policy,
      timeoutMs: settings.timeoutMs,
      abort: run,
    });

    // The schedule position is the run count: runs lost to a crash count, so a delivery never gets more than the 9
    // automatic attempts however often its workers die. An attempt cut short by the runner stopping (or losing its
    // lease) is logged but decides nothing: the delivery is due again at once, that run uncounted.
    const aborted = run.aborted;
    const final = !manual && !aborted && !result.ok && d.run_count >= automaticAttempts(settings);
    const delay =
      manual || aborted || result.ok || final ? undefined : retryDelayMs(settings, d.run_count, opts.random);
    const written = await write({
      deliveryId: d.id,
      leaseToken: d.lease_token,
      startedAt,
      result,
      manual,
      aborted,
      final,
      retryInMs: delay ?? null,
      interrupted: lost,
    });
    if (!written) {
      // The lease was taken over (this run outlived it): the run that took the delivery logs this one as
      // interrupted, and sends again.
      ctx.logger.warn({ delivery: d.id }, 'webhooks: lease taken over before the attempt was written; not logged');
      return;
    }
    if (written.disable) await disableFailingEndpoint(ctx, written.endpointId, settings);
  };

  return {
    deliver,
    release: async (deliveries) => {
      await Promise.all(deliveries.map((d) => handBack(d, 0, null)));
    },
    close: () => sender.close(),
  };
}

/** Endpoints failing since before this are disabled (see disableFailingEndpoint). */
export const disableCutoff = (ctx: GatewayContext): Date =>
  new Date(ctx.now().getTime() - ctx.webhooks.disableAfterFailingMs);

/**
 * The event as every attempt sends it: same id, same bytes. `data` is spliced in as the jsonb text PostgreSQL
 * renders (canonical for a given value), rather than parsed and re-serialised on every attempt.
 */
export function eventBody(
  d: Pick<ClaimedDelivery, 'event_id' | 'event_type' | 'livemode' | 'data_json' | 'event_created_at'>,
): string {
  const head = JSON.stringify({
    id: d.event_id,
    object: 'event',
    type: d.event_type,
    created: Math.floor(d.event_created_at.getTime() / 1000),
    livemode: d.livemode,
    api_version: EVENT_API_VERSION,
  });
  return `${head.slice(0, -1)},"data":${d.data_json}}`;
}

/**
 * Opened secrets by sealed value, so that steady traffic to one endpoint does not decrypt per delivery. A sealed value
 * names its ciphertext exactly (random IV), so a rotated secret is a new key and an old entry is never wrong; bounded.
 */
class SecretCache {
  private readonly opened = new Map<string, string>();
  constructor(private readonly box: SecretBox) {}
  open(sealed: string, context: string): string {
    const key = `${context}|${sealed}`;
    let plain = this.opened.get(key);
    if (plain === undefined) {
      plain = this.box.open(sealed, context);
      if (this.opened.size >= 1_000) this.opened.clear();
      this.opened.set(key, plain);
    }
    return plain;
  }
}

function deliveryHeaders(box: SecretCache, d: ClaimedDelivery, body: string, now: Date): Record<string, string> {
  const secrets = activeSecrets(
    box,
    {
      id: d.endpoint_id,
      secret_sealed: d.secret_sealed,
      previous_secret_sealed: d.previous_secret_sealed,
      previous_secret_expires_at: d.previous_secret_expires_at,
    },
    now,
  );
  return {
    'content-type': 'application/json',
    'user-agent': `Tender-Webhooks/${EVENT_API_VERSION}`,
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(Math.floor(now.getTime() / 1000), body, secrets),
    'tender-event-id': d.event_id,
    'tender-delivery-id': d.id,
  };
}

/**
 * Ends a run that sends nothing, fenced by its lease: logs the `lost` automatic runs before it (next attempt
 * numbers), fails the delivery if it is still pending (with `reason`), drops any manual retry asked for, and
 * releases the row with nothing due. False when the lease was taken over (nothing written).
 */
async function endRun(sql: Sql, d: ClaimedDelivery, lost: number, reason: string, now: Date): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `with d as (
       update webhook_deliveries
          set attempt_count = attempt_count + $3, auto_attempt_count = auto_attempt_count + $3,
              status = case when status = 'pending' then 'failed' else status end,
              next_attempt_at = case when status = 'pending' then null else next_attempt_at end,
              last_error = case when status = 'pending' then $4 else last_error end,
              updated_at = $5,
              due_at = null, lease_token = null, lease_expires_at = null, manual_retry_at_attempt = null
        where id = $1 and lease_token = $2::uuid
        returning id, attempt_count
     ), gaps as (
       insert into webhook_attempts (delivery_id, attempt, started_at, error, manual)
       select d.id, d.attempt_count - $3 + g.n, $5, $6, false from d cross join generate_series(1, $3) as g(n)
     )
     select id from d`,
    [d.id, d.lease_token, lost, reason, now, INTERRUPTED_ATTEMPT_ERROR],
  );
  return rows.length > 0;
}

/**
 * Disables an endpoint that has had only failures for `disableAfterFailingMs`, with an audit entry, once: the
 * conditional UPDATE lets exactly one of several racing workers through.
 */
export async function disableFailingEndpoint(
  ctx: GatewayContext,
  endpointId: string,
  s: WebhookSettings,
): Promise<boolean> {
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - s.disableAfterFailingMs);
  // Run again after a deadlock with an attempt being logged (see updateWebhookEndpoint).
  return retryTransient(() =>
    ctx.db.tx(async (tx) => {
      const [row] = await tx.query<{
        merchant_id: string;
        environment: Environment;
        url: string;
        failing_since: Date;
      }>(
        `update webhook_endpoints set status = 'disabled', disabled_reason = 'failing', disabled_at = $2, updated_at = $2
        where id = $1 and status = 'enabled' and deleted_at is null and failing_since <= $3
        returning merchant_id, environment, url, failing_since`,
        [endpointId, now, cutoff],
      );
      if (!row) return false;
      await endPendingDeliveries(tx, endpointId, 'endpoint disabled after failing', now);
      await audit(tx, {
        merchantId: row.merchant_id,
        environment: row.environment,
        action: 'webhook_endpoint.disabled',
        actor: SYSTEM_ACTOR,
        target: { type: 'webhook_endpoint', id: endpointId },
        data: {
          reason: 'failing',
          url: row.url,
          failing_since: row.failing_since.toISOString(),
          disable_after_seconds: Math.round(s.disableAfterFailingMs / 1000),
        },
        at: now,
      });
      ctx.logger.warn({ endpointId, merchantId: row.merchant_id }, 'webhooks: endpoint disabled after failing');
      return true;
    }),
  );
}
