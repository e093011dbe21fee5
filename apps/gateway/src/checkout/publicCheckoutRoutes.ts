// GET /public/payment-intents/{id}: the read-only view the hosted checkout polls for live status. No credentials:
// the id is the capability, exactly as the checkout URL the merchant hands out is.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { getPublicIntent, PublicIntentSchema } from './publicIntent.ts';

/**
 * The checkout page polls every 2 s while a payment is open (30 a minute per tab); a few tabs behind one NAT fit
 * well under this, a scraper does not.
 */
export const PUBLIC_INTENT_RATE_LIMIT = { max: 300, timeWindow: 60_000 };

export function publicCheckoutRoutes(ctx: GatewayContext) {
  return async function publicCheckoutPlugin(app: App): Promise<void> {
    app.get(
      '/public/payment-intents/:id',
      {
        config: { rateLimit: PUBLIC_INTENT_RATE_LIMIT },
        schema: {
          tags: ['Payments'],
          summary: 'Public view of a payment intent (hosted checkout)',
          description:
            'What the hosted checkout shows and polls for live status: amount, business name, expiry, methods, per ' +
            'network the deposit address and the only accepted token contract, the amount received and remaining, ' +
            'the confirmations of the latest transfer, and transfers of tokens the payment does not accept. No ' +
            'credentials; carries no customer email, metadata, vault or RPC secret. The page polls it every 2 s ' +
            `while the payment is open; rate-limited to ${PUBLIC_INTENT_RATE_LIMIT.max} a minute per client. 403 ` +
            'MERCHANT_SUSPENDED for a payment not yet under way of a merchant the operator suspended.',
          security: [],
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
          response: { 200: PublicIntentSchema, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return getPublicIntent(ctx, req.params.id);
      },
    );
  };
}
