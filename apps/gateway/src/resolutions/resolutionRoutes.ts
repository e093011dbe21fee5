// POST /v1/payment-intents/{id}/accept-underpayment, as one Fastify plugin. Thin: validate, call the operation.
// (Returning an overpayment's excess or a foreign token is a refund request of kind excess or foreign_asset:
// refunds/refundRoutes.ts.)
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { actorOf } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { AMOUNT_PATTERN } from '../money/amount.ts';
import { PaymentIntentSchema } from '../payments/intentSchema.ts';
import { tenantOf } from '../tenant.ts';
import { acceptUnderpayment } from './acceptUnderpayment.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const AcceptUnderpaymentBody = Type.Object(
  {
    amount: Type.String({
      pattern: AMOUNT_PATTERN,
      description:
        'The received amount you accept (the payment’s amount_confirmed as you saw it). Refused with 409 ' +
        'UNDERPAYMENT_AMOUNT_CHANGED when the final funds differ by now, e.g. a late top-up arrived meanwhile',
    }),
  },
  { additionalProperties: false },
);

export function resolutionRoutes(ctx: GatewayContext) {
  return async function resolutionPlugin(app: App): Promise<void> {
    app.post(
      '/v1/payment-intents/:id/accept-underpayment',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'write' } },
        schema: {
          tags: ['Payments'],
          summary: 'Accept an underpayment',
          description:
            'For an UNDERPAID payment (expired with part of the amount final): it counts as paid for the received ' +
            'amount (amount_accepted). Emits payment.underpayment_accepted, then, as for any paid payment, ' +
            'payment.confirmed, the settlement into the vault and payment.completed. Funds arriving afterwards are ' +
            'an excess (refund them with a refund request of kind excess). Any other status answers 409 ' +
            'PAYMENT_NOT_UNDERPAID with the reason; accepting again answers 200 with the payment and changes ' +
            'nothing (409 UNDERPAYMENT_AMOUNT_CHANGED if another amount is named).',
          params: IdParams,
          body: AcceptUnderpaymentBody,
          response: { 200: PaymentIntentSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => {
        const p = principalOf(req);
        return ctx.db.tx((tx) => acceptUnderpayment(ctx, tx, tenantOf(p), actorOf(p), req.params.id, req.body));
      },
    );
  };
}
