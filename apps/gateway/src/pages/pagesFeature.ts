import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { webPages } from './webPages.ts';

/**
 * The built web pages (apps/web's dist) at the URLs the API hands out, registered after every API route; without a
 * directory (tests of the API alone, `tender api-table`) there are no pages.
 */
export function pagesFeature(ctx: GatewayContext, webDir: string | undefined): Feature {
  return { name: 'pages', ...(webDir ? { routes: (app) => webPages(app, webDir, ctx) } : {}) };
}
