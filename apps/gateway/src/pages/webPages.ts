// Serves the built web pages (apps/web, built by Vite) at the URLs the API hands out: /checkout/{id}, /pay/{id},
// /invoice/{id}, /verify-email, /reset-password and /accept-invitation, the merchant dashboard under /dashboard/ (its routes are the page's
// own), and the operator console at /admin/ (one page; its API is /admin/api, operator/adminRoutes.ts).
import { serveWebPages, type App } from '@tender/platform';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { GatewayContext } from '../context.ts';
import { checkoutOriginsOfIntent } from '../settings/checkoutOrigins.ts';

export const PAGE_PATHS = [
  '/checkout/:id',
  '/pay/:id',
  '/invoice/:id',
  '/verify-email',
  '/reset-password',
  '/accept-invitation',
  '/dashboard/',
  '/dashboard/*',
  '/admin/',
] as const;

/** The checkout page's path parameters (/checkout/:id): the router gives every matched parameter as a string. */
const CheckoutPageParams = Type.Object({ id: Type.String() });

/**
 * Registers the page routes and `/assets/*` from `dir` (Vite's outDir: index.html and assets/). `/dashboard`, as
 * people type it, is sent on to `/dashboard/` (the page's relative URLs resolve under the slash). The checkout of a
 * payment may be framed by the origins its merchant allows (checkout_allowed_origins); every other page by none.
 */
export async function webPages(app: App, dir: string, ctx: GatewayContext): Promise<void> {
  await serveWebPages(app, dir, PAGE_PATHS, {
    frameAncestors: async (req) =>
      req.routeOptions.url === '/checkout/:id' && Value.Check(CheckoutPageParams, req.params)
        ? checkoutOriginsOfIntent(ctx.db, req.params.id)
        : [],
  });
  app.get('/dashboard', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/dashboard/', 308));
  app.get('/admin', { schema: { hide: true } }, async (_req, reply) => reply.redirect('/admin/', 308));
}
