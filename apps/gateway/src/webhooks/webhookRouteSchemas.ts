// The route schemas of webhookRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { errorResponses, ListQuery, listOf, Nullable, StringEnum } from '../http/schemas.ts';
import { DEFAULT_OVERLAP_SECONDS, MAX_OVERLAP_SECONDS } from './endpoints.ts';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from './eventTypes.ts';
import { DELIVERY_STATUSES, DeliverySchema, EndpointSchema } from './webhookSchemas.ts';

const tags = ['Webhooks'];

const EventType = StringEnum([...WEBHOOK_EVENT_TYPES, ALL_EVENTS] as const, {
  description: `An event type, or "${ALL_EVENTS}" (alone) for every type`,
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description:
    'Live mode: https, and the host must resolve only to public addresses. Test mode: http or https; loopback ' +
    '(localhost) only on deployments that allow it (the dev profile). Checked now and before every delivery. No ' +
    'credentials or fragment.',
});
const EnabledEvents = Type.Array(EventType, {
  minItems: 1,
  maxItems: 32,
  description: 'Types delivered to the endpoint',
});
const Description = Type.String({ maxLength: 500 });

const WithSecret = (description: string) =>
  Type.Object(
    {
      ...EndpointSchema.properties,
      secret: Type.String({
        description: 'whsec_…: the signing secret. Shown only in this response; store it now (HMAC key, as UTF-8).',
      }),
    },
    { description },
  );

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const createEndpointSchema = {
  tags,
  summary: 'Register a webhook endpoint',
  description:
    'Events of the key’s environment whose type is in `enabled_events` are POSTed to `url`, signed with ' +
    'the endpoint secret returned here once (`secret`). A URL the SSRF guard refuses answers 400 ' +
    `WEBHOOK_URL_REJECTED; more than the per-environment maximum 409 WEBHOOK_ENDPOINT_LIMIT. Needs webhooks:manage.`,
  body: Type.Object(
    { url: Url, enabled_events: EnabledEvents, description: Type.Optional(Description) },
    { additionalProperties: false },
  ),
  response: {
    201: WithSecret('The new endpoint, with its secret'),
    ...errorResponses(400, 401, 403, 409, 429, 503),
  },
};

export const listEndpointsSchema = {
  tags,
  summary: 'List webhook endpoints',
  description: 'Newest first; deleted endpoints are not listed.',
  querystring: Type.Object(ListQuery, { additionalProperties: false }),
  response: {
    200: listOf(EndpointSchema, 'A page of webhook endpoints'),
    ...errorResponses(400, 401, 403, 429),
  },
};

export const getEndpointSchema = {
  tags,
  summary: 'Retrieve a webhook endpoint',
  description: 'Another merchant’s or environment’s id, or a deleted endpoint, answers 404.',
  params: IdParams,
  response: { 200: EndpointSchema, ...errorResponses(400, 401, 403, 404, 429) },
};

export const updateEndpointSchema = {
  tags,
  summary: 'Update a webhook endpoint',
  description:
    'Changes any of url (checked like at registration), enabled_events, description (null clears it) and ' +
    'status. `status: disabled` stops deliveries (pending ones end as failed); `status: enabled` resumes them ' +
    'for new events and clears the failure record, also after Tender disabled a failing endpoint.',
  params: IdParams,
  body: Type.Object(
    {
      url: Type.Optional(Url),
      enabled_events: Type.Optional(EnabledEvents),
      description: Type.Optional(Nullable(Description)),
      status: Type.Optional(StringEnum(['enabled', 'disabled'] as const)),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: EndpointSchema, ...errorResponses(400, 401, 403, 404, 429) },
};

export const deleteEndpointSchema = {
  tags,
  summary: 'Delete a webhook endpoint',
  description: 'Nothing more is delivered to it; pending deliveries end as failed. Its deliveries stay in the log.',
  params: IdParams,
  response: {
    200: Type.Object({
      id: Type.String(),
      object: Type.Literal('webhook_endpoint'),
      deleted: Type.Literal(true),
    }),
    ...errorResponses(400, 401, 403, 404, 429),
  },
};

export const rotateSecretSchema = {
  tags,
  summary: 'Rotate the signing secret',
  description:
    'Returns a new secret once. For `overlap_seconds` (default 86400, max 604800; 0 = none) the previous ' +
    'secret keeps signing too: each delivery carries two v1 signatures, newest first, so receivers can switch ' +
    'secrets without rejecting a delivery. Rotating again during an overlap retires the older secret.',
  params: IdParams,
  body: Type.Optional(
    Type.Object(
      {
        overlap_seconds: Type.Optional(
          Type.Integer({ minimum: 0, maximum: MAX_OVERLAP_SECONDS, default: DEFAULT_OVERLAP_SECONDS }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  response: {
    200: WithSecret('The endpoint, with its new secret'),
    ...errorResponses(400, 401, 403, 404, 429, 503),
  },
};

export const listDeliveriesSchema = {
  tags,
  summary: 'Delivery log',
  description:
    'Deliveries (one per event and endpoint), newest first, filtered by event, endpoint and status. The detail ' +
    '(GET /v1/webhook-deliveries/{id}) lists every attempt; POST /v1/webhook-deliveries/{id}/retry asks for ' +
    'one more attempt now.',
  querystring: Type.Object(
    {
      event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      endpoint_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
      ...ListQuery,
    },
    { additionalProperties: false },
  ),
  response: { 200: listOf(DeliverySchema, 'A page of deliveries'), ...errorResponses(400, 401, 403, 429) },
};

export const getDeliverySchema = {
  tags,
  summary: 'A delivery with every attempt',
  params: IdParams,
  response: { 200: DeliverySchema, ...errorResponses(400, 401, 403, 404, 429) },
};

export const retryDeliverySchema = {
  tags,
  summary: 'Retry a delivery now',
  description:
    'Schedules one attempt at once, whatever the status (a succeeded delivery is sent again with the same ' +
    'event id). It runs within seconds; its outcome appears in the attempts. A success ends the automatic ' +
    'schedule; a failure leaves it as it was. Asking again before it ran asks for the same attempt. A ' +
    'disabled or deleted endpoint answers 409 WEBHOOK_ENDPOINT_DISABLED.',
  params: IdParams,
  response: { 200: DeliverySchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
};

export const sendTestEventSchema = {
  tags,
  summary: 'Send a test event to an endpoint',
  description:
    "Sends one event of type `test` (data.object: the endpoint's id, url and description) to this endpoint only, " +
    'signed and retried like any event, whatever the endpoint subscribes to. Answers the delivery at once; its ' +
    'attempts appear in GET /v1/webhook-deliveries/{id} within seconds. Each request is a new event id. Test ' +
    'events are never listed by GET /v1/events nor streamed. A disabled endpoint answers 409 ' +
    'WEBHOOK_ENDPOINT_DISABLED.',
  params: IdParams,
  response: { 201: DeliverySchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
};
