import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { authRoutes } from './authRoutes.ts';
import { idpProviderRoute } from './idpProviderRoute.ts';
import { passwordResetJobQueues } from './passwordReset.ts';
import { passwordResetRoutes } from './passwordResetRoutes.ts';

/** Sign-up, sign-in (and the identity provider the dashboard offers), sessions, and the password reset (its mail is a job). */
export function authFeature(ctx: GatewayContext): Feature {
  return {
    name: 'auth',
    routes: async (app) => {
      await app.register(authRoutes(ctx));
      await app.register(idpProviderRoute(ctx));
      await app.register(passwordResetRoutes(ctx));
    },
    queues: passwordResetJobQueues(ctx),
  };
}
