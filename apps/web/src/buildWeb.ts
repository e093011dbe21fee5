// Builds the pages with Vite when their sources changed since the last build. Called by `tender start` and by the
// test suite's global setup, so the pages are never a manual step: a fresh checkout builds once (~10 s) and every
// later start only hashes the sources (a few ms).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { webDistDir, webRootDir } from './webDist.ts';

const HASH_FILE = '.source-hash';
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Content hash of everything that goes into the build (sources, shell, this builder, dependency versions). */
export async function webSourceHash(): Promise<string> {
  const files = [
    ...(await filesUnder(join(webRootDir, 'src', 'app'))),
    join(webRootDir, 'index.html'),
    join(webRootDir, 'package.json'),
    join(webRootDir, 'src', 'buildWeb.ts'),
  ].sort();
  const h = createHash('sha256');
  for (const f of files)
    h.update(relative(webRootDir, f))
      .update('\0')
      .update(await readFile(f))
      .update('\0');
  return h.digest('hex').slice(0, 24);
}

async function builtHash(dir: string): Promise<string | undefined> {
  try {
    return (await readFile(join(dir, HASH_FILE), 'utf8')).trim();
  } catch {
    return undefined;
  }
}

/**
 * Builds into a temporary folder and renames it into place, so a server never reads a half-written build and two
 * processes building at once both end with a complete one. Returns the dist folder and whether it built.
 */
export async function ensureWebBuilt(opts: { log?: (msg: string) => void } = {}): Promise<{
  dir: string;
  built: boolean;
}> {
  const hash = await webSourceHash();
  if ((await builtHash(webDistDir)) === hash) return { dir: webDistDir, built: false };
  const started = Date.now();
  const tmp = `${webDistDir}.tmp-${process.pid}-${Date.now()}`;
  // Vite is only needed to build; a server with an up-to-date build never loads it.
  const { build } = await import('vite');
  await build({
    root: webRootDir,
    configFile: false,
    logLevel: 'warn',
    base: '/',
    esbuild: { jsx: 'automatic' },
    build: {
      outDir: tmp,
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2022',
      manifest: true,
      sourcemap: false,
      reportCompressedSize: false,
      // The polyfill is an inline-free module, but every supported browser has modulepreload.
      modulePreload: { polyfill: false },
    },
  });
  // Compressed twins of every text asset, served as they are (@fastify/static preCompressed).
  for (const f of await filesUnder(join(tmp, 'assets'))) {
    if (!/\.(js|css|svg|json)$/.test(f)) continue;
    const body = await readFile(f);
    await writeFile(`${f}.br`, await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${f}.gz`, await gz(body, { level: 9 }));
  }
  await writeFile(join(tmp, HASH_FILE), hash);
  const old = `${webDistDir}.old-${process.pid}-${Date.now()}`;
  await mkdir(webDistDir, { recursive: true });
  await rename(webDistDir, old).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  try {
    await rename(tmp, webDistDir);
  } catch (err) {
    // Another process put its build in place between our two renames: keep that one if it is current.
    if ((await builtHash(webDistDir)) !== hash) throw err;
  } finally {
    await rm(old, { recursive: true, force: true });
    await rm(tmp, { recursive: true, force: true });
  }
  opts.log?.(`web pages built in ${Date.now() - started} ms (${relative(process.cwd(), webDistDir) || '.'})`);
  return { dir: webDistDir, built: true };
}

/** Whether `dir` holds a build (index.html present). */
export async function hasWebBuild(dir = webDistDir): Promise<boolean> {
  return stat(join(dir, 'index.html')).then(
    () => true,
    () => false,
  );
}
