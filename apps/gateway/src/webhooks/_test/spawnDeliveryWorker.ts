import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const workerScript = fileURLToPath(new URL('./deliveryWorkerProcess.ts', import.meta.url));

/**
 * Starts a delivery runner in a process of its own (deliveryWorkerProcess.ts) on `schema` of DATABASE_URL, with the
 * extra environment `env` (LEASE_MS, CONCURRENCY); resolves once it listens for deliveries.
 */
export async function spawnDeliveryWorker(schema: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
    env: { ...process.env, WEBHOOK_SCHEMA: schema, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready\n')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`delivery worker exited early: ${code ?? signal}`)));
  });
  return child;
}
