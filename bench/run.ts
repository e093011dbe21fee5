// `npm run bench [-- name …]`: runs the benchmarks under bench/<name>/run.ts one after another (all by default).
// Each prints its own figures beside its baseline, measured in the same run. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const all = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'run.ts')))
  .map((d) => d.name)
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  console.log(`\n=== bench/${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, name, 'run.ts')], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
