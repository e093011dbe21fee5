// GET /v1/events, GET /v1/events/stream (server-sent events) and GET /v1/events/{id}, as one Fastify plugin.
import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { createCredentialWatch, type CredentialWatchOptions } from '../http/credentialWatch.ts';
import { GatewayError } from '../http/errors.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes.ts';
import { eventView, type EventRow } from './event.ts';
import { getEvent, listEvents } from './eventQueries.ts';
import { getEventSchema, listEventsSchema, streamEventsSchema } from './eventRouteSchemas.ts';
import { createEventTail } from './eventTail.ts';
import type { Tenant } from '../tenant.ts';

const accepts = ['key', 'session'] as const;
/** What every events route needs; the stream re-checks it while open. */
const EVENTS_PERMISSION = 'read';
const KEEPALIVE_MS = 15_000;

export const EVENTS_TAG = {
  name: 'Events',
  description:
    'Every event the gateway emitted, as webhook deliveries carry it (same id and body), kept for reconciliation: ' +
    'list them after an outage, or follow them live as server-sent events',
};

const tenantOf = (p: Tenant): Tenant => ({ merchantId: p.merchantId, environment: p.environment });

export interface EventRoutesOptions {
  /** Options of the stream's credential re-check (http/credentialWatch.ts). */
  credentials?: CredentialWatchOptions;
}

export function eventRoutes(ctx: GatewayContext, opts: EventRoutesOptions = {}) {
  return async function eventPlugin(app: App): Promise<void> {
    const tail = createEventTail(ctx.db, ctx.logger);
    const credentials = createCredentialWatch(ctx, opts.credentials);
    const streams = new Set<() => void>();
    // Open streams would hold the server's close: end them first.
    app.addHook('preClose', async () => {
      for (const end of streams) end();
      tail.close();
      await credentials.close();
    });

    app.get(
      '/v1/events',
      {
        config: { auth: { accepts, permission: EVENTS_PERMISSION } },
        schema: listEventsSchema,
      },
      async (req) => {
        const q = req.query;
        const page = await listEvents(ctx.db, tenantOf(principalOf(req)), {
          type: q.type,
          from: q.from,
          to: q.to,
          limit: q.limit ?? 20,
          cursor: q.cursor,
        });
        return {
          object: 'list' as const,
          data: page.rows.map(eventView),
          has_more: page.nextCursor !== null,
          next_cursor: page.nextCursor,
        };
      },
    );

    app.get(
      '/v1/events/stream',
      {
        config: { auth: { accepts, permission: EVENTS_PERMISSION } },
        schema: streamEventsSchema,
      },
      async (req, reply) => {
        const principal = principalOf(req);
        const tenant = tenantOf(principal);
        const types = parseTypes(req.query.types);
        const resumeId = req.headers['last-event-id'];
        const lastSeq = resumeId ? (await getEvent(ctx.db, tenant, resumeId)).seq : null;

        const res = reply.raw;
        reply.hijack();
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'request-id': String(req.id),
        });
        // The headers go out with the first write, after the subscription below: a client told the stream is open
        // never misses an event committed after that (a stream without Last-Event-ID starts after the newest event
        // when it subscribes).

        let ended = false;
        let unsubscribe = (): void => {};
        let unwatch = (): void => {};
        const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
        /** Ends the stream once; `why` (the credential stopped being valid) is said in a last comment. */
        const end = (why?: GatewayError): void => {
          if (ended) return;
          ended = true;
          clearInterval(keepalive);
          unsubscribe();
          unwatch();
          streams.delete(end);
          if (why && !res.writableEnded && !res.destroyed)
            res.write(`: closed: ${why.code}: ${why.message.replace(/\s+/g, ' ')}\n\n`);
          res.end();
        };
        streams.add(end);
        res.on('close', () => end());
        try {
          unwatch = await credentials.watch(principal, EVENTS_PERMISSION, end);
          unsubscribe = await tail.subscribe({
            tenant,
            lastSeq,
            deliver: (rows) => writeEvents(res, rows, types),
          });
        } catch (err) {
          // The server is closing (or the database is gone): the client reconnects after the last event it saw.
          ctx.logger.warn({ err }, 'event stream: could not start following');
          end();
          return;
        }
        // Ended while subscribing (client gone, credential revoked, server closing): release what was just taken.
        if (ended) {
          unwatch();
          unsubscribe();
          return;
        }
        res.write(': connected\n\n');
      },
    );

    app.get(
      '/v1/events/:id',
      {
        config: { auth: { accepts, permission: EVENTS_PERMISSION } },
        schema: getEventSchema,
      },
      async (req) => eventView(await getEvent(ctx.db, tenantOf(principalOf(req)), req.params.id)),
    );
  };
}

function parseTypes(raw: string | undefined): ReadonlySet<string> | null {
  if (raw === undefined) return null;
  const types = raw.split(',').map((t) => t.trim());
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  const unknown = types.find((t) => !known.has(t));
  if (unknown !== undefined) {
    throw new GatewayError('VALIDATION_FAILED', 'Invalid query', {
      details: [{ path: 'types', message: `"${unknown}" is not an event type` }],
    });
  }
  return new Set(types);
}

/** Writes a batch as SSE messages; resolves once the socket takes more (so a slow reader holds its own reads). */
function writeEvents(
  res: NodeJS.WritableStream & { writableEnded: boolean },
  rows: EventRow[],
  types: ReadonlySet<string> | null,
): Promise<void> {
  if (res.writableEnded) return Promise.resolve();
  let chunk = '';
  for (const r of rows) {
    if (types && !types.has(r.type)) continue;
    chunk += `id: ${r.id}\nevent: ${r.type}\ndata: ${JSON.stringify(eventView(r))}\n\n`;
  }
  if (chunk === '' || res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    res.once('drain', resolve);
    res.once('close', resolve);
  });
}
