#!/usr/bin/env node
// The `tender` command. Runs the compiled bundle (apps/cli/dist/tender.mjs, plain JavaScript), rebuilding it
// first when a source file is newer (about a second, esbuild): a fresh clone or an edited checkout needs no manual
// build step. TENDER_FROM_SOURCE=1 runs the TypeScript sources under tsx instead (no bundle).
if (process.env.TENDER_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
} else {
  const { buildCli, bundleIsStale, bundlePath } = await import('../scripts/buildCli.mjs');
  if (bundleIsStale()) await buildCli();
  const { pathToFileURL } = await import('node:url');
  await import(pathToFileURL(bundlePath).href);
}
