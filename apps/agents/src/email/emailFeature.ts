import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { emailRoutes } from './emailRoutes.ts';
import { startInboundSmtp } from './inbound.ts';

export interface EmailFeature extends Feature {
  /** The port the inbound SMTP listener took (port 0 asks for a free one); undefined until it listens. */
  readonly inbound: { readonly port: number | undefined };
}

/**
 * Mailboxes and messages: the routes, and the inbound SMTP listener (the own domain's MX), which runs with the HTTP
 * API in the `api` role.
 */
export function emailFeature(ctx: AgentsContext, listen: { host: string; port: number }): EmailFeature {
  let server: { port: number; close(): Promise<void> } | undefined;
  return {
    name: 'email',
    routes: async (app) => emailRoutes(app, ctx),
    workers: [
      {
        name: 'inbound smtp',
        role: 'api',
        async start() {
          server = await startInboundSmtp(ctx, listen);
        },
        async stop() {
          const s = server;
          server = undefined;
          await s?.close();
        },
      },
    ],
    inbound: {
      get port() {
        return server?.port;
      },
    },
  };
}
