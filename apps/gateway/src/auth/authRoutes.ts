import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { idpSignInSchema, loginSchema, logoutSchema, signupSchema } from './authRouteSchemas.ts';
import { signedInJson } from './authSchemas.ts';
import { signInWithIdp } from './idpSignIn.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { clearedSessionCookie, sessionCookie } from './sessionCookie.ts';
import type { SignedIn } from './signIn.ts';
import { signup } from './signup.ts';

/** POST /v1/auth/signup, /login, /idp (each also sets the dashboard's session cookie), /logout (clears it). */
export function authRoutes(ctx: GatewayContext) {
  return async function authPlugin(app: App): Promise<void> {
    const idle = () => ctx.auth.sessionIdleSeconds;
    // The dashboard's HttpOnly session cookie (sessionCookie.ts), set beside the token the body returns.
    const cookieOf = (r: SignedIn) => sessionCookie(ctx, r.session.token, r.session.expiresAt, ctx.now());

    app.post(
      '/v1/auth/signup',
      {
        schema: signupSchema,
      },
      async (req, reply) => {
        const r = await signup(ctx, {
          businessName: req.body.business_name,
          email: req.body.email,
          password: req.body.password,
          ip: req.ip,
        });
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .header('set-cookie', cookieOf(r))
          .send(signedInJson(r, idle()));
      },
    );

    app.post(
      '/v1/auth/login',
      {
        schema: loginSchema,
      },
      async (req, reply) => {
        const r = await login(ctx, {
          email: req.body.email,
          password: req.body.password,
          ip: req.ip,
          deviceToken: req.body.device_token,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', cookieOf(r))
          .send({ ...signedInJson(r, idle()), device_token: r.deviceToken });
      },
    );

    app.post(
      '/v1/auth/idp',
      {
        schema: idpSignInSchema,
      },
      async (req, reply) => {
        const r = await signInWithIdp(ctx, {
          idToken: req.body.id_token,
          nonce: req.body.nonce,
          businessName: req.body.business_name,
          ip: req.ip,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', cookieOf(r))
          .send(signedInJson(r, idle()));
      },
    );

    app.post(
      '/v1/auth/logout',
      {
        config: { auth: { accepts: ['session'] } },
        schema: logoutSchema,
      },
      async (req, reply) => {
        await logout(ctx, principalOf(req));
        return reply.header('set-cookie', clearedSessionCookie(ctx)).send({ status: 'logged_out' as const });
      },
    );
  };
}
