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
import { batched, SecretBoxError, type SecretBox, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { retryTransient } from '@tender/platform';
import type { ClaimedDelivery } from './claimDeliveries.ts';
import { activeSecrets, endPendingDeliveries } from './endpoints.ts';
import { EVENT_API_VERSION } from './eventTypes.ts';
import { releaseDeliveries, type DeliveryRelease } from './releaseDeliveries.ts';
import { createWebhookSender, type AbortHook, type SendResult } from './sender.ts';
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

interface AttemptRecord {
  deliveryId: string;
  leaseToken: string;
  startedAt: Date;
  result: SendResult;
  manual: boolean;
  /** Cut short by the runner stopping or losing the lease: logged, decides nothing, the run is handed back. */
  aborted: boolean;
  /** The automatic schedule ends with this attempt (it failed and was the last). */
  final: boolean;
  /** Delay before the next automatic attempt, from the write (database clock); null when none follows. */
  retryInMs: number | null;
  /** Automatic runs before this one that ended without logging an attempt. */
  interrupted: number;
}

interface WrittenAttempt {
  attempt: number;
  endpointId: string;
  /** The endpoint has failed since at or before the auto-disable cutoff and is still enabled. */
  disable: boolean;
}

/** A delivery whose host is crowded is due again after this long, up to twice as long with jitter. */
const CROWDED_HOST_DEFER_MS = 1_000;
/** A delivery this process cannot sign (its keys) waits this long before it is tried again, with no attempt used. */
const CONFIG_FAULT_DEFER_MS = 60_000;

export const INTERRUPTED_ATTEMPT_ERROR =
  'the run ended without recording its outcome (worker crashed or stopped, or the database was unreachable); ' +
  'the endpoint may or may not have received this attempt';

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

/** The per-delivery work of the webhook runner (createDeliveryRunner). */
export function createDeliveryWorker(ctx: GatewayContext, opts: DeliveryWorkerOptions = {}): DeliveryWorker {
  const settings = ctx.webhooks;
  const sender = createWebhookSender({
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
    ...(opts.maxSocketsPerHost ? { maxSocketsPerHost: opts.maxSocketsPerHost } : {}),
  });
  // One statement, so a deadlock (it locks deliveries, then an endpoint whose failing_since changes; disabling an
  // endpoint locks them the other way round) wrote nothing: run it again rather than lose the attempts' log.
  const write = batched<AttemptRecord, WrittenAttempt | undefined>(
    (records) =>
      retryTransient(() =>
        writeAttempts(ctx.db, records, new Date(ctx.now().getTime() - settings.disableAfterFailingMs)),
      ),
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
 * Logs attempts and moves their deliveries on, for many deliveries in one statement (one commit), each fenced by
 * its run's lease token: a run whose lease was taken over writes nothing (neither its attempt nor the delivery's
 * state), and the run that took over logs it as interrupted. Per delivery: attempt_count grows by the interrupted
 * runs plus this attempt, which take the next numbers; status becomes succeeded on a 2xx (and stays so), failed when
 * the schedule ended; a failed manual attempt changes nothing, nor does a failed attempt that was in flight when the
 * delivery was ended (endpoint disabled or deleted), nor an aborted one (which hands its run back). The lease is
 * released and due_at set to what comes next: a manual retry still asked for (now), the automatic schedule's next
 * attempt while pending, or nothing. Per endpoint: failing_since is cleared by any success and set by the first
 * failure after one; it is only written when it changes, so steady traffic does not contend on the endpoint row.
 */
export async function writeAttempts(
  sql: Sql,
  records: readonly AttemptRecord[],
  disableCutoff: Date,
): Promise<(WrittenAttempt | undefined)[]> {
  const rows = await sql.query<{ id: string; attempt: number; endpoint_id: string; disable: boolean }>(
    `with r as (
       -- The next attempt is due its delay after this write, by the database's clock (as the claim reads it).
       select r.*, now() + r.retry_ms * interval '1 millisecond' as next_at
         from unnest($1::text[], $2::text[], $3::text[]::timestamptz[], $4::text[]::int[], $5::text[]::int[],
                     $6::text[], $7::text[], $8::text[]::boolean[], $9::text[]::boolean[], $10::text[]::boolean[],
                     $11::text[]::boolean[], $12::text[]::int[], $13::text[]::int[])
           as r(delivery_id, token, started_at, status_code, latency_ms, excerpt, error, ok, manual, aborted, final,
                retry_ms, interrupted)
     ), d as (
       update webhook_deliveries d set
         attempt_count = d.attempt_count + r.interrupted + 1,
         auto_attempt_count = d.auto_attempt_count + r.interrupted
                              + case when r.manual or r.aborted then 0 else 1 end,
         run_count = d.run_count - case when r.aborted and not r.manual then 1 else 0 end,
         status = case when r.ok or d.status = 'succeeded' then 'succeeded'
                       when r.manual or r.aborted or d.status = 'failed' then d.status
                       when r.final then 'failed' else 'pending' end,
         succeeded_at = case when r.ok and d.succeeded_at is null then r.started_at else d.succeeded_at end,
         next_attempt_at = case when r.ok then null
                                when r.manual or r.aborted or d.status = 'failed' then d.next_attempt_at
                                else r.next_at end,
         manual_retry_at_attempt = case when r.manual and not r.aborted then null else d.manual_retry_at_attempt end,
         due_at = case when r.aborted then now()
                       when d.manual_retry_at_attempt is not null and not r.manual then now()
                       when d.status = 'pending' and not r.ok and (r.manual or not r.final)
                         then coalesce(case when r.manual then d.next_attempt_at else r.next_at end, now())
                       else null end,
         lease_token = null,
         lease_expires_at = null,
         last_attempt_at = r.started_at,
         last_status_code = r.status_code,
         last_error = r.error,
         updated_at = r.started_at
       from r
       where d.id = r.delivery_id and d.lease_token = r.token::uuid
       returning d.id, d.endpoint_id, d.attempt_count
     ), gaps as (
       insert into webhook_attempts (delivery_id, attempt, started_at, error, manual)
       select d.id, d.attempt_count - r.interrupted - 1 + g.n, r.started_at, $14, false
         from d join r on r.delivery_id = d.id cross join lateral generate_series(1, r.interrupted) as g(n)
     ), a as (
       insert into webhook_attempts (delivery_id, attempt, started_at, status_code, latency_ms, response_excerpt, error,
                                     manual)
       select d.id, d.attempt_count, r.started_at, r.status_code, r.latency_ms, r.excerpt, r.error, r.manual
         from d join r on r.delivery_id = d.id
     ), per_endpoint as (
       select d.endpoint_id, bool_or(r.ok) as any_ok, min(r.started_at) filter (where not r.ok) as first_failure
         from d join r on r.delivery_id = d.id group by d.endpoint_id
     ), e as (
       update webhook_endpoints e set
         failing_since = case when p.any_ok then null else p.first_failure end
       from per_endpoint p
       where e.id = p.endpoint_id and (case when p.any_ok then e.failing_since is not null else e.failing_since is null end)
     )
     select d.id, d.attempt_count as attempt, d.endpoint_id,
            (not p.any_ok and ep.status = 'enabled' and ep.deleted_at is null and ep.failing_since <= $15) as disable
       from d
       join per_endpoint p on p.endpoint_id = d.endpoint_id
       join webhook_endpoints ep on ep.id = d.endpoint_id`,
    // Every array travels as text[] and is cast by the server: postgres.js types arrays of Dates, booleans and
    // numbers inconsistently across versions, text arrays always the same.
    [
      records.map((r) => r.deliveryId),
      records.map((r) => r.leaseToken),
      records.map((r) => r.startedAt.toISOString()),
      records.map((r) => num(r.result.statusCode)),
      records.map((r) => num(r.result.latencyMs)),
      records.map((r) => r.result.excerpt),
      records.map((r) => r.result.error),
      records.map((r) => String(r.result.ok)),
      records.map((r) => String(r.manual)),
      records.map((r) => String(r.aborted)),
      records.map((r) => String(r.final)),
      records.map((r) => num(r.retryInMs)),
      records.map((r) => String(r.interrupted)),
      INTERRUPTED_ATTEMPT_ERROR,
      disableCutoff,
    ],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return records.map((rec) => {
    const r = byId.get(rec.deliveryId);
    return r ? { attempt: r.attempt, endpointId: r.endpoint_id, disable: r.disable === true } : undefined;
  });
}

const num = (n: number | null): string | null => (n === null ? null : String(n));

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
