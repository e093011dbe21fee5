// The gateway client. Each resource is a few lines over `Transport`; request and response types come from the
// served OpenAPI document (openapi.ts), so a field the gateway does not accept does not typecheck.
//
//   const tender = new Tender({ apiKey: process.env.TENDER_API_KEY!, baseUrl: 'http://127.0.0.1:4000' });
//   const intent = await tender.paymentIntents.create({ amount: '25.00', order_reference: 'order_1042' });
//   for await (const payment of tender.payments.list({ status: 'SETTLED' })) console.log(payment.id);
import { randomUUID } from 'node:crypto';
import { followEvents, type EventStreamOptions } from './eventStream.ts';
import { ListPromise, type Page } from './list.ts';
import type { paths } from './openapi.ts';
import type { BodyOf, ItemOf, QueryOf, ResultOf } from './operationTypes.ts';
import { Transport, type TransportOptions } from './transport.ts';

export type TenderOptions = TransportOptions;

/** Options of a create call. */
export interface CreateOptions {
  /**
   * Sent as Idempotency-Key. Default: a new random key per call, reused by the SDK's own retries of that call. Pass
   * your own (e.g. your order id) to make retries across process restarts safe too.
   */
  idempotencyKey?: string;
}

type ListQuery<P extends Parameters<typeof listOf>[1]> = Omit<QueryOf<P, 'get'>, 'cursor'>;
const enc = encodeURIComponent;

function listOf<T>(t: Transport, path: keyof paths & string, query: object = {}) {
  return new ListPromise<T>((cursor) =>
    t.request<Page<T>>('GET', path, { query: { ...(query as Record<string, unknown>), cursor } }),
  );
}

export type PaymentIntent = ResultOf<'/v1/payment-intents/{id}', 'get'>;
export type Payment = ItemOf<'/v1/payments'>;
export type PaymentDetail = ResultOf<'/v1/payments/{id}', 'get'>;
export type PaymentLink = ResultOf<'/v1/payment-links/{id}', 'get'>;
export type Invoice = ResultOf<'/v1/invoices/{id}', 'get'>;
export type RefundRequest = ResultOf<'/v1/refund-requests/{id}', 'get'>;
export type TenderEvent = ResultOf<'/v1/events/{id}', 'get'>;
export type WebhookEndpoint = ResultOf<'/v1/webhook-endpoints/{id}', 'get'>;
export type ApiKey = ItemOf<'/v1/api-keys'>;

export class Tender {
  readonly transport: Transport;
  constructor(options: TenderOptions) {
    this.transport = new Transport(options);
  }

  private create<T>(path: string, body: unknown, o: CreateOptions = {}): Promise<T> {
    return this.transport.request<T>('POST', path, { body, idempotencyKey: o.idempotencyKey ?? randomUUID() });
  }
  private get<T>(path: string): Promise<T> {
    return this.transport.request<T>('GET', path);
  }

  readonly paymentIntents = {
    create: (body: BodyOf<'/v1/payment-intents', 'post'>, o?: CreateOptions) =>
      this.create<ResultOf<'/v1/payment-intents', 'post'>>('/v1/payment-intents', body, o),
    retrieve: (id: string) => this.get<PaymentIntent>(`/v1/payment-intents/${enc(id)}`),
  };

  readonly payments = {
    list: (query: ListQuery<'/v1/payments'> = {}) => listOf<Payment>(this.transport, '/v1/payments', query),
    retrieve: (id: string) => this.get<PaymentDetail>(`/v1/payments/${enc(id)}`),
  };

  readonly paymentLinks = {
    create: (body: BodyOf<'/v1/payment-links', 'post'>, o?: CreateOptions) =>
      this.create<PaymentLink>('/v1/payment-links', body, o),
    retrieve: (id: string) => this.get<PaymentLink>(`/v1/payment-links/${enc(id)}`),
    update: (id: string, body: BodyOf<'/v1/payment-links/{id}', 'patch'>) =>
      this.transport.request<PaymentLink>('PATCH', `/v1/payment-links/${enc(id)}`, { body }),
    list: (query: ListQuery<'/v1/payment-links'> = {}) =>
      listOf<PaymentLink>(this.transport, '/v1/payment-links', query),
  };

  readonly invoices = {
    create: (body: BodyOf<'/v1/invoices', 'post'>, o?: CreateOptions) => this.create<Invoice>('/v1/invoices', body, o),
    retrieve: (id: string) => this.get<Invoice>(`/v1/invoices/${enc(id)}`),
    void: (id: string) => this.transport.request<Invoice>('POST', `/v1/invoices/${enc(id)}/void`),
    list: (query: ListQuery<'/v1/invoices'> = {}) => listOf<Invoice>(this.transport, '/v1/invoices', query),
  };

  readonly refundRequests = {
    create: (body: BodyOf<'/v1/refund-requests', 'post'>, o?: CreateOptions) =>
      this.create<RefundRequest>('/v1/refund-requests', body, o),
    retrieve: (id: string) => this.get<RefundRequest>(`/v1/refund-requests/${enc(id)}`),
    submitProof: (id: string, body: BodyOf<'/v1/refund-requests/{id}/proof', 'post'>) =>
      this.transport.request<RefundRequest>('POST', `/v1/refund-requests/${enc(id)}/proof`, { body }),
    cancel: (id: string) => this.transport.request<RefundRequest>('POST', `/v1/refund-requests/${enc(id)}/cancel`),
    list: (query: ListQuery<'/v1/refund-requests'> = {}) =>
      listOf<RefundRequest>(this.transport, '/v1/refund-requests', query),
  };

  readonly events = {
    retrieve: (id: string) => this.get<TenderEvent>(`/v1/events/${enc(id)}`),
    list: (query: ListQuery<'/v1/events'> = {}) => listOf<TenderEvent>(this.transport, '/v1/events', query),
    /** Live events (server-sent), reconnecting with Last-Event-ID: `for await (const e of tender.events.stream())`. */
    stream: (o: Omit<EventStreamOptions<TenderEvent>, 'parse'> = {}) => followEvents<TenderEvent>(this.transport, o),
  };

  readonly webhookEndpoints = {
    create: (body: BodyOf<'/v1/webhook-endpoints', 'post'>) =>
      this.transport.request<ResultOf<'/v1/webhook-endpoints', 'post'>>('POST', '/v1/webhook-endpoints', { body }),
    retrieve: (id: string) => this.get<WebhookEndpoint>(`/v1/webhook-endpoints/${enc(id)}`),
    update: (id: string, body: BodyOf<'/v1/webhook-endpoints/{id}', 'patch'>) =>
      this.transport.request<WebhookEndpoint>('PATCH', `/v1/webhook-endpoints/${enc(id)}`, { body }),
    delete: (id: string) => this.transport.request<void>('DELETE', `/v1/webhook-endpoints/${enc(id)}`),
    list: (query: ListQuery<'/v1/webhook-endpoints'> = {}) =>
      listOf<WebhookEndpoint>(this.transport, '/v1/webhook-endpoints', query),
  };

  readonly apiKeys = {
    create: (body: BodyOf<'/v1/api-keys', 'post'>) =>
      this.transport.request<ResultOf<'/v1/api-keys', 'post'>>('POST', '/v1/api-keys', { body }),
    revoke: (id: string) => this.transport.request<ApiKey>('POST', `/v1/api-keys/${enc(id)}/revoke`),
    list: (query: ListQuery<'/v1/api-keys'> = {}) => listOf<ApiKey>(this.transport, '/v1/api-keys', query),
  };
}
