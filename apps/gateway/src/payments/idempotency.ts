// Idempotency-Key (max 200 chars) for creating endpoints: the first successful response is stored and replayed for
// a retry with the same key; the same key with a different body is refused (409 IDEMPOTENCY_KEY_REUSED).
//
// Concurrency: the key row is inserted FIRST, in the same transaction as the work. A concurrent request with the
// same key blocks on the primary key until the first commits, then finds the stored response and replays it; if
// the first rolls back (its work failed), the second proceeds as the first. So one key creates one resource.
// Errors are not stored: a request that failed changed nothing, and its retry is a new attempt.
import { canonicalJson, sha256Hex, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import type { Tenant } from '../tenant.ts';

/**
 * The response of the work, or the one stored for the key. A stored body is the JSON of an earlier `work` of the same
 * endpoint (keys are scoped by endpoint), so it has the work's type.
 */
export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

export async function withIdempotency<T>(
  ctx: GatewayContext,
  t: Tenant,
  endpoint: string,
  key: string | undefined,
  body: unknown,
  work: (sql: Sql) => Promise<{ status: number; body: T }>,
): Promise<StoredResponse<T>> {
  if (key === undefined) return { ...(await work(ctx.db)), replayed: false };
  const hash = sha256Hex(canonicalJson(body ?? null));
  return ctx.db.tx(async (tx) => {
    const inserted = await tx.query(
      `insert into idempotency_keys (merchant_id, environment, endpoint, key, request_hash, status_code, response)
       values ($1, $2, $3, $4, $5, 0, 'null'::jsonb)
       on conflict (merchant_id, environment, endpoint, key) do nothing returning key`,
      [t.merchantId, t.environment, endpoint, key, hash],
    );
    if (inserted.length === 0) {
      const [row] = await tx.query<{ request_hash: string; status_code: number; response: T }>(
        `select request_hash, status_code, response from idempotency_keys
         where merchant_id = $1 and environment = $2 and endpoint = $3 and key = $4`,
        [t.merchantId, t.environment, endpoint, key],
      );
      if (!row || row.status_code === 0) {
        throw new GatewayError(
          'IDEMPOTENCY_REQUEST_IN_PROGRESS',
          'A request with this Idempotency-Key is in progress; retry shortly',
        );
      }
      if (row.request_hash !== hash) {
        throw new GatewayError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used with a different request body; use a new key for a new request',
        );
      }
      return { status: row.status_code, body: row.response, replayed: true };
    }
    const res = await work(tx);
    await tx.query(
      `update idempotency_keys set status_code = $5, response = $6::text::jsonb
       where merchant_id = $1 and environment = $2 and endpoint = $3 and key = $4`,
      [t.merchantId, t.environment, endpoint, key, res.status, JSON.stringify(res.body)],
    );
    return { ...res, replayed: false };
  });
}
