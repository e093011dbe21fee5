// The embedded checkout: GET /checkout.js (the script a merchant's page includes) and
// GET /public/payment-intents/{id}/embedding?origin=… (whether that page's origin may receive the checkout's
// messages). Which origins may frame the checkout page itself is its CSP (webPages.ts); both read the merchant's
// checkout_allowed_origins (settings/checkoutOrigins.ts).
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { checkoutOriginsOfIntent } from '../settings/checkoutOrigins.ts';
import { loadCheckoutScript } from './checkoutScript.ts';
import { PUBLIC_INTENT_RATE_LIMIT } from './publicCheckoutRoutes.ts';

/** Unversioned: a page keeps it five minutes, then revalidates by ETag (a 304 while it is unchanged). */
const SCRIPT_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';

export function checkoutEmbeddingRoutes(ctx: GatewayContext) {
  const script = loadCheckoutScript();
  return async function checkoutEmbeddingPlugin(app: App): Promise<void> {
    app.get(
      '/checkout.js',
      { schema: { hide: true, querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }) } },
      async (req, reply) => {
        reply
          .header('etag', script.etag)
          .header('cache-control', req.query.v === script.version ? VERSIONED_CACHE : SCRIPT_CACHE)
          .header('vary', 'accept-encoding')
          .header('x-content-type-options', 'nosniff')
          // Loaded by other origins' pages by design.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('access-control-allow-origin', '*')
          .type('text/javascript; charset=utf-8');
        const tags = req.headers['if-none-match'];
        if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === script.etag)) {
          return reply.code(304).send();
        }
        if (/\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
          return reply.header('content-encoding', 'br').send(script.br);
        }
        return reply.send(script.body);
      },
    );

    app.get(
      '/public/payment-intents/:id/embedding',
      {
        config: { rateLimit: PUBLIC_INTENT_RATE_LIMIT },
        schema: {
          tags: ['Payments'],
          summary: 'Whether a page may embed the hosted checkout (embedded checkout)',
          description:
            "Asked by the hosted checkout when /checkout.js opened it: `origin` is the embedding page's origin, and " +
            "`allowed` is true when it is one of the merchant's checkout_allowed_origins (PATCH " +
            '/v1/settlement-settings) in the environment of the payment. Only then does the checkout post its paid ' +
            'and expired messages, to that origin only. An unknown intent answers allowed: false. No credentials.',
          security: [],
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
          querystring: Type.Object(
            { origin: Type.String({ minLength: 1, maxLength: 300 }) },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              object: Type.Literal('checkout_embedding'),
              payment_intent_id: Type.String(),
              origin: Type.String(),
              allowed: Type.Boolean(),
            }),
            ...errorResponses(400, 429),
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        const origins = await checkoutOriginsOfIntent(ctx.db, req.params.id);
        return {
          object: 'checkout_embedding' as const,
          payment_intent_id: req.params.id,
          origin: req.query.origin,
          allowed: origins.includes(req.query.origin),
        };
      },
    );
  };
}
