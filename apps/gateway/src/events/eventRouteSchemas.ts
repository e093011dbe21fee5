// The route schemas of eventRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { errorResponses, IsoUtc, ListQuery, listOf, StringEnum } from '../http/schemas.ts';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes.ts';
import { EventSchema } from './event.ts';

const tags = ['Events'];

export const listEventsSchema = {
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
};

export const streamEventsSchema = {
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
      types: Type.Optional(Type.String({ maxLength: 2000, description: 'Comma-separated event types; default all' })),
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
};

export const getEventSchema = {
  tags,
  summary: 'Retrieve an event',
  description: 'Another merchant’s event, or one of the other environment, answers 404 like an unknown id.',
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
  response: { 200: EventSchema, ...errorResponses(400, 401, 403, 404, 429) },
};
