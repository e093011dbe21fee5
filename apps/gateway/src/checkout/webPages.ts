// Serves the built web pages (apps/web, built by Vite) at the URLs the API hands out: /checkout/{id}, /pay/{id},
// /invoice/{id} and /verify-email, and the merchant dashboard under /dashboard/ (its routes are the page's own).
import { serveWebPages, type App } from '@tender/platform';

export const PAGE_PATHS = [
  '/checkout/:id',
  '/pay/:id',
  '/invoice/:id',
  '/verify-email',
  '/dashboard/',
  '/dashboard/*',
] as const;

/** Registers the page routes and `/assets/*` from `dir` (Vite's outDir: index.html and assets/). */
export const webPages = (app: App, dir: string): Promise<void> => serveWebPages(app, dir, PAGE_PATHS);
