// `npm run bench [-- [--compiled] [--summary] [--rounds=N | --quick] name …]`: runs the benchmarks under
// bench/<name>/run.ts one after another (all by default). Each prints its own figures beside its baseline, measured in
// the same run, in alternating rounds (bench/_lib/rounds.ts: 5 by default, --rounds=N, --quick for one), judged on the
// median. Not part of `npm test`. Other arguments (--name=value) are passed to every benchmark.
//
// --summary then prints one table of every judged figure against its target (bench/targets.ts), with the worst
// round and the load average; a figure no benchmark reported shows as not measured.
//
// --compiled runs each benchmark as production runs Tender: bundled by the same esbuild build as the CLI
// (apps/cli/scripts/buildCli.mjs) and executed by plain node, with no tsx loader; the agents process that
// bench/events spawns is bundled the same way. Without it the sources run under tsx, as in development and tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundle } from '../apps/cli/scripts/buildCli.mjs';
import { loadLine } from './_lib/rounds.ts';
import { printSummary } from './_lib/printSummary.ts';
import { SUMMARY_FILE_ENV, type Reported } from './_lib/reportFigures.ts';

const dir = new URL('.', import.meta.url).pathname;
const outDir = resolve(dir, '../.bench/compiled');
const all = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort();
const args = process.argv.slice(2);
const compiled = args.includes('--compiled');
const summary = args.includes('--summary');
const passed = args.filter((a) => a.startsWith('--') && a !== '--compiled' && a !== '--summary');
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env };
const summaryFile = join(mkdtempSync(join(tmpdir(), 'tender-bench-')), 'figures.jsonl');
if (summary) {
  writeFileSync(summaryFile, '');
  env[SUMMARY_FILE_ENV] = summaryFile;
}
const loadBefore = loadLine('before the benchmarks');
if (compiled) {
  // Read by apps/agents/src/realtime/_test/processes.ts: the agents child runs this bundle with plain node.
  env.TENDER_AGENTS_PROCESS = join(outDir, 'agentsProcess.mjs');
  await bundle(resolve(dir, '../apps/agents/src/realtime/_test/agentsProcess.ts'), env.TENDER_AGENTS_PROCESS);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}${compiled ? ' (compiled: plain node on the esbuild bundle)' : ' (tsx)'}`);
  let argv = ['--import', 'tsx', join(dir, name, 'run.ts'), ...passed];
  if (compiled) {
    const out = join(outDir, `${name}.mjs`);
    await bundle(join(dir, name, 'run.ts'), out);
    argv = [out, ...passed];
  }
  const r = spawnSync(process.execPath, argv, { stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
if (summary) {
  console.log(`\n=== summary: every figure against its target (bench/targets.ts)\n${loadBefore}\n${loadLine('after')}`);
  printSummary(
    readFileSync(summaryFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Reported),
  );
}
process.exit(failed ? 1 : 0);
