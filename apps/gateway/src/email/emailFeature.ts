import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { emailJobQueues } from './emailLinks.ts';
import { emailRoutes } from './emailRoutes.ts';

/** Email verification and change: the routes, and the queue of the job that mails a link. */
export function emailFeature(ctx: GatewayContext): Feature {
  return { name: 'email', routes: emailRoutes(ctx), queues: emailJobQueues(ctx) };
}
