/**
 * A webhook delivery worker PROCESS for the crash and multi-process tests (crashRecovery.test.ts,
 * deliveryRunnersAcrossProcesses.test.ts): the gateway's delivery runner, against the test's PostgreSQL schema. Run
 * with `node --import tsx`.
 *
 * Env: DATABASE_URL, WEBHOOK_SCHEMA, LEASE_MS (default 1500). Prints `ready` once the runner is listening.
 */
import { createLogger, openDatabase } from '@tender/platform';
import { createGatewayServices } from '../../runtime.ts';
import { createDeliveryRunner } from '../createDeliveryRunner.ts';
import { testSecretBox } from './webhookTestKit.ts';

const env = (k: string): string => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const db = await openDatabase({ url: env('DATABASE_URL'), schema: env('WEBHOOK_SCHEMA'), poolSize: 4 });
const ctx = createGatewayServices({
  db,
  logger: createLogger({ level: 'silent' }),
  now: () => new Date(),
  config: { publicUrl: 'http://gateway.test', profile: 'dev' },
  secretBox: testSecretBox(),
  webhooks: { retryDelaysMs: Array<number>(8).fill(100), jitter: 0, timeoutMs: 60_000 },
});
const runner = createDeliveryRunner(ctx, {
  concurrency: Number(process.env.CONCURRENCY ?? 8),
  leaseMs: Number(process.env.LEASE_MS ?? 1500),
  pollMs: 50,
  logger: { warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
});
await runner.start();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void runner.stop({ timeoutMs: 2_000 }).then(async () => {
    runner.close();
    await db.close();
    process.exit(0);
  });
});
