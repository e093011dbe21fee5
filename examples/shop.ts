/**
 * A minimal shop on Tender: an order redirects to the hosted checkout, and the order is fulfilled from the signed
 * webhook, once, however often the webhook is delivered.
 *
 *   TENDER_API_KEY=sk_test_… TENDER_WEBHOOK_SECRET=whsec_… npx tsx examples/shop.ts
 *
 * It uses only what a shop outside this repository would: Fastify and @tender/sdk.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { Tender, verifyWebhook, WebhookVerificationError } from '@tender/sdk';

export interface ShopOptions {
  tender: Tender;
  /** whsec_… of the shop's webhook endpoint. */
  webhookSecret: string;
  /** Where the customer returns after paying. */
  publicUrl: string;
}

interface Order {
  id: string;
  amount: string;
  status: 'awaiting_payment' | 'paid';
  paymentIntentId: string | null;
  fulfilments: number;
}

export function createShop(o: ShopOptions) {
  const orders = new Map<string, Order>();
  const app = Fastify();
  // The webhook is verified over the raw bytes: keep JSON bodies as strings, parse after verifying.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post<{ Body: string }>('/orders', async (req, reply) => {
    const { amount } = JSON.parse(req.body || '{}') as { amount?: string };
    const order: Order = {
      id: `ord_${randomUUID()}`,
      amount: amount ?? '10.00',
      status: 'awaiting_payment',
      paymentIntentId: null,
      fulfilments: 0,
    };
    orders.set(order.id, order);
    // The order id as Idempotency-Key: a retried request never creates a second intent for one order.
    const intent = await o.tender.paymentIntents.create(
      { amount: order.amount, order_reference: order.id, success_url: `${o.publicUrl}/orders/${order.id}` },
      { idempotencyKey: order.id },
    );
    order.paymentIntentId = intent.id;
    return reply.redirect(intent.checkout_url, 303);
  });

  app.get<{ Params: { id: string } }>(
    '/orders/:id',
    async (req, reply) => orders.get(req.params.id) ?? reply.code(404).send(),
  );

  app.post<{ Body: string }>('/webhooks/tender', async (req, reply) => {
    let event;
    try {
      event = verifyWebhook(req.body, req.headers['tender-signature'], o.webhookSecret);
    } catch (err) {
      if (err instanceof WebhookVerificationError) return reply.code(401).send(err.code);
      throw err;
    }
    if (event.type === 'payment.confirmed') {
      const order = orders.get(String(event.data.object.order_reference));
      // Idempotent: a replayed or late event finds the order paid and changes nothing.
      if (order && order.status !== 'paid') {
        order.status = 'paid';
        order.fulfilments++;
      }
    }
    return reply.send('ok');
  });

  return { app, orders };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const shop = createShop({
    tender: new Tender({
      apiKey: process.env.TENDER_API_KEY!,
      baseUrl: process.env.TENDER_URL ?? 'http://127.0.0.1:4000',
    }),
    webhookSecret: process.env.TENDER_WEBHOOK_SECRET!,
    publicUrl: 'http://127.0.0.1:3000',
  });
  await shop.app.listen({ port: 3000, host: '127.0.0.1' });
  console.log('shop on http://127.0.0.1:3000 — POST /orders to buy');
}
