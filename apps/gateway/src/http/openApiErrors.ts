import type { App } from '@tender/platform';
import { errorResponses } from './schemas.ts';

/**
 * Declares in every operation's OpenAPI responses the errors that the server's own hooks answer before its handler
 * runs, so that no route has to remember them:
 * - 400 VALIDATION_FAILED on every operation that takes input (path parameters, query, headers, body: schema
 *   validation and the refusal of unstorable strings) or credentials (`authenticate` refuses a malformed
 *   `tender-environment` header and an API key sent with the other environment's);
 * - 429 RATE_LIMITED on every operation under a rate limit: all of them when the server has its global limit,
 *   except those that opt out with `config: { rateLimit: false }` (health and readiness probes).
 * A route's own description of these statuses, when it has one, is kept. Register before any route.
 */
export function declareHookErrors(app: App, opts: { rateLimited: boolean }): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const takesInput =
      route.url.includes(':') ||
      Boolean(schema.params ?? schema.querystring ?? schema.headers ?? schema.body) ||
      Boolean(route.config?.auth);
    const limited = opts.rateLimited && route.config?.rateLimit !== false;
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const missing = [...(takesInput ? [400] : []), ...(limited ? [429] : [])].filter((s) => !(String(s) in declared));
    if (missing.length) schema.response = { ...declared, ...errorResponses(...missing) };
  });
}
