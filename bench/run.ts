// `npm run bench [-- [--compiled] name …]`: runs the benchmarks under bench/<name>/run.ts one after another (all by
// default). Each prints its own figures beside its baseline, measured in the same run. Not part of `npm test`.
//
// --compiled runs each benchmark as production runs Tender: bundled by the same esbuild build as the CLI
// (packages/cli/scripts/buildCli.mjs) and executed by plain node, with no tsx loader; the agents process that
// bench/events spawns is bundled the same way. Without it the sources run under tsx, as in development and tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundle } from '../packages/cli/scripts/buildCli.mjs';

const dir = new URL('.', import.meta.url).pathname;
const outDir = resolve(dir, '../.bench/compiled');
const all = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort();
const args = process.argv.slice(2);
const compiled = args.includes('--compiled');
const wanted = args.filter((a) => a !== '--compiled');
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env };
if (compiled) {
  // Read by apps/agents/src/realtime/_test/processes.ts: the agents child runs this bundle with plain node.
  env.TENDER_AGENTS_PROCESS = join(outDir, 'agentsProcess.mjs');
  await bundle(resolve(dir, '../apps/agents/src/realtime/_test/agentsProcess.ts'), env.TENDER_AGENTS_PROCESS);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}${compiled ? ' (compiled: plain node on the esbuild bundle)' : ' (tsx)'}`);
  let argv = ['--import', 'tsx', join(dir, name, 'run.ts')];
  if (compiled) {
    const out = join(outDir, `${name}.mjs`);
    await bundle(join(dir, name, 'run.ts'), out);
    argv = [out];
  }
  const r = spawnSync(process.execPath, argv, { stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
