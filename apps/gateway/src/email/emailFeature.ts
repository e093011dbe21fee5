import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { emailChangedNoticeQueues } from './emailChangedNotice.ts';
import { emailJobQueues } from './emailLinks.ts';
import { emailRoutes } from './emailRoutes.ts';

/** Email verification and change: the routes, and the queues of the jobs that mail a link and tell an old address. */
export function emailFeature(ctx: GatewayContext): Feature {
  return {
    name: 'email',
    routes: emailRoutes(ctx),
    queues: { ...emailJobQueues(ctx), ...emailChangedNoticeQueues(ctx) },
  };
}
