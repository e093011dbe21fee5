// The route schemas of paymentLinkRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { errorResponses, ListQuery, listOf } from '../http/schemas.ts';
import { PaymentIntentSchema } from '../payments/intentSchema.ts';
import { IdempotencyHeaders } from '../payments/paymentRoutes.ts';
import {
  CreatePaymentLinkBody,
  PaymentLinkSchema,
  PublicPaymentLinkSchema,
  UpdatePaymentLinkBody,
} from './paymentLink.ts';

const tags = ['Payment links'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const createLinkSchema = {
  tags,
  summary: 'Create a payment link',
  description:
    'A reusable link (`url`) where customers start paying the link’s terms. Each customer who goes on to pay ' +
    'gets a payment intent of their own (own deposit addresses), listed under the link. The networks are ' +
    'checked now like an intent’s (400 NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE naming every network this ' +
    'deployment does not serve, CURRENCY_NOT_SUPPORTED, ' +
    'VAULT_NOT_CONFIGURED). With Idempotency-Key the first response is replayed; the same key with another ' +
    'body answers 409 IDEMPOTENCY_KEY_REUSED.',
  headers: IdempotencyHeaders,
  body: CreatePaymentLinkBody,
  response: { 201: PaymentLinkSchema, ...errorResponses(400, 401, 403, 409, 429) },
};

export const listLinksSchema = {
  tags,
  summary: 'List payment links',
  description: 'Newest first. `active` filters on the flag.',
  querystring: Type.Object({ ...ListQuery, active: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
  response: {
    200: listOf(PaymentLinkSchema, 'A page of payment links'),
    ...errorResponses(400, 401, 403, 429),
  },
};

export const getLinkSchema = {
  tags,
  summary: 'Retrieve a payment link',
  description: 'Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.',
  params: IdParams,
  response: { 200: PaymentLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
};

export const updateLinkSchema = {
  tags,
  summary: 'Update a payment link',
  description:
    'Changes the fields given: `active`, `name`, `description`, `checkout_methods`, `success_url`, ' +
    '`intent_expires_in_seconds` (at least one). The price and the networks cannot change (create a new link). ' +
    'Changes apply to payments started afterwards; those already started keep their terms. `active: false` makes ' +
    'the link refuse new payments (its page says so; POST /public/payment-links/{id}/intents answers 409 ' +
    'PAYMENT_LINK_INACTIVE). A value equal to the current one changes nothing; each change is audited ' +
    '(`payment_link.activated`, `payment_link.deactivated`, `payment_link.updated` with the new values).',
  params: IdParams,
  body: UpdatePaymentLinkBody,
  response: { 200: PaymentLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
};

export const listLinkIntentsSchema = {
  tags,
  summary: 'List the payment intents started from a payment link',
  description: 'One intent per customer who started paying, newest first (CREATED until opened at checkout).',
  params: IdParams,
  querystring: Type.Object(ListQuery, { additionalProperties: false }),
  response: {
    200: listOf(PaymentIntentSchema, 'A page of payment intents'),
    ...errorResponses(400, 401, 403, 404, 429),
  },
};

export const publicLinkSchema = {
  tags: ['Public pages'],
  summary: 'A payment link, as its public page shows it',
  description:
    'No credentials. The link’s terms, the networks a payment started now would offer, and the merchant’s ' +
    'business name; an inactive link answers with `active: false` (the page says it no longer takes payments), a ' +
    'link whose merchant cannot take its payments yet with `accepting_payments: false` (the page says so).',
  security: [],
  params: IdParams,
  response: { 200: PublicPaymentLinkSchema, ...errorResponses(400, 403, 404, 429) },
};

export const startLinkPaymentSchema = {
  tags: ['Public pages'],
  summary: 'Start a payment from a payment link',
  description:
    'No credentials. Creates a NEW payment intent from the link’s terms, in status CREATED (not yet open for ' +
    'payment: it opens, and its expiry clock starts, when the customer picks a network at checkout: POST ' +
    '/public/payment-intents/{id}/open). Every call is a new intent with its own deposit addresses. An ' +
    'inactive link answers 409 PAYMENT_LINK_INACTIVE; a merchant the operator suspended 403 MERCHANT_SUSPENDED.',
  security: [],
  params: IdParams,
  body: Type.Optional(Type.Object({}, { additionalProperties: false })),
  response: {
    201: Type.Object({
      payment_intent_id: Type.String({ description: 'pi_…' }),
      checkout_url: Type.String({ description: '{public URL}/checkout/{payment_intent_id}' }),
    }),
    ...errorResponses(400, 403, 404, 409, 429),
  },
};
