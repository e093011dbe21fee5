import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App } from '@tender/platform';

/** Where the owner dashboard is served; its API is /owner/api. */
export const OWNER_PAGE_PATH = '/owner/';

/**
 * The page talks only to its own origin (/owner/api); the wallet is reached through the injected provider, not the
 * network. No inline script or style, no framing.
 */
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the owner dashboard from the built web pages (apps/web's dist: index.html and hashed assets/) at /owner/.
 * The same shell as every page; the browser picks the dashboard from the path.
 */
export async function ownerPages(app: App, dir: string): Promise<void> {
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    index: false,
    wildcard: true,
    schemaHide: true,
    preCompressed: true,
  });
  app.get('/owner', { schema: { hide: true } }, async (_req, reply) => reply.redirect(OWNER_PAGE_PATH, 308));
  app.get(OWNER_PAGE_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
