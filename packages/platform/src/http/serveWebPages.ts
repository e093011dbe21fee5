import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import type { App } from './createHttpServer.ts';

/**
 * The pages fetch only their own origin (their service's API); wallets are reached through the injected provider,
 * not the network, so nothing else is allowed. QR codes are data: images. No inline script or style, and no framing
 * unless a page names the origins that may frame it (pageCsp).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** PAGE_CSP with `frame-ancestors` set to `origins` (exact origins, already checked); none: `'none'`. */
export function pageCsp(frameAncestors: readonly string[]): string {
  if (frameAncestors.length === 0) return PAGE_CSP;
  return PAGE_CSP.replace("frame-ancestors 'none'", `frame-ancestors ${frameAncestors.join(' ')}`);
}

export interface ServeWebPagesOptions {
  /** The origins that may frame the page at this request (e.g. per payment); default: none. */
  frameAncestors?: (req: FastifyRequest) => Promise<readonly string[]>;
}

/**
 * Serves the built web pages (apps/web's dist: index.html and hashed assets/) at `paths`. Every page is the same
 * small HTML shell; the browser picks the page's code from the path and loads it as a hashed, immutable asset.
 */
export async function serveWebPages(
  app: App,
  dir: string,
  paths: readonly string[],
  opts: ServeWebPagesOptions = {},
): Promise<void> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/assets/',
    // File names carry a content hash: a new build is a new URL, so an asset never changes under its name.
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    index: false,
    wildcard: true,
    schemaHide: true,
    // Compressed variants are built beside each asset (.br, .gz); the smallest the client accepts is served.
    preCompressed: true,
  });
  for (const path of paths) {
    app.get(path, { schema: { hide: true } }, async (req, reply) => {
      const ancestors = (await opts.frameAncestors?.(req)) ?? [];
      // X-Frame-Options has no list form: it stays DENY for pages nobody may frame, and is left out otherwise.
      if (ancestors.length === 0) reply.header('x-frame-options', 'DENY');
      return reply
        .header('content-security-policy', pageCsp(ancestors))
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
}
