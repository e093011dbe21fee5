import type { ServiceDefinition, ServiceRecord } from '../catalog/catalog.ts';
import type { AgentError } from '../http/errors.ts';
import type { Tenant } from '../tenants/tenants.ts';
import type { PaidResponse } from './paymentHeaders.ts';
import type { PaidRow } from './paidRequests.ts';
import type { Operation } from './serviceHandler.ts';

/**
 * One paid request, as the route adapter hands it to the paid flow: everything the flow needs from HTTP, and
 * nothing of the framework.
 */
export interface PaidCall<I> {
  service: ServiceDefinition;
  /** The current terms (the operator's switches rebuild the records). */
  record: ServiceRecord;
  operation: Operation<I>;
  /** The tenant of the bearer token, or null without one (start-here services). */
  tenant: Tenant | null;
  input: I;
  requestId: string;
  /** The request's URL as received (path and query); the challenge names the resource by its path. */
  url: string;
  /** What the request hash covers: the same key with another request is a conflict. */
  request: { params: unknown; query: unknown; body: unknown };
  /** PAYMENT-SIGNATURE (or X-PAYMENT), when present. */
  signature: string | undefined;
  /** Idempotency-Key as presented (validated by the flow). */
  idempotencyKey: string | undefined;
}

/**
 * What the paid flow decided. `challenge` and `refused` are errors the adapter answers through the envelope
 * (nothing charged, or nothing stored: the client retries); the others are answers with their headers:
 *  - `replay`: a completed request answered again from its stored response;
 *  - `performed`: settled, performed and stored now;
 *  - `failed`: settled, and the operation failed for good (a client error, or a refund owed); stored and replayed
 *    like a success.
 */
export type PaidOutcome =
  | { kind: 'challenge'; error: AgentError }
  | { kind: 'refused'; error: unknown }
  | { kind: 'replay'; response: PaidResponse }
  | { kind: 'performed'; response: PaidResponse }
  | { kind: 'failed'; response: PaidResponse };

/** A paid request whose payment settled, held by its lease while the operation's outcome is written. */
export interface SettledHold {
  row: PaidRow;
  lease: string;
  /** PAYMENT-RESPONSE of the settlement. */
  paymentResponse: string;
  /** The settlement when it is still to be recorded with the completion, else null. */
  unrecorded: Record<string, unknown> | null;
  requestId: string;
}
