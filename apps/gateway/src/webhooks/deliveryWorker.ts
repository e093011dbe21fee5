// The delivery job: one signed POST of one event to one endpoint per run, every attempt logged.
//
// A run: load the delivery (with its event and endpoint), sign, POST through the SSRF-guarded sender, then write the
// attempt and the delivery's new state in ONE statement; the job runner then completes the job (success, or the
// schedule is over) or schedules the next retry (RetryLaterError with the jittered delay of settings.ts).
//
// Throughput: the loads and the attempt writes of concurrent runs are batched (one statement per batch, gathered
// over one event-loop turn while the previous batch is in flight), and the runner completes and claims jobs in
// batches too, so the database cost of a delivery is a fraction of a statement.
//
// Guarantees: at least once per (event, endpoint) until a 2xx or the end of the schedule. A worker killed mid-POST
// leaves the job leased; the lease expires and another worker runs it again (same event id, same body). A run that
// ended without logging (crash, database unreachable) is logged by the next run as an interrupted attempt, so the
// log shows every run. Once a delivery has succeeded, a later run of its automatic job POSTs nothing.
import { batched, SecretBoxError, type SecretBox, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import {
  DeferJobError,
  PermanentJobError,
  RetryLaterError,
  retryTransient,
  type Job,
  type JobContext,
  type QueueDefinition,
} from '@tender/platform';
import { activeSecrets, endPendingDeliveries } from './endpoints.ts';
import { EVENT_API_VERSION } from './eventTypes.ts';
import { WEBHOOK_DELIVERY_QUEUE, type DeliveryJobPayload } from './queues.ts';
import { createWebhookSender, type SendResult } from './sender.ts';
import { automaticAttempts, retryDelayMs, type WebhookSettings } from './settings.ts';
import { signatureHeader, SIGNATURE_HEADER } from './signature.ts';
import { urlPolicy, type Resolver } from './ssrfGuard.ts';
import type { Environment } from '../tenant.ts';

interface LoadedDelivery {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  auto_attempt_count: number;
  environment: Environment;
  endpoint_id: string;
  url: string;
  endpoint_status: 'enabled' | 'disabled';
  endpoint_deleted: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  event_type: string;
  livemode: boolean;
  /** gateway_events.data as PostgreSQL renders jsonb: the same text for the same value, every time. */
  data_json: string;
  event_created_at: Date;
}

interface AttemptRecord {
  deliveryId: string;
  startedAt: Date;
  result: SendResult;
  manual: boolean;
  /** The automatic schedule ends with this attempt (it failed and was the last). */
  final: boolean;
  nextAttemptAt: Date | null;
  /** Runs before this one that ended without logging an attempt. */
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
  queues: Record<string, QueueDefinition>;
  /** Closes pooled connections. */
  close(): void;
}

/** The webhook queue of the gateway, for a job runner (merged into gatewayJobQueues in ../workers.ts). */
export function createDeliveryWorker(ctx: GatewayContext, opts: DeliveryWorkerOptions = {}): DeliveryWorker {
  const settings = ctx.webhooks;
  const sender = createWebhookSender({
    ...(opts.resolver ? { resolver: opts.resolver } : {}),
    ...(opts.maxSocketsPerHost ? { maxSocketsPerHost: opts.maxSocketsPerHost } : {}),
  });
  const load = batched<string, LoadedDelivery | undefined>((ids) => loadDeliveries(ctx.db, ids));
  // One statement, so a deadlock (it locks deliveries, then an endpoint whose failing_since changes; disabling an
  // endpoint locks them the other way round) wrote nothing: run it again rather than lose the attempts' log.
  const write = batched<AttemptRecord, WrittenAttempt | undefined>(
    (records) =>
      retryTransient(() =>
        writeAttempts(ctx.db, records, new Date(ctx.now().getTime() - settings.disableAfterFailingMs)),
      ),
    { maxInFlight: 1, distinct: (r) => r.deliveryId },
  );

  let secrets: { box: SecretBox; cache: SecretCache } | undefined;

  const handler = async (job: Job<DeliveryJobPayload>, jc: JobContext): Promise<void> => {
    const p = job.payload;
    if (!p || typeof p.deliveryId !== 'string') throw new PermanentJobError('webhook job without a deliveryId');
    const manual = p.manual === true;
    const d = await load(p.deliveryId);
    if (!d) throw new PermanentJobError(`webhook delivery ${p.deliveryId} does not exist`);
    // Succeeded already (a manual retry got through first, or a crash after logging), failed for good, or the
    // endpoint went away: nothing to send. Runs of this job that ended without logging (their POST may have gone
    // out) still get their entry, so the log shows every run even when the delivery ended meanwhile.
    const endpointGone = d.endpoint_deleted || d.endpoint_status !== 'enabled';
    if (!manual && (d.status !== 'pending' || endpointGone)) {
      const lost = job.attempts - 1 - d.auto_attempt_count;
      if (lost > 0) await logInterruptedRuns(ctx.db, d.id, lost, ctx.now());
      if (d.status === 'pending') {
        await endDelivery(ctx.db, d.id, d.endpoint_deleted ? 'endpoint deleted' : 'endpoint disabled', ctx.now());
      }
      return;
    }
    if (endpointGone) return; // a manual retry raced with a disable
    // A local configuration fault (no keys, or keys that cannot open the endpoint's secret) sends nothing and uses
    // no attempt: the merchant's schedule is for their server's failures, not ours. It shows on the delivery as its
    // last_error and in the logs, and the job comes back after a minute (the keys fixed, another process takes it).
    const configFault = async (reason: string): Promise<never> => {
      const error = `not sent, no attempt used: ${reason}`;
      await ctx.db.query(
        `update webhook_deliveries set last_error = $2, updated_at = $3 where id = $1 and status = 'pending'`,
        [d.id, error, ctx.now()],
      );
      ctx.logger.error({ delivery: d.id, endpoint: d.endpoint_id }, `webhook delivery ${error}`);
      throw new DeferJobError(opts.configFaultDeferMs ?? CONFIG_FAULT_DEFER_MS, error);
    };
    if (!ctx.secretBox) return configFault('this process has no SECRET_BOX_KEYS to sign with');
    if (secrets?.box !== ctx.secretBox) secrets = { box: ctx.secretBox, cache: new SecretCache(ctx.secretBox) };
    const policy = urlPolicy(d.environment, settings.allowLoopbackInTest);
    // Its host is slow and already has a queue this attempt would wait in for more than a second: give the slot to
    // deliveries bound elsewhere (other merchants) and come back later, without using an attempt. A slow host then
    // holds only the slots it can serve within about a second, not all of them; a fast one keeps its whole queue.
    if (sender.crowded(d.url, policy)) {
      throw new DeferJobError(Math.round(CROWDED_HOST_DEFER_MS * (1 + (opts.random ?? Math.random)())), 'host busy');
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
      abort: jc,
    });

    // The schedule position is the job's run number: runs lost to a crash count, so a delivery never gets more
    // than the 9 automatic attempts however often its workers die. An attempt cut short by the worker stopping (or
    // losing its lease) is logged but decides nothing: the job runs again, released or taken over.
    const aborted = jc.aborted;
    const final = !manual && !aborted && !result.ok && job.attempts >= automaticAttempts(settings);
    const delay =
      manual || aborted || result.ok || final ? undefined : retryDelayMs(settings, job.attempts, opts.random);
    const nextAttemptAt = delay === undefined ? null : new Date(startedAt.getTime() + delay);
    const written = await write({
      deliveryId: d.id,
      startedAt,
      result,
      manual,
      final,
      nextAttemptAt,
      interrupted: manual ? 0 : Math.max(0, job.attempts - 1 - d.auto_attempt_count),
    });
    if (written?.disable) await disableFailingEndpoint(ctx, written.endpointId, settings);
    // Stopping or lease lost mid-POST: the attempt is logged; hand the job back (released, or already someone's).
    if (aborted) throw jc.abortReason;
    if (delay !== undefined) {
      throw new RetryLaterError(delay, `attempt ${written?.attempt ?? '?'} failed: ${result.error ?? 'failed'}`);
    }
  };

  return {
    queues: {
      [WEBHOOK_DELIVERY_QUEUE]: {
        handler,
        // Only for runs that threw before an attempt was made (database unreachable, no secretBox): the same schedule.
        backoff: (attempts) => retryDelayMs(settings, attempts, opts.random) ?? settings.retryDelaysMs.at(-1) ?? 60_000,
        // A delivery's jobs are keyed by the delivery (and, for manual retries, by its attempt count), and neither key
        // is enqueued again once its job has run: webhook_deliveries and webhook_attempts are the record.
        retainDone: false,
      },
    },
    close: () => sender.close(),
  };
}

/**
 * The event as every attempt sends it: same id, same bytes. `data` is spliced in as the jsonb text PostgreSQL
 * renders (canonical for a given value), rather than parsed and re-serialised on every attempt.
 */
export function eventBody(
  d: Pick<LoadedDelivery, 'event_id' | 'event_type' | 'livemode' | 'data_json' | 'event_created_at'>,
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

function deliveryHeaders(box: SecretCache, d: LoadedDelivery, body: string, now: Date): Record<string, string> {
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

async function loadDeliveries(sql: Sql, ids: readonly string[]): Promise<(LoadedDelivery | undefined)[]> {
  const rows = await sql.query<LoadedDelivery>(
    `select d.id, d.status, d.auto_attempt_count, d.environment, d.endpoint_id,
            ep.url, ep.status as endpoint_status, ep.deleted_at is not null as endpoint_deleted,
            ep.secret_sealed, ep.previous_secret_sealed, ep.previous_secret_expires_at,
            ev.id as event_id, ev.type as event_type, ev.livemode, ev.data::text as data_json,
            ev.created_at as event_created_at
       from webhook_deliveries d
       join webhook_endpoints ep on ep.id = d.endpoint_id
       join gateway_events ev on ev.id = d.event_id
      where d.id = any($1::text[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

/**
 * Logs attempts and moves their deliveries on, for many deliveries in one statement (one commit). Per delivery:
 * attempt_count grows by the interrupted runs plus this attempt, which take the next numbers; status becomes
 * succeeded on a 2xx (and stays so), failed when the schedule ended; a failed manual attempt changes nothing, nor
 * does a failed attempt that was in flight when the delivery was ended (endpoint disabled or deleted). Per endpoint: failing_since is cleared by any success and set by the first failure after one; it
 * is only written when it changes, so steady traffic does not contend on the endpoint row.
 */
export async function writeAttempts(
  sql: Sql,
  records: readonly AttemptRecord[],
  disableCutoff: Date,
): Promise<(WrittenAttempt | undefined)[]> {
  const rows = await sql.query<{ id: string; attempt: number; endpoint_id: string; disable: boolean }>(
    `with r as (
       select * from unnest($1::text[], $2::text[]::timestamptz[], $3::text[]::int[], $4::text[]::int[], $5::text[],
                            $6::text[], $7::text[]::boolean[], $8::text[]::boolean[], $9::text[]::boolean[],
                            $10::text[]::timestamptz[], $11::text[]::int[])
         as r(delivery_id, started_at, status_code, latency_ms, excerpt, error, ok, manual, final, next_at, interrupted)
     ), d as (
       update webhook_deliveries d set
         attempt_count = d.attempt_count + r.interrupted + 1,
         auto_attempt_count = d.auto_attempt_count + case when r.manual then 0 else r.interrupted + 1 end,
         status = case when r.ok or d.status = 'succeeded' then 'succeeded'
                       when r.manual or d.status = 'failed' then d.status
                       when r.final then 'failed' else 'pending' end,
         succeeded_at = case when r.ok and d.succeeded_at is null then r.started_at else d.succeeded_at end,
         next_attempt_at = case when r.ok then null
                                when r.manual or d.status = 'failed' then d.next_attempt_at
                                else r.next_at end,
         last_attempt_at = r.started_at,
         last_status_code = r.status_code,
         last_error = r.error,
         updated_at = r.started_at
       from r
       where d.id = r.delivery_id
       returning d.id, d.endpoint_id, d.attempt_count
     ), gaps as (
       insert into webhook_attempts (delivery_id, attempt, started_at, error, manual)
       select d.id, d.attempt_count - r.interrupted - 1 + g.n, r.started_at, $12, false
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
            (not p.any_ok and ep.status = 'enabled' and ep.deleted_at is null and ep.failing_since <= $13) as disable
       from d
       join per_endpoint p on p.endpoint_id = d.endpoint_id
       join webhook_endpoints ep on ep.id = d.endpoint_id`,
    // Every array travels as text[] and is cast by the server: postgres.js types arrays of Dates, booleans and
    // numbers inconsistently across versions, text arrays always the same.
    [
      records.map((r) => r.deliveryId),
      records.map((r) => r.startedAt.toISOString()),
      records.map((r) => num(r.result.statusCode)),
      records.map((r) => num(r.result.latencyMs)),
      records.map((r) => r.result.excerpt),
      records.map((r) => r.result.error),
      records.map((r) => String(r.result.ok)),
      records.map((r) => String(r.manual)),
      records.map((r) => String(r.final)),
      records.map((r) => r.nextAttemptAt?.toISOString() ?? null),
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

/** Logs `n` runs of a delivery's automatic job that ended without logging their attempt (next attempt numbers). */
async function logInterruptedRuns(sql: Sql, deliveryId: string, n: number, now: Date): Promise<void> {
  await sql.query(
    `with d as (
       update webhook_deliveries
          set attempt_count = attempt_count + $2, auto_attempt_count = auto_attempt_count + $2, updated_at = $3
        where id = $1
        returning id, attempt_count
     )
     insert into webhook_attempts (delivery_id, attempt, started_at, error, manual)
     select d.id, d.attempt_count - $2 + g.n, $3, $4, false from d cross join generate_series(1, $2) as g(n)`,
    [deliveryId, n, now, INTERRUPTED_ATTEMPT_ERROR],
  );
}

/** A pending delivery whose endpoint went away: failed, without an attempt. */
async function endDelivery(sql: Sql, id: string, reason: string, now: Date): Promise<void> {
  await sql.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null, last_error = $2, updated_at = $3
      where id = $1 and status = 'pending'`,
    [id, reason, now],
  );
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
  return ctx.db.tx(async (tx) => {
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
  });
}
