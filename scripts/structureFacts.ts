// Structure facts of the repository, measured the plain way: import cycles between source files (type-only imports
// count: they tie modules together as much for a reader), rooms (feature folders and root files) that import each
// other, arrows running back up between rooms, imports of an app by a library package, `as never` casts, casts of
// request input (`req.body`, `req.query`), and the longest files and functions.
// `npx tsx scripts/structureFacts.ts [--check] [root…]` (default: apps packages). With --check it is CI's gate: it
// fails when a fact is above its ceiling in scripts/structureCeilings.ts (the ceilings and the reasons live there).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { CEILINGS } from './structureCeilings.ts';

const args = process.argv.slice(2);
const check = args.includes('--check');
const given = args.filter((a) => a !== '--check');
const roots = given.length ? given : ['apps', 'packages'];
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

const over: string[] = [];
const atMost = (what: string, n: number, ceiling: number) => {
  if (n > ceiling) over.push(`${what}: ${n}, ceiling ${ceiling}`);
};
atMost('import cycles', cycles.length, 0);

for (const [app, ceiling] of Object.entries(CEILINGS.rooms)) {
  if (!files.some((f) => rel(resolve(f)).startsWith(`${app}/`))) continue;
  const { pairs, backUp } = roomFacts(app);
  console.log(
    `${app}: two-way room pairs (root files count as rooms): ${pairs.length}${pairs.length ? ` (${pairs.join(', ')})` : ''}`,
  );
  console.log(`${app}: arrows back up: ${backUp.length}${backUp.length ? ` (${backUp.join(', ')})` : ''}`);
  atMost(`${app} two-way room pairs`, pairs.length, ceiling.pairs);
  atMost(`${app} arrows back up`, backUp.length, ceiling.backUp);
}

// Libraries are used by apps and never use one: no library source imports an app's folder or an app's workspace
// package. Every workspace that is not a library counts as an app (the CLI, wherever its folder is).
const workspaces = (JSON.parse(readFileSync('package.json', 'utf8')) as { workspaces: string[] }).workspaces;
const nameOf = (w: string) => (JSON.parse(readFileSync(join(w, 'package.json'), 'utf8')) as { name: string }).name;
const libraries = workspaces.filter((w) => CEILINGS.libraryPackages.includes(nameOf(w)));
const appDirs = workspaces.filter((w) => !libraries.includes(w)).map((w) => resolve(w));
const appNames = workspaces.filter((w) => !libraries.includes(w)).map(nameOf);
const libraryImportsOfApps: string[] = [];
const scriptImportsOfApps: string[] = [];
for (const f of files.filter((f) => libraries.some((l) => resolve(f).startsWith(`${resolve(l)}/`)))) {
  // What a library ships is its src/; its build scripts may read an app to generate from it (the SDK's types from the
  // gateway's served document), and are listed apart.
  const shipped = libraries.some((l) => resolve(f).startsWith(`${resolve(l)}/src/`));
  for (const m of readFileSync(f, 'utf8').matchAll(/(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]/g)) {
    const spec = m[1]!;
    const target = spec.startsWith('.') ? resolve(dirname(f), spec) : undefined;
    if (
      (target && appDirs.some((a) => target.startsWith(`${a}/`))) ||
      appNames.some((n) => spec === n || spec.startsWith(`${n}/`))
    )
      (shipped ? libraryImportsOfApps : scriptImportsOfApps).push(`${rel(resolve(f))} → ${spec}`);
  }
}
console.log(`imports of an app by a library package: ${libraryImportsOfApps.length}`);
for (const i of libraryImportsOfApps) console.log(`  ${i}`);
for (const i of scriptImportsOfApps) console.log(`  (build script, not shipped) ${i}`);
atMost('imports of an app by a library package', libraryImportsOfApps.length, 0);

let asNever = 0;
for (const f of files) asNever += (readFileSync(f, 'utf8').match(/\bas never\b/g) ?? []).length;
console.log(`\`as never\` in source: ${asNever}`);
atMost('`as never` in source', asNever, CEILINGS.asNever);

// Handlers read their input as the route's schema types it (Static<> of the body and querystring): a cast of
// `req.body` or `req.query` says what the schema does not.
const inputCasts: string[] = [];
for (const f of files)
  readFileSync(f, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/\b(?:req|request)\.(?:body|query)\s+as\b|<[^<>]+>\s*(?:req|request)\.(?:body|query)\b/.test(line))
        inputCasts.push(`${rel(resolve(f))}:${i + 1}`);
    });
console.log(
  `casts of req.body or req.query: ${inputCasts.length}${inputCasts.length ? ` (${inputCasts.join(', ')})` : ''}`,
);
atMost('casts of req.body or req.query', inputCasts.length, CEILINGS.inputCasts);

const handWritten = files.filter(
  (f) => !/^\/\/ Generated|^\/\/ @generated/m.test(readFileSync(f, 'utf8').slice(0, 300)),
);
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const sizes = handWritten.map((f) => [rel(f), lineCount(readFileSync(f, 'utf8'))] as const);
sizes.sort((a, b) => b[1] - a[1]);
console.log('largest hand-written files (lines):');
for (const [f, n] of sizes.slice(0, 8)) console.log(`  ${n}\t${f}`);
for (const [f, n] of sizes) atMost(`lines of ${f}`, n, CEILINGS.fileLines);

// Functions: every function, method and arrow with a body, from its first line to its last (a nested function
// counts in its own length and in that of the function around it).
const functions: (readonly [string, number, number])[] = [];
for (const f of handWritten) {
  const source = ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
      functions.push([`${rel(f)} ${name}`, last - first + 1, first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
functions.sort((a, b) => b[1] - a[1]);
const long = functions.filter(([, n]) => n > CEILINGS.functionLines);
console.log(
  `functions over 100 lines: ${functions.filter(([, n]) => n > 100).length}; over ${CEILINGS.functionLines}: ` +
    `${long.length}; longest (lines):`,
);
for (const [fn, n, line] of functions.slice(0, 8)) console.log(`  ${n}\t${fn} (line ${line})`);
const listed = new Set<string>(CEILINGS.longFunctions);
for (const [fn, n] of long) if (!listed.has(fn)) atMost(`lines of ${fn}`, n, CEILINGS.functionLines);
for (const fn of listed)
  if (!long.some(([f]) => f === fn)) console.log(`  ${fn} is no longer over ${CEILINGS.functionLines}: strike it off`);

if (check) {
  if (over.length) {
    console.error(`structure facts above their ceilings (scripts/structureCeilings.ts):\n  ${over.join('\n  ')}`);
    process.exit(1);
  }
  console.log('structure facts within their ceilings');
}
