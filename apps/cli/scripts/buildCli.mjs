// The compiled build of the server: one ES module, apps/cli/dist/tender.mjs, bundling the CLI and every
// workspace package it imports (their `exports` point at TypeScript sources, which plain node cannot load).
// Dependencies from node_modules stay imports (resolved at run time from the repository's node_modules), except a
// package a workspace holds in its own node_modules (a version the root does not have): that one is bundled.
//
// Plain JavaScript on purpose: bin/tender.mjs runs it with plain node (no tsx) to rebuild a stale bundle.
//
// Invariant: files that locate data next to themselves (`new URL('../migrations', import.meta.url)`: SQL
// migrations, the web pages' dist, the anvil binary) keep seeing their source location: import.meta.url in a
// workspace file is rewritten to that file's own URL relative to the bundle. The bundle therefore runs inside the
// checkout it was built from, as `npm start` and the deployment section of the README describe.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const bundlePath = join(root, 'apps/cli/dist/tender.mjs');
const entry = join(root, 'apps/cli/src/main.ts');
/** Whose sources end up in the bundle: a change there makes it stale. */
const workspaceDirs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces.filter(
  (w) => w !== 'apps/web',
);
const sourceDirs = [...workspaceDirs.map((w) => join(root, w, 'src')), join(root, 'apps/web/src')];
const inputs = [join(root, 'package-lock.json'), join(root, 'apps/cli/scripts/buildCli.mjs')];

function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** The bundle is missing or older than a source file it was built from (a few ms: stat only). */
export function bundleIsStale() {
  if (!existsSync(bundlePath)) return true;
  const built = statSync(bundlePath).mtimeMs;
  return (
    sourceDirs.some((d) => existsSync(d) && newestMtime(d) > built) ||
    inputs.some((f) => existsSync(f) && statSync(f).mtimeMs > built)
  );
}

/** Builds the bundle (esbuild: about a second). */
export async function buildCli() {
  await bundle(entry, bundlePath);
}

/** Bundles one TypeScript entry of this repository (the CLI; a benchmark, to compare it compiled and under tsx). */
export async function bundle(entryFile, outFile) {
  const { build } = await import('esbuild');
  const workspaceOf = (file) => workspaceDirs.find((w) => file.startsWith(join(root, w) + sep));
  const bundleDir = dirname(outFile);
  const result = await build({
    entryPoints: [entryFile],
    outfile: outFile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS (a nested dependency) may call require(): give the module one.
    banner: {
      js: "import { createRequire as __tenderRequire } from 'node:module';\nconst require = __tenderRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'tender-workspace',
        setup(b) {
          // The client packages export their built dist/ (for npm); the bundle takes their sources, so an edit there
          // makes the bundle stale and the rebuild picks it up without building the packages first.
          b.onResolve({ filter: /^@tender\/(sdk|agent)$/ }, (args) => ({
            path: join(root, 'packages', args.path.slice('@tender/'.length), 'src/index.ts'),
          }));
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@tender/') || args.path.startsWith('node:')) return undefined;
            const name = args.path.startsWith('@')
              ? args.path.split('/').slice(0, 2).join('/')
              : args.path.split('/')[0];
            const ws = workspaceOf(args.importer);
            if (ws && existsSync(join(root, ws, 'node_modules', name))) return undefined; // bundled
            return { path: args.path, external: true };
          });
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
            const rel = relative(bundleDir, args.path).split(sep).join('/');
            const own = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
            return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
          });
        },
      },
    ],
  });
  // Written aside and renamed: processes starting together (each rebuilding a stale bundle) never import a
  // half-written file. The map goes first, so a bundle never points at a map of another build for long.
  mkdirSync(bundleDir, { recursive: true });
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const f of files) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
}

// `node buildCli.mjs` builds the CLI; `node buildCli.mjs <entry.ts> <out.mjs>` bundles another entry the same way.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entryArg, outArg] = process.argv.slice(2);
  const out = outArg ? resolve(outArg) : bundlePath;
  const t0 = performance.now();
  await bundle(entryArg ? resolve(entryArg) : entry, out);
  process.stdout.write(`built ${relative(process.cwd(), out)} in ${Math.round(performance.now() - t0)} ms\n`);
}
