// The webhook endpoint and delivery objects of the API, one TypeBox schema each: the routes' response schemas, and
// (through Static) the types endpointView and deliveryView build, so a view and its documented object cannot differ.
import { Type, type Static } from 'typebox';
import { Nullable, NullableTimestamp, StringEnum, Timestamp } from '../http/schemas.ts';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const EndpointSchema = Type.Object(
  {
    id: Type.String({ description: 'we_…' }),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String(),
    description: Nullable(Type.String()),
    enabled_events: Type.Array(Type.String()),
    status: StringEnum(['enabled', 'disabled'] as const),
    disabled_reason: Nullable(
      StringEnum(['manual', 'failing'] as const, {
        description: 'manual: by you; failing: by Tender after only failed attempts for days (see the audit log)',
      }),
    ),
    disabled_at: NullableTimestamp,
    livemode: Type.Boolean(),
    secret_rotated_at: NullableTimestamp,
    previous_secret_expires_at: Type.Union([Timestamp, Type.Null()], {
      description: 'Until then the previous secret signs too (a second v1); null outside an overlap',
    }),
    failing_since: Type.Union([Timestamp, Type.Null()], {
      description: 'Start of the current run of failed attempts; null after a success',
    }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'Webhook endpoint (the secret is never shown again after create and rotate-secret)' },
);

const AttemptSchema = Type.Object({
  attempt: Type.Integer({ description: '1, 2, … per delivery' }),
  started_at: Timestamp,
  status_code: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no answer' }),
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  response_excerpt: Type.Union([Type.String(), Type.Null()], { description: 'First bytes of the answer (≤ 1 KiB)' }),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why it failed (HTTP status, timeout, refused address, redirect not followed …); null on success',
  }),
  manual: Type.Boolean({ description: 'Asked for with POST /v1/webhook-deliveries/{id}/retry' }),
});

export const DeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'whd_…' }),
    object: Type.Literal('webhook_delivery'),
    event_id: Type.String({ description: 'evt_…: the `id` of the event body, the same on every attempt' }),
    event_type: Type.String(),
    endpoint_id: Type.String(),
    url: Type.String({ description: 'The endpoint’s URL now' }),
    livemode: Type.Boolean(),
    status: StringEnum(DELIVERY_STATUSES, {
      description:
        'pending: retries scheduled; succeeded: an attempt got a 2xx; failed: all 9 attempts failed, or the endpoint ' +
        'was disabled or deleted first',
    }),
    attempt_count: Type.Integer(),
    next_attempt_at: Type.Union([Timestamp, Type.Null()], { description: 'Next automatic attempt (pending only)' }),
    last_attempt_at: NullableTimestamp,
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    succeeded_at: NullableTimestamp,
    created_at: Timestamp,
    attempts: Type.Optional(Type.Array(AttemptSchema, { description: 'Every attempt, oldest first (detail only)' })),
  },
  { description: 'Delivery of one event to one endpoint' },
);

export type WebhookEndpointView = Static<typeof EndpointSchema>;
export type WebhookDeliveryView = Static<typeof DeliverySchema>;
