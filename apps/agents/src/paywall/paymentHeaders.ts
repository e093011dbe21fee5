import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequirements, SettleResponse } from '@x402/core/types';
import type { HttpError } from '@tender/platform';
import type { ServiceRecord } from '../catalog/catalog.ts';
import { x402ClientHint } from '../catalog/clientGuide.ts';
import type { AgentsContext } from '../context.ts';
import { AgentError, agentsEnvelope, GUIDES } from '../http/errors.ts';
import type { Tenant } from '../tenants/tenants.ts';
import { IDEMPOTENCY_KEY_HEADER } from './idempotencyKey.ts';
import type { PaidRow } from './paidRequests.ts';
import { paymentRequired } from './x402.ts';

/** An answer of the paid flow, ready for any HTTP framework: headers in the order they are set. */
export interface PaidResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The 402 of a request without PAYMENT-SIGNATURE; its body says the replay must carry an Idempotency-Key. */
export function paymentRequiredError(record: ServiceRecord, presentedKey: string | undefined): AgentError {
  return new AgentError(
    'PAYMENT_REQUIRED',
    `Payment required: ${record.price} USDT. Pay per PAYMENT-REQUIRED, then replay this exact request with ` +
      'PAYMENT-SIGNATURE and Idempotency-Key (the replay must carry it: ' +
      `${presentedKey === undefined ? 'a new UUID for this operation' : 'the same key as this request'}).`,
    {
      data: { idempotencyKey: { header: 'Idempotency-Key', requiredOnReplay: true, send: IDEMPOTENCY_KEY_HEADER } },
    },
  );
}

/** A PAYMENT_REQUIRED or PAYMENT_INVALID error as the x402 challenge: PAYMENT-REQUIRED header and body. */
export function challengeOf(
  ctx: AgentsContext,
  { record, requirements, url }: { record: ServiceRecord; requirements: PaymentRequirements; url: string },
  err: AgentError,
): AgentError {
  const resource = `${ctx.config.publicUrl}${url.split('?')[0]}`; // only for a challenge: off the paid path
  const pr = paymentRequired(resource, `${record.serviceId}: ${record.summary}`, requirements, err.message);
  return new AgentError(err.code as 'PAYMENT_REQUIRED', err.message, {
    headers: { ...(err.extra.headers ?? {}), 'payment-required': encodePaymentRequiredHeader(pr) },
    data: {
      ...(err.extra.data ?? {}),
      serviceId: record.serviceId,
      paymentRequired: pr,
      clients: x402ClientHint(ctx.catalog),
    },
  });
}

/** PAYMENT-RESPONSE for a settlement record (empty when a replay settled nothing yet). */
export function paymentResponseHeader(settlement: Record<string, unknown> | null): string {
  return encodePaymentResponseHeader((settlement ?? {}) as unknown as SettleResponse);
}

/** An error as the envelope answers it, and as it is stored (without the request id, which each replay renews). */
export function renderError(err: HttpError, requestId: string): { rendered: unknown; stored: Record<string, unknown> } {
  const rendered = agentsEnvelope.render(err, requestId) as { error: Record<string, unknown> };
  const { requestId: _drop, ...stored } = rendered.error;
  return { rendered, stored };
}

/** Replays a completed paid request: the stored status and body (new requestId), PAYMENT-RESPONSE again. */
export function replayResponse(row: PaidRow, requestId: string): PaidResponse {
  const body = { ...(row.response_body ?? {}) } as Record<string, unknown>;
  const out: Record<string, unknown> =
    'error' in body
      ? { error: { ...(body.error as Record<string, unknown>), requestId }, guides: GUIDES }
      : {
          data: body.data,
          requestId,
          guide: body.guide,
          ...(body.authentication ? { authentication: body.authentication } : {}),
        };
  const headers: Record<string, string> = {};
  if (row.settlement) headers['payment-response'] = paymentResponseHeader(row.settlement);
  headers['idempotent-replayed'] = 'true';
  return { status: row.response_status ?? 200, headers, body: out };
}

/** The `authentication` member of a start-here answer: the first token once, then `already_issued`. */
export function authentication(tenant: Tenant, token: string | null) {
  return token
    ? { status: 'issued', accessToken: token, walletAddress: tenant.walletAddress, guide: '/docs#authentication' }
    : {
        status: 'already_issued',
        accessToken: null,
        walletAddress: tenant.walletAddress,
        guide: '/docs#authentication',
      };
}
