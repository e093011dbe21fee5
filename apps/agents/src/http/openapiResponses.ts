import { Type, type TSchema } from 'typebox';
import type { ServiceDefinition, ServiceRecord } from '../catalog/catalog.ts';
import { AGENT_ERRORS, GUIDES, type AgentErrorCode } from './errors.ts';

/**
 * The responses of every agent route, for /openapi.json: the success envelope, and per HTTP status the error
 * envelope with the codes a route can answer there (statuses from the one table in errors.ts). Documentation only:
 * the agents server serializes with JSON.stringify, so a schema here never drops a field from an answer.
 */

const Guides = Type.Object({
  llms: Type.Literal(GUIDES.llms),
  serviceCatalog: Type.Literal(GUIDES.serviceCatalog),
  openapi: Type.Literal(GUIDES.openapi),
});

function errorEnvelope(codes: readonly AgentErrorCode[]): TSchema {
  return Type.Object({
    error: Type.Object(
      {
        code: Type.Unsafe<AgentErrorCode>({ type: 'string', enum: [...codes] }),
        message: Type.String({ description: 'What went wrong and what to do' }),
        requestId: Type.String(),
      },
      {
        additionalProperties: true,
        description: 'Some codes add fields (startHere, paymentRequired, clients, reason)',
      },
    ),
    guides: Guides,
  });
}

export const AuthenticationObject = Type.Object(
  {
    status: Type.Union([Type.Literal('issued'), Type.Literal('already_issued')]),
    accessToken: Type.Union([Type.String({ pattern: '^at_v1_' }), Type.Null()], {
      description: 'Shown once (status issued); null on replays',
    }),
    walletAddress: Type.String(),
    guide: Type.String(),
  },
  { description: 'First provisioning only: the wallet’s access token' },
);

function successEnvelope(record: ServiceRecord, data: TSchema | undefined): TSchema {
  return Type.Object({
    data: data ?? Type.Object({}, { additionalProperties: true, description: 'The operation’s result' }),
    requestId: Type.String(),
    guide: Type.String(),
    ...(record.auth === 'x402' ? { authentication: AuthenticationObject } : {}),
  });
}

/** Codes only some services answer (beyond what their auth, price and ownership checks imply). */
const SERVICE_ERRORS: Record<string, AgentErrorCode[]> = {
  'email.mailbox.create': ['ADDRESS_TAKEN'],
  'email.message.send': ['RECIPIENT_NOT_DELIVERABLE'],
  'events.ack': ['EVENT_EXPIRED', 'RESOURCE_NOT_FOUND', 'RESOURCE_NOT_OWNED'],
  'events.get': ['RESOURCE_NOT_FOUND', 'RESOURCE_NOT_OWNED'],
  'phone.number.renew.30d': ['NUMBER_RELEASED'],
  'phone.call.outbound.1m': ['NUMBER_EXPIRING', 'NUMBER_RELEASED'],
  'phone.call.outbound.5m': ['NUMBER_EXPIRING', 'NUMBER_RELEASED'],
  'phone.call.extend.1m': ['NUMBER_RELEASED'],
  'phone.call.inbound.add.10m': ['NUMBER_RELEASED', 'ALLOWANCE_EXHAUSTED'],
  'phone.number.release': ['NUMBER_RELEASED'],
};

/** Every code the route can answer, by the rules of the paywall (paywall.ts) and the service. */
export function routeErrorCodes(def: ServiceDefinition, record: ServiceRecord): AgentErrorCode[] {
  const codes = new Set<AgentErrorCode>(['RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);
  if (def.neverAvailable) return [...codes].filter((c) => c !== 'INTERNAL_ERROR');
  for (const c of ['VALIDATION_FAILED', 'BAD_REQUEST'] as const) codes.add(c);
  if (def.method === 'POST')
    for (const c of ['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) codes.add(c);
  if (def.auth !== 'none')
    for (const c of ['AUTH_REQUIRED', 'INVALID_TOKEN', 'TENANT_SUSPENDED'] as const) codes.add(c);
  if (record.paid) {
    for (const c of [
      'PAYMENT_REQUIRED',
      'PAYMENT_INVALID',
      'PAYER_MISMATCH',
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_CONFLICT',
      'PAYMENT_PENDING',
      'PROOF_ALREADY_USED',
      'PROVIDER_TEMPORARY_FAILURE',
      'REFUND_OWED',
    ] as const)
      codes.add(c);
    if (def.auth === 'bearer') codes.add('ONBOARDING_REQUIRED');
  }
  if (def.area === 'phone') codes.add('PROVIDER_REFUSED');
  if (def.owns) for (const c of ['RESOURCE_NOT_FOUND', 'RESOURCE_NOT_OWNED'] as const) codes.add(c);
  for (const c of SERVICE_ERRORS[def.serviceId] ?? []) codes.add(c);
  return [...codes];
}

const PAYMENT_REQUIRED_HEADER = {
  'PAYMENT-REQUIRED': {
    type: 'string',
    description: 'x402 v2 PaymentRequired, base64 JSON: the exact terms to sign (also in error.paymentRequired)',
  },
};
const PAYMENT_RESPONSE_HEADER = {
  'PAYMENT-RESPONSE': { type: 'string', description: 'x402 v2 settlement (base64 JSON) with the transaction hash' },
};

/** The `response` map of a route schema: success and every error status with its codes. */
export function serviceResponses(def: ServiceDefinition, record: ServiceRecord, data?: TSchema) {
  const byStatus = new Map<number, AgentErrorCode[]>();
  for (const c of routeErrorCodes(def, record)) {
    const status = AGENT_ERRORS[c];
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  const responses: Record<string, unknown> = {};
  if (!def.neverAvailable) {
    responses[String(def.successStatus)] = {
      description: record.paid
        ? 'Paid success (replays of the same key and proof return the stored answer with Idempotent-Replayed: true)'
        : 'Success',
      ...successEnvelope(record, data),
      ...(record.paid ? { headers: PAYMENT_RESPONSE_HEADER } : {}),
    };
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.join(', '),
      ...errorEnvelope(codes),
      ...(status === 402 ? { headers: PAYMENT_REQUIRED_HEADER } : {}),
      ...(status === 429 || status === 502 || codes.includes('PAYMENT_PENDING')
        ? { headers: { 'Retry-After': { type: 'string', description: 'Seconds to wait before retrying unchanged' } } }
        : {}),
    };
  }
  return responses;
}

/**
 * Responses of routes outside the paywall (discovery, aliases, the owner and operator APIs): 200 with the envelope
 * (unless `success: false`), and the given codes plus those every route can answer.
 */
export function plainResponses(codes: readonly AgentErrorCode[], opts: { data?: TSchema; success?: boolean } = {}) {
  const byStatus = new Map<number, AgentErrorCode[]>();
  for (const c of [...codes, 'VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL_ERROR'] as AgentErrorCode[]) {
    byStatus.set(AGENT_ERRORS[c], [...(byStatus.get(AGENT_ERRORS[c]) ?? []), c]);
  }
  const responses: Record<string, unknown> = {};
  if (opts.success !== false) {
    responses[200] = {
      description: 'Success',
      ...Type.Object({
        data: opts.data ?? Type.Object({}, { additionalProperties: true }),
        requestId: Type.String(),
        guide: Type.String(),
      }),
    };
  }
  for (const [status, list] of byStatus)
    responses[String(status)] = { description: list.join(', '), ...errorEnvelope(list) };
  return responses;
}
