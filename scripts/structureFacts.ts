// Structure facts of the repository, measured the plain way: import cycles between source files (type-only imports
// count: they tie modules together as much for a reader), rooms (feature folders and root files) that import each
// other, arrows running back up between rooms, `as never` casts and the largest files.
// `npx tsx scripts/structureFacts.ts [root…]` (default: apps packages).
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

// Rooms of one app's src: each feature folder, and each root file (runtime.ts, context.ts, …) on its own. Two-way
// pairs: rooms that import each other (type-only imports count). Arrows back up: the fewest room arrows that point
// against a layering of the rooms (a feedback arc set, by the greedy heuristic of Eades, Lin and Smyth: rooms that
// import nothing go to the bottom, rooms nothing imports to the top, else the room with the most more arrows out than
// in goes next to the top; ties by name, so the count is the same on every run). Without cycles it is 0.
function roomFacts(app: string): { pairs: string[]; backUp: string[] } {
  const roomOf = (p: string) =>
    rel(p)
      .slice(app.length + 1)
      .split('/')[0]!;
  const edges = new Set<string>();
  for (const [f, deps] of imports)
    if (rel(f).startsWith(`${app}/`))
      for (const d of deps)
        if (rel(d).startsWith(`${app}/`) && roomOf(f) !== roomOf(d)) edges.add(`${roomOf(f)}→${roomOf(d)}`);
  const arrows = [...edges].map((e) => e.split('→') as [string, string]);
  const pairs = arrows.filter(([a, b]) => a < b && edges.has(`${b}→${a}`)).map(([a, b]) => `${a}↔${b}`);
  const left = new Set(arrows.flat());
  const outs = (n: string) => arrows.filter(([a, b]) => a === n && left.has(b)).length;
  const ins = (n: string) => arrows.filter(([a, b]) => b === n && left.has(a)).length;
  const top: string[] = [];
  const bottom: string[] = [];
  while (left.size) {
    for (let moved = true; moved;) {
      moved = false;
      for (const n of [...left].sort())
        if (outs(n) === 0) {
          bottom.unshift(n);
          left.delete(n);
          moved = true;
        } else if (ins(n) === 0) {
          top.push(n);
          left.delete(n);
          moved = true;
        }
    }
    if (!left.size) break;
    const next = [...left].sort((a, b) => outs(b) - ins(b) - (outs(a) - ins(a)) || a.localeCompare(b))[0]!;
    top.push(next);
    left.delete(next);
  }
  const layer = new Map([...top, ...bottom].map((n, i) => [n, i]));
  const backUp = arrows.filter(([a, b]) => layer.get(a)! > layer.get(b)!).map(([a, b]) => `${a}→${b}`);
  return { pairs, backUp };
}

for (const app of ['apps/gateway/src', 'apps/agents/src']) {
  if (!files.some((f) => rel(resolve(f)).startsWith(`${app}/`))) continue;
  const { pairs, backUp } = roomFacts(app);
  console.log(
    `${app}: two-way room pairs (root files count as rooms): ${pairs.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`,
  );
  console.log(`${app}: arrows back up: ${backUp.length}${backUp.length ? ` (${backUp.join(', ')})` : ''}`);
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
