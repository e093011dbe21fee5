// POST /public/payment-intents/{id}/open: the checkout page opens a CREATED intent when the customer picks a
// network. No credentials (the intent id is unguessable and is the customer's own), rate limited per address.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { errorResponses, StringEnum } from '../http/schemas.ts';
import { openPaymentIntent } from './openPaymentIntent.ts';
import { NETWORK_ID_PATTERN } from './paymentRoutes.ts';
import { PAYMENT_STATUSES } from './status.ts';

export function publicIntentRoutes(ctx: GatewayContext) {
  return async function publicIntentPlugin(app: App): Promise<void> {
    app.post(
      '/public/payment-intents/:id/open',
      {
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        // The body is optional: a POST without one is treated as `{}`.
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: {
          tags: ['Public pages'],
          summary: 'Open a payment intent for payment',
          description:
            'No credentials. Moves a CREATED intent (started from a payment link) to AWAITING_PAYMENT; its expiry ' +
            'clock starts now (expires_at = now + the link’s intent_expires_in_seconds). `network`, when given, must ' +
            'be one of the intent’s networks (400 otherwise). An intent already open answers 200 with its status and ' +
            'changes nothing. Unknown id: 404. A merchant the operator suspended: 403 MERCHANT_SUSPENDED.',
          security: [],
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
          body: Type.Optional(
            Type.Object(
              { network: Type.Optional(Type.String({ minLength: 2, maxLength: 40, pattern: NETWORK_ID_PATTERN })) },
              { additionalProperties: false },
            ),
          ),
          response: {
            200: Type.Object({ id: Type.String(), status: StringEnum(PAYMENT_STATUSES) }),
            ...errorResponses(400, 403, 404, 429),
          },
        },
      },
      async (req) => openPaymentIntent(ctx, { id: req.params.id, network: req.body?.network }),
    );
  };
}
