import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { teamJobQueues } from './createInvitation.ts';
import { myMerchantsRoutes } from './myMerchantsRoutes.ts';
import { teamRoutes } from './teamRoutes.ts';

/** Team management: members and their roles, invitations (their mail is a job), and switching between merchants. */
export function teamFeature(ctx: GatewayContext): Feature {
  return {
    name: 'team',
    routes: async (app) => {
      await app.register(myMerchantsRoutes(ctx));
      await app.register(teamRoutes(ctx));
    },
    queues: teamJobQueues(ctx),
  };
}
