// Structure facts of the repository, measured the plain way: import cycles between source files (type-only imports
// count: they tie modules together as much for a reader), folder pairs that import each other, `as never` casts and
// the largest files. `npx tsx scripts/structureFacts.ts [root…]` (default: apps packages).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['apps', 'packages'];
const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.(test|gen)\.tsx?$/.test(f) && !f.includes('/_test/');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (isSource(p)) out.push(p);
  }
  return out;
}

const files = roots.flatMap((r) => walk(r));
const set = new Set(files.map((f) => resolve(f)));
const imports = new Map<string, string[]>();
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const deps: string[] = [];
  for (const m of src.matchAll(/(?:import|export)[^'";]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const target = resolve(dirname(f), m[1]!);
    for (const c of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')])
      if (set.has(c) && existsSync(c)) {
        deps.push(c);
        break;
      }
  }
  imports.set(resolve(f), deps);
}

// Strongly connected components (Tarjan): a component of more than one file is a cycle.
let index = 0;
const idx = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
function strong(v: string): void {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of imports.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const comp: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) cycles.push(comp);
  }
}
for (const v of imports.keys()) if (!idx.has(v)) strong(v);

const rel = (p: string) => relative(process.cwd(), p);
console.log(`source files: ${files.length}`);
console.log(`import cycles: ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.map(rel).join(' ↔ ')}`);

// Folder pairs (sibling feature folders of one app's src) that import each other.
for (const app of ['apps/gateway/src', 'apps/agents/src']) {
  const folderOf = (p: string) =>
    rel(p)
      .slice(app.length + 1)
      .split('/')[0]!;
  const edges = new Set<string>();
  for (const [f, deps] of imports)
    if (
      rel(f).startsWith(`${app}/`) &&
      rel(f)
        .slice(app.length + 1)
        .includes('/')
    )
      for (const d of deps)
        if (
          rel(d).startsWith(`${app}/`) &&
          rel(d)
            .slice(app.length + 1)
            .includes('/') &&
          folderOf(f) !== folderOf(d)
        )
          edges.add(`${folderOf(f)}→${folderOf(d)}`);
  const pairs = [...edges].filter((e) => {
    const [a, b] = e.split('→');
    return a! < b! && edges.has(`${b}→${a}`);
  });
  console.log(
    `${app}: folder pairs importing each other: ${pairs.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`,
  );
}

let asNever = 0;
for (const f of files) asNever += (readFileSync(f, 'utf8').match(/\bas never\b/g) ?? []).length;
console.log(`\`as never\` in source: ${asNever}`);

const handWritten = files.filter(
  (f) => !/^\/\/ Generated|^\/\/ @generated/m.test(readFileSync(f, 'utf8').slice(0, 300)),
);
const sizes = handWritten.map((f) => [rel(f), readFileSync(f, 'utf8').split('\n').length] as const);
sizes.sort((a, b) => b[1] - a[1]);
console.log('largest hand-written files (lines):');
for (const [f, n] of sizes.slice(0, 8)) console.log(`  ${n}\t${f}`);
