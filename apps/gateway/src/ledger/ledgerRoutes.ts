// GET /v1/transactions, /v1/settlements, /v1/overview, /v1/settlement-policy.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, StringEnum } from '../http/schemas.ts';
import { listSettlements, listTransactions, overview, settlementPolicy } from './ledger.ts';
import { tenantOf } from '../tenant.ts';

const tags = ['Ledger'];
const Limit = Type.Object(ListQuery, { additionalProperties: false });
const Any = Type.Object({}, { additionalProperties: true });

export function ledgerRoutes(ctx: GatewayContext) {
  return async function ledgerPlugin(app: App): Promise<void> {
    const accepts = ['key', 'session'] as const;
    app.get(
      '/v1/transactions',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'On-chain movements observed for the merchant’s payments',
          description:
            'Newest first; `has_more` and `next_cursor` page through all of them (pass it as `cursor`). type payment: a Transfer to a deposit address (any token; official=false for foreign ' +
            'tokens, whose amount is shown in base units only). type settlement: a transfer from a deposit address ' +
            'into the vault. type refund: a transfer from the vault to a refund request’s recipient (refund_request_id). ' +
            'confirmations, final and removed (orphaned by a reorg) as the watcher last saw them.',
          querystring: Limit,
          response: { 200: Any, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => listTransactions(ctx, tenantOf(principalOf(req)), req.query.limit, req.query.cursor),
    );
    app.get(
      '/v1/settlements',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Settlements into the vault',
          description:
            'Sweeps, newest first; `has_more` and `next_cursor` page through all of them (pass it as `cursor`). purpose payment: the settlement of a paid intent; recovery: late, underpaid or ' +
            'foreign funds moved into the vault. state pending, submitted, succeeded (mined), failed (retried as a new attempt) or voided (its transaction was lost with blocks of a devnet).',
          querystring: Limit,
          response: { 200: Any, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => listSettlements(ctx, tenantOf(principalOf(req)), req.query.limit, req.query.cursor),
    );
    app.get(
      '/v1/overview',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Dashboard metrics: received, settled and refunded, labelled separately',
          description:
            'Over the last `days` UTC days (today included) in `currency`: received (final official funds at deposit ' +
            'addresses), settled (final transfers into the vault), refunded (final refund transfers from the vault), ' +
            'payments created by status, and a daily series.',
          querystring: Type.Object(
            {
              days: Type.Optional(
                Type.Integer({ minimum: 1, maximum: 365, default: 30, description: '1 to 365; default 30' }),
              ),
              currency: Type.Optional(
                StringEnum(['USDC', 'EURC'] as const, { default: 'USDC', description: 'Default USDC' }),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 200: Any, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => overview(ctx, tenantOf(principalOf(req)), req.query.days ?? 30, req.query.currency ?? 'USDC'),
    );
    app.get(
      '/v1/settlement-policy',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Accounting policy and the live on-chain facts of each vault',
          description:
            'accounting_policy: how payments are recognised, received vs settled, settlement, late and foreign funds. ' +
            'networks: confirmation depth, deposit factory, relayer, and per vault its live on-chain facts read now ' +
            '(contract or account, native balance, official token balances, block number) or the read error.',
          response: { 200: Any, ...errorResponses(401, 403, 429) },
        },
      },
      async (req) => settlementPolicy(ctx, tenantOf(principalOf(req))),
    );
  };
}
