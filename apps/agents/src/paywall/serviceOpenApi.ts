import type { FastifySchema } from 'fastify';
import type { ServiceDefinition, ServiceRecord } from '../catalog/catalog.ts';
import { serviceResponses } from '../http/openapiResponses.ts';
import { sentence } from './availability.ts';
import type { RouteSchema } from './serviceHandler.ts';

/** The route schema of a catalog service: its request schema, its responses and the text the OpenAPI shows. */
export function serviceOpenApi(def: ServiceDefinition, record: ServiceRecord, schema: RouteSchema): FastifySchema {
  const headers: string[] = [];
  if (record.paid)
    headers.push(
      'Idempotency-Key, required on the paid replay (send it on the first request too and keep it the same); PAYMENT-SIGNATURE (x402 v2) on the paid replay',
    );
  const lines = [
    record.summary,
    '',
    `Service id: \`${record.serviceId}\`. Price: ${record.price ? `${record.price} USDT (x402 exact, fixed)` : 'free'}. ` +
      `Auth: ${record.auth === 'x402' ? 'x402 bootstrap (start here; Bearer optional)' : record.auth === 'bearer' ? 'Bearer at_v1_ token' : 'none'}.`,
    record.available
      ? ''
      : `**Unavailable**: ${sentence(record.unavailableReason ?? 'not configured')} Answers 503 before any payment challenge.`,
    schema.description ?? '',
    headers.length ? `Headers: ${headers.join('; ')}.` : '',
  ].filter((l, i) => i < 2 || l);
  return {
    tags: [def.area],
    summary: `${record.serviceId}${record.price ? ` (${record.price} USDT)` : ''}`,
    description: lines.join('\n'),
    ...(schema.body ? { body: schema.body } : {}),
    ...(schema.querystring ? { querystring: schema.querystring } : {}),
    ...(schema.params ? { params: schema.params } : {}),
    response: serviceResponses(def, record),
    ...(record.auth === 'bearer'
      ? { security: [{ bearer: [] }] }
      : record.auth === 'x402'
        ? { security: [{}, { bearer: [] }] }
        : {}),
    'x-service-id': record.serviceId,
    'x-price-usdt': record.price,
    'x-available': record.available,
    'x-start-here': record.startHere,
  } as FastifySchema;
}
