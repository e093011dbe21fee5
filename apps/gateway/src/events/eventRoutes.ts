// GET /v1/events, GET /v1/events/stream (server-sent events) and GET /v1/events/{id}, as one Fastify plugin.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { createCredentialWatch, type CredentialWatchOptions } from '../http/credentialWatch.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses, IsoUtc, ListQuery, listOf, StringEnum } from '../http/schemas.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes.ts';
import { EventSchema, eventView, type EventRow } from './event.ts';
import { getEvent, listEvents } from './eventQueries.ts';
import { createEventTail } from './eventTail.ts';
import type { Tenant } from '../tenant.ts';

const tags = ['Events'];
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
        schema: {
          tags,
          summary: 'List events',
          description:
            'Newest first, of the caller’s environment. `type` keeps one event type; `from` (inclusive) and `to` ' +
            '(exclusive) bound when the event happened.',
          querystring: Type.Object(
            {
              type: Type.Optional(StringEnum(WEBHOOK_EVENT_TYPES)),
              from: Type.Optional(IsoUtc('Created at or after')),
              to: Type.Optional(IsoUtc('Created before')),
              ...ListQuery,
            },
            { additionalProperties: false },
          ),
          response: { 200: listOf(EventSchema, 'A page of events'), ...errorResponses(400, 401, 403, 429) },
        },
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
        schema: {
          tags,
          summary: 'Follow events live (server-sent events)',
          description:
            '`text/event-stream`: one message per event, `id:` the event id, `event:` its type, `data:` the event as ' +
            'GET /v1/events returns it; a `: keepalive` comment every 15 s. Starts with events after the newest one ' +
            'at connection, or, with the `Last-Event-ID` header (what EventSource sends on reconnect), with every ' +
            'event after that one. `types` (comma separated) keeps only those types. A live stream is a convenience ' +
            'for development and dashboards: reconcile with GET /v1/events, which is complete. The stream ends ' +
            'within seconds when its credential stops being valid (API key revoked, session logged out, expired ' +
            'or idle, role without the read permission), after a last comment `: closed: <CODE>: <message>`; ' +
            'reconnecting then answers the same 401 or 403 as any other endpoint.',
          querystring: Type.Object(
            {
              types: Type.Optional(
                Type.String({ maxLength: 2000, description: 'Comma-separated event types; default all' }),
              ),
            },
            { additionalProperties: false },
          ),
          headers: Type.Object({
            'last-event-id': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          }),
          response: {
            200: Type.String({ description: 'text/event-stream' }),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
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
        res.write(': connected\n\n');

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
        }
      },
    );

    app.get(
      '/v1/events/:id',
      {
        config: { auth: { accepts, permission: EVENTS_PERMISSION } },
        schema: {
          tags,
          summary: 'Retrieve an event',
          description: 'Another merchant’s event, or one of the other environment, answers 404 like an unknown id.',
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
          response: { 200: EventSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
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
