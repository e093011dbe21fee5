/**
 * A merchant's webhook receiver for Tender, as a merchant would write it: plain node:http, the signature verified over
 * the raw bytes before anything is parsed, 401 for every bad signature, and deduplication on `event.id` so that a
 * retried or resent event changes nothing.
 *
 *   TENDER_WEBHOOK_SECRET=whsec_… PORT=3000 npx tsx examples/webhook-receiver.ts
 *   # register it (test mode may use localhost on the dev profile):
 *   curl -X POST http://127.0.0.1:4000/v1/webhook-endpoints -H "Authorization: Bearer sk_test_…" \
 *        -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:3000/webhooks/tender","enabled_events":["*"]}'
 *
 * During a secret rotation set TENDER_WEBHOOK_SECRET to "whsec_new,whsec_old": either secret is accepted.
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@tender/gateway';

export interface ReceiverOptions {
  /** The endpoint's signing secret(s), `whsec_…`. */
  secrets: readonly string[];
  /**
   * Does the work for a new event. Must be idempotent with respect to `event.id` in a real system: record the id in
   * the same database transaction as the work (unique constraint), so a crash between the two cannot double-ship.
   */
  onEvent(event: WebhookEvent): Promise<void> | void;
  /** Largest body accepted. Tender's events are a few KiB. */
  maxBodyBytes?: number;
  log?: (line: string) => void;
}

export function createWebhookReceiver(opts: ReceiverOptions): http.Server {
  const log = opts.log ?? console.log;
  const maxBody = opts.maxBodyBytes ?? 1024 * 1024;
  // Event ids already handled. In-memory for the example; a real receiver keeps them in its database.
  const seen = new Set<string>();

  return http.createServer((req, res) => {
    const answer = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    if (req.method !== 'POST' || req.url !== '/webhooks/tender') return answer(404, 'not found');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBody) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        let event: WebhookEvent;
        try {
          // The raw bytes, exactly as received: never JSON.parse first and re-serialise.
          event = verifyWebhook(Buffer.concat(chunks), req.headers['tender-signature'], opts.secrets, {
            toleranceSeconds: 300,
          });
        } catch (err) {
          if (err instanceof WebhookVerificationError) {
            log(`rejected: ${err.code}`);
            return answer(401, err.code);
          }
          throw err;
        }
        if (seen.has(event.id)) {
          log(`duplicate ${event.id} (${event.type}): already handled`);
          return answer(200, 'duplicate');
        }
        try {
          await opts.onEvent(event);
        } catch (err) {
          // Not recorded as seen: any non-2xx makes Tender retry later.
          log(`failed ${event.id}: ${(err as Error).message}`);
          return answer(500, 'try again');
        }
        seen.add(event.id);
        log(`handled ${event.id} (${event.type})`);
        answer(200, 'ok');
      })().catch((err: unknown) => {
        log(`error: ${(err as Error).message}`);
        if (!res.headersSent) answer(500, 'error');
      });
    });
  });
}

/** What a shop does with the events: fulfil on payment.confirmed (never on the customer's redirect). */
function handle(event: WebhookEvent): void {
  const payment = event.data.object as { id: string; order_reference: string | null; amount: string; currency: string };
  switch (event.type) {
    case 'payment.confirmed':
      console.log(
        `fulfil order ${payment.order_reference}: ${payment.amount} ${payment.currency} final (${payment.id})`,
      );
      break;
    case 'payment.overpaid':
      console.log(`order ${payment.order_reference} overpaid by ${String(event.data.excess_amount)}: refund or credit`);
      break;
    case 'payment.completed':
      console.log(`payment ${payment.id} settled into the vault`);
      break;
    default:
      console.log(`${event.type} for ${payment.id}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const secrets = (process.env.TENDER_WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
  if (secrets.length === 0) {
    console.error('set TENDER_WEBHOOK_SECRET to the endpoint secret (whsec_…)');
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 3000);
  createWebhookReceiver({ secrets, onEvent: handle }).listen(port, '127.0.0.1', () =>
    console.log(`listening on http://127.0.0.1:${port}/webhooks/tender`),
  );
}
