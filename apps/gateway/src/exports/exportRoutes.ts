import type { Readable } from 'node:stream';
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { audit } from '../audit/audit.ts';
import { actorOf } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses, IsoUtc } from '../http/schemas.ts';
import { tenantOf } from '../tenant.ts';
import { exportCsv } from './exportCsv.ts';
import { EXPORT_KINDS, type ExportKind } from './exportKinds.ts';

const WHAT: Record<ExportKind, string> = {
  payments: 'Payment intents, by created_at',
  transactions: 'On-chain transfers the watcher recorded (incoming, settlements, refunds), by block_time',
  settlements: 'Settlement transactions from deposit addresses to the vault, by created_at',
  refunds: 'Refund requests, by created_at',
  invoices: 'Invoices with the status of their payment, by created_at',
};

/** GET /v1/exports/{payments|transactions|settlements|refunds|invoices}.csv */
export function exportRoutes(ctx: GatewayContext) {
  return async function exportPlugin(app: App): Promise<void> {
    for (const kind of EXPORT_KINDS) {
      app.get(
        `/v1/exports/${kind}.csv`,
        {
          config: { auth: { accepts: ['key', 'session'], permission: 'read' } },
          schema: {
            tags: ['Ledger'],
            summary: `Export ${kind} as CSV`,
            description:
              `${WHAT[kind]}, oldest first, of the calling environment; every row in the range (no page limit), ` +
              'streamed as it is read. `from` (inclusive) and `to` (exclusive) bound the time; both optional. CSV ' +
              'per RFC 4180 with a header line; amounts as decimals; a cell that a spreadsheet would run as a ' +
              'formula (starting with = + - @) is prefixed with an apostrophe. Audited as export.downloaded.',
            produces: ['text/csv'],
            querystring: Type.Object(
              { from: Type.Optional(IsoUtc('Start, inclusive')), to: Type.Optional(IsoUtc('End, exclusive')) },
              { additionalProperties: false },
            ),
            response: {
              // Sent as a stream (never JSON-serialised); documented as a string.
              200: Type.Unsafe<Readable>({ type: 'string', description: 'The CSV document (text/csv)' }),
              ...errorResponses(400, 401, 403, 429),
            },
          },
        },
        async (req, reply) => {
          const from = req.query.from ? new Date(req.query.from) : null;
          const to = req.query.to ? new Date(req.query.to) : null;
          if (from && to && from.getTime() >= to.getTime()) {
            throw new GatewayError('VALIDATION_FAILED', 'The range is empty: from must be before to', {
              details: [{ path: 'to', message: 'must be later than from' }],
            });
          }
          const p = principalOf(req);
          const t = tenantOf(p);
          await audit(ctx.db, {
            merchantId: t.merchantId,
            environment: t.environment,
            action: 'export.downloaded',
            actor: actorOf(p),
            data: { kind, from: req.query.from ?? null, to: req.query.to ?? null },
            at: ctx.now(),
          });
          return reply
            .type('text/csv; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('content-disposition', `attachment; filename="tender-${kind}-${t.environment}.csv"`)
            .send(exportCsv(ctx, kind, t, { from, to }));
        },
      );
    }
  };
}
