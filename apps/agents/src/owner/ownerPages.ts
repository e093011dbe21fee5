import { serveWebPages, type App } from '@tender/platform';

/** Where the owner dashboard is served; its API is /owner/api. */
export const OWNER_PAGE_PATH = '/owner/';

/**
 * Serves the owner dashboard from the built web pages (apps/web's dist: index.html and hashed assets/) at /owner/.
 * The same shell as every page; the browser picks the dashboard from the path.
 */
export async function ownerPages(app: App, dir: string): Promise<void> {
  await serveWebPages(app, dir, [OWNER_PAGE_PATH]);
  app.get('/owner', { schema: { hide: true } }, async (_req, reply) => reply.redirect(OWNER_PAGE_PATH, 308));
}
