// Starts and stops Tender `STARTS` times in this process, then returns without calling process.exit: the process
// ends by itself only if every start's sockets, timers, child processes and database handles were released.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testPort } from '@tender/platform/testing';
import { loadTenderConfig } from '../cliConfig.ts';
import { startTender } from '../startTender.ts';

const starts = Number(process.env.STARTS ?? 20);
const home = await mkdtemp(join(tmpdir(), 'tender-startstop-'));
for (let i = 0; i < starts; i++) {
  const config = loadTenderConfig({
    ...process.env,
    TENDER_HOME: home,
    GATEWAY_PORT: String(await testPort()),
    AGENTS_PORT: String(await testPort()),
    SMTP_PORT: String(await testPort()),
    LOG_LEVEL: 'silent',
  });
  const started = Date.now();
  const tender = await startTender(config);
  await tender.shutdown.shutdown();
  process.stdout.write(`start ${i + 1}: ${Date.now() - started} ms\n`);
}
process.stdout.write('done\n');
