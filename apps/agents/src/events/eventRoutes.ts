import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { AgentError, ok } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { bodyOf } from '../http/schemaInput.ts';
import { gateAvailability, serviceRoute } from '../paywall/paywall.ts';
import { issueRealtimeToken } from '../realtime/realtimeTokens.ts';
import { authenticateBearer } from '../tenants/tenants.ts';
import {
  ackAllEvents,
  ackEvent,
  EVENT_STATUSES,
  EVENTS_CHANNEL,
  eventNotFound,
  getEvent,
  listEvents,
  notify,
  type ListFilter,
} from '../eventLog/index.ts';

const uuid = (description: string) => Type.String({ format: 'uuid', description });
const statusEnum = Type.Union(
  EVENT_STATUSES.map((s) => Type.Literal(s)),
  { description: 'Event status' },
);
const typeName = Type.String({ minLength: 1, maxLength: 100 });
const isoTime = (description: string) => Type.String({ format: 'date-time', description });

const listFields = {
  status: Type.Optional(
    Type.Union([statusEnum, Type.Array(statusEnum, { minItems: 1, maxItems: 5 })], {
      description: 'One status or several; default pending and delivered (what is left to handle)',
    }),
  ),
  types: Type.Optional(
    Type.Array(typeName, { minItems: 1, maxItems: 50, description: 'Event types, e.g. email.received' }),
  ),
  agentId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  service: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Catalog service id the event relates to' }),
  ),
  resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'e.g. a mailboxId' })),
  from: Type.Optional(isoTime('createdAt at or after')),
  to: Type.Optional(isoTime('createdAt before')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Page size (default 50)' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page (opaque)' })),
};

type AckedEvent = Awaited<ReturnType<typeof ackEvent>>['event'];

/** Tells gateway processes that the tenant acknowledged over REST (sockets holding those events learn it). */
async function announceAck(ctx: AgentsContext, tenantId: string): Promise<void> {
  await notify(ctx.db, ctx.db.channel(EVENTS_CHANNEL), [`a:${tenantId}`]).catch((err: unknown) =>
    ctx.logger.warn({ err }, 'ack notification failed; sockets learn it on their next acknowledgement'),
  );
}

/**
 * The events API: free, Bearer. Thin: validation here, rules in eventLog/. Also the legacy aliases
 * GET /api/v1/events (list by query string) and POST /api/v1/events/{id}/acknowledge (ack).
 */
export function eventRoutes(app: App, ctx: AgentsContext): void {
  const policy = ctx.config.events;
  const listBody = Type.Object(listFields, { additionalProperties: false });
  const eventBody = Type.Object({ eventId: uuid('Event id') }, { additionalProperties: false });
  const ackAllBody = Type.Object(
    {
      before: isoTime('Acknowledge events created before this instant (required: no implicit "everything")'),
      types: Type.Optional(Type.Array(typeName, { minItems: 1, maxItems: 50 })),
      service: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    },
    { additionalProperties: false },
  );

  serviceRoute<ListFilter>(
    app,
    ctx,
    {
      serviceId: 'events.list',
      // A POST without a body lists with the default filter.
      input: (req: FastifyRequest<{ Body: Static<typeof listBody> | undefined }>) => req.body ?? {},
      perform: async (c, call) => ({ data: await listEvents(c.db, policy, call.tenant.id, call.input) }),
    },
    {
      body: listBody,
      description:
        'Ordered by createdAt, then eventId. Default status filter: pending and delivered (durable REST replay). ' +
        'Pass nextCursor as cursor for the next page (null when there is none).',
    },
  );

  serviceRoute<{ eventId: string }>(
    app,
    ctx,
    {
      serviceId: 'events.get',
      input: bodyOf(eventBody),
      perform: async (c, call) => {
        const event = await getEvent(c.db, policy, call.tenant.id, call.input.eventId);
        if (!event) throw await eventNotFound(c.db, call.input.eventId);
        return { data: { event } };
      },
    },
    { body: eventBody },
  );

  const ack = async (c: AgentsContext, tenantId: string, eventId: string) => {
    const r = await ackEvent(c.db, policy, tenantId, eventId);
    if (r.changed) await announceAck(c, tenantId);
    return { event: r.event };
  };

  serviceRoute<{ eventId: string }>(
    app,
    ctx,
    {
      serviceId: 'events.ack',
      input: bodyOf(eventBody),
      perform: async (c, call) => ({ data: await ack(c, call.tenant.id, call.input.eventId) }),
    },
    {
      body: eventBody,
      description:
        'Idempotent: acknowledging again answers the same event. Accepted whichever socket holds the delivery; ' +
        'an expired event answers EVENT_EXPIRED and stays expired.',
    },
  );

  serviceRoute<{ before: string; types?: string[]; service?: string }>(
    app,
    ctx,
    {
      serviceId: 'events.ack-all',
      input: bodyOf(ackAllBody),
      perform: async (c, call) => {
        const acknowledged = await ackAllEvents(c.db, policy, call.tenant.id, call.input);
        if (acknowledged) await announceAck(c, call.tenant.id);
        return { data: { acknowledged, before: call.input.before } };
      },
    },
    {
      body: ackAllBody,
    },
  );

  serviceRoute<{ authorization: string }>(
    app,
    ctx,
    {
      serviceId: 'events.realtime-token',
      input: (req) => ({ authorization: req.headers.authorization ?? '' }),
      perform: async (c, call) => {
        // Spec: production requires wss://. Refuse rather than hand out a credential for a plain-text socket.
        if (c.config.profile === 'production' && !c.realtime.websocketUrl.startsWith('wss://')) {
          throw new AgentError(
            'SERVICE_UNAVAILABLE',
            'The realtime WebSocket is not served over wss:// (AGENTS_PUBLIC_URL is not https); use REST replay (events.list)',
          );
        }
        const { token, expiresAt } = await issueRealtimeToken(c.db, {
          tenantId: call.tenant.id,
          authorization: call.input.authorization,
        });
        return {
          data: {
            realtime: {
              websocketUrl: c.realtime.websocketUrl,
              token,
              expiresAt: expiresAt.toISOString(),
              expiresInSeconds: Math.round((expiresAt.getTime() - Date.now()) / 1000),
              authenticate:
                'send {"type":"session.authenticate","token":"<token>"} as the first frame; never put the token in the URL',
              replay: 'unacknowledged, unexpired events are replayed in order on every (re)connect',
            },
          },
        };
      },
    },
    {
      description:
        'A 15-minute credential that authenticates only WebSocket sessions (reusable for reconnects until it expires). ' +
        'Revoking the access token ends it.',
    },
  );

  legacyEventAliases(app, ctx, ack);
}

/**
 * The legacy aliases GET /api/v1/events and POST /api/v1/events/{id}/acknowledge: same operations, same
 * authentication, same envelopes. An alias is its service: unavailable (operator switch) when the service is.
 */
function legacyEventAliases(
  app: App,
  ctx: AgentsContext,
  ack: (c: AgentsContext, tenantId: string, eventId: string) => Promise<{ event: AckedEvent }>,
): void {
  const policy = ctx.config.events;
  const aliasAuth = async (req: FastifyRequest, serviceId: 'events.list' | 'events.ack') => {
    gateAvailability(ctx.catalog.get(serviceId).record);
    return authenticateBearer(ctx.db, req.headers.authorization);
  };
  app.get(
    '/api/v1/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Alias of events.list (query string)',
        response: plainResponses(['AUTH_REQUIRED', 'INVALID_TOKEN', 'TENANT_SUSPENDED']),
        security: [{ bearer: [] }],
        querystring: Type.Object(
          {
            ...listFields,
            status: Type.Optional(Type.Array(statusEnum, { minItems: 1, maxItems: 5 })),
            types: Type.Optional(Type.Array(typeName, { minItems: 1, maxItems: 50 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => {
      const tenant = await aliasAuth(req, 'events.list');
      return ok(await listEvents(ctx.db, policy, tenant.id, splitCommas(req.query)), req.id, '/docs#events.list');
    },
  );
  app.post(
    '/api/v1/events/:eventId/acknowledge',
    {
      schema: {
        tags: ['events'],
        summary: 'Alias of events.ack',
        response: plainResponses([
          'AUTH_REQUIRED',
          'INVALID_TOKEN',
          'TENANT_SUSPENDED',
          'RESOURCE_NOT_FOUND',
          'RESOURCE_NOT_OWNED',
          'EVENT_EXPIRED',
        ]),
        security: [{ bearer: [] }],
        params: Type.Object({ eventId: uuid('Event id') }),
      },
    },
    async (req) => {
      const tenant = await aliasAuth(req, 'events.ack');
      const { eventId } = req.params;
      return ok(await ack(ctx, tenant.id, eventId), req.id, '/docs#events.ack');
    },
  );
}

/** `?types=a,b&types=c` works on the alias (statuses repeat: `?status=pending&status=delivered`). */
function splitCommas(q: ListFilter & { types?: string[] }): ListFilter {
  return { ...q, types: q.types?.flatMap((x) => x.split(',')).filter(Boolean) };
}
