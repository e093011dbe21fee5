// Group commit for intent creation. Requests that arrive while a batch is being written queue up and go together
// in the next one: one statement (gateway_create_intents, migrations/0404) and one commit for many intents, instead
// of one each. At low load a batch holds one intent and is sent at once (no waiting on a timer); under load batches
// grow by themselves. At most `maxInFlight` (2) batches run at once per process, so the pool stays free for other
// work (measured: 2 is as fast as 4 and clearly faster than 8, whose small batches compete for connections).
//
// Failure isolation: a batch is one statement, so an error writes nothing; its intents are then written one by one
// (a batch of one each), so one bad intent fails only its own request.
//
// Not built on the platform's `batched`: that one waits one event-loop turn to gather a batch and rejects a whole
// batch on failure, whereas this sends at once when a slot is free (lowest latency at low load) and isolates the
// failing intent.
import type { Database } from '@tender/platform';
import { EXPIRY_QUEUE } from './queues.ts';
import type { Environment } from '../tenant.ts';

export interface IntentRecord {
  id: string;
  merchant_id: string;
  environment: Environment;
  amount: string;
  currency: string;
  decimals: number;
  order_reference: string | null;
  description: string | null;
  methods: string[];
  email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  expires_at: string;
  created_at: string;
  /** The default expiry the intent used (re-checked in the database), or null when the request set its own. */
  default_expiry: number | null;
  salt: string;
  deposits: { network: string; address: string; token: string; vault: string; factory: string }[];
  /** False: written CREATED (not open for payment, no expiry job yet). Absent: open at once. */
  opened?: boolean;
  /** Written only while this link is active (re-checked in the writing statement). */
  payment_link_id?: string;
  invoice_id?: string;
}

interface Pending {
  record: IntentRecord;
  resolve: (written: boolean) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 200;

export class IntentBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** Statements sent (batches and single fallbacks), for tests and metrics. */
  statements = 0;

  constructor(
    private readonly db: Database,
    private readonly maxInFlight = 2,
  ) {}

  /** Resolves true when written, false when the guard refused it (stale settings: reload and retry). */
  write(record: IntentRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    this.statements++;
    try {
      const no = await writeIntents(
        this.db,
        batch.map((p) => p.record),
      );
      for (const p of batch) p.resolve(!no.has(p.record.id));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Something in the batch failed: write each on its own so that only the culprit fails.
      this.statements += batch.length;
      await Promise.all(batch.map((p) => writeOne(this.db, p.record).then(p.resolve, p.reject)));
    }
  }
}

/** Writes intents in one statement; returns the ids the guard refused (stale settings). */
async function writeIntents(sql: Pick<Database, 'query'>, records: readonly IntentRecord[]): Promise<Set<string>> {
  const refused = await sql.query<{ id: string }>('select gateway_create_intents($1::text::jsonb, $2) as id', [
    JSON.stringify(records),
    EXPIRY_QUEUE,
  ]);
  return new Set(refused.map((r) => r.id));
}

/**
 * One intent, one statement (also used inside a caller's transaction, e.g. with Idempotency-Key): a batch of one, so
 * there is one create-intent function in SQL.
 */
export async function writeOne(sql: Pick<Database, 'query'>, r: IntentRecord): Promise<boolean> {
  return (await writeIntents(sql, [r])).size === 0;
}
