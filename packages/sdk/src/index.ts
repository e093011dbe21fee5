// @tender/sdk: the typed client of the Tender payment gateway, and the webhook verifier for receivers.
export { Tender, type CreateOptions, type TenderOptions } from './tender.ts';
export type {
  ApiKey,
  Invoice,
  Payment,
  PaymentDetail,
  PaymentIntent,
  PaymentLink,
  RefundRequest,
  TenderEvent,
  WebhookEndpoint,
} from './tender.ts';
export { TenderConnectionError, TenderError, type TenderErrorDetail } from './errors.ts';
export { ListPromise, type Page } from './list.ts';
export { followEvents, type EventStreamOptions } from './eventStream.ts';
export type { BodyOf, ItemOf, QueryOf, ResultOf } from './operationTypes.ts';
export { PAYMENT_STATUSES, WEBHOOK_EVENT_TYPES, type paths } from './openapi.ts';
export { EVENT_FACTS, type EventType } from './eventTypes.ts';
export * from './verifyWebhook.ts';
