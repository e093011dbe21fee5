import type { FastifyRequest } from 'fastify';
import type { Sql } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import type { Tenant } from '../tenants/tenants.ts';

/** One call of a service operation, as the paywall hands it over. No HTTP types. */
export interface Call<I> {
  serviceId: string;
  tenant: Tenant;
  input: I;
  requestId: string;
  /**
   * Id of the paid request (stable across retries of the same key and proof), or null for free services.
   * Operations key their writes by it so that performing again after a crash or a provider failure repeats
   * nothing.
   */
  ref: string | null;
}

/**
 * What an operation returns. `write` runs in the transaction that also stores the response (and issues a first
 * token), so its database effects commit exactly when the paid request completes; its return value is the data.
 */
export interface Outcome {
  data?: unknown;
  write?: (tx: Sql) => Promise<unknown>;
}

/** The framework-free part of a service: its preconditions and its operation. */
export interface Operation<I> {
  serviceId: string;
  /**
   * Preconditions checked before any challenge and again before settlement: ownership of named resources,
   * availability of a requested name, deliverability. `tenant` is null for a start-here call without token whose
   * payer is not a tenant yet. Throws an AgentError; nothing is charged.
   */
  precheck?(ctx: AgentsContext, tenant: Tenant | null, input: I): Promise<void>;
  perform(ctx: AgentsContext, call: Call<I>): Promise<Outcome>;
  /**
   * True when `perform` only validates and reads (no provider call, no write of its own): every effect is in the
   * outcome's `write`. Such an operation may be performed, and write, while its payment settles; its writes still
   * commit only with the completion (processPaidCall).
   */
  writesOnly?: boolean;
}

export interface ServiceHandler<I> extends Operation<I> {
  /** The operation input from the validated request (body, query, params). */
  input(req: FastifyRequest): I;
}

export interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  description?: string;
}
