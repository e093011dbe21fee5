// The outbox's plug point: a subscriber sees each event inside the transaction that writes it (webhooks fan out one
// delivery per subscribed endpoint), so what it writes commits with the event, exactly once.
import type { Sql } from '@tender/platform';
import type { Environment } from '../tenant.ts';

export interface EmittedEvent {
  id: string;
  merchantId: string;
  environment: Environment;
  type: string;
  createdAt: Date;
}

export type OutboxSubscriber = (tx: Sql, e: EmittedEvent) => Promise<unknown>;
