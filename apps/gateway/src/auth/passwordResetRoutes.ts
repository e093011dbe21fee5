import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { EmailField, errorResponses } from '../http/schemas.ts';
import { requestPasswordReset, resetPassword } from './passwordReset.ts';

const tags = ['Auth'];

/** POST /v1/auth/password/forgot, POST /public/auth/password/reset. */
export function passwordResetRoutes(ctx: GatewayContext) {
  return async function passwordResetPlugin(app: App): Promise<void> {
    app.post(
      '/v1/auth/password/forgot',
      {
        schema: {
          tags,
          summary: 'Ask for a password reset link',
          description:
            'Always answers 202, whether or not an account uses the address, and mails the address within seconds: ' +
            'a single-use link to `/reset-password?token=…` per account using it (valid 1 hour; a newer request ' +
            'replaces older links), or a note that no account uses it. Rate limited per client IP and per address ' +
            '(429 RATE_LIMITED); 503 EMAIL_UNAVAILABLE when the server cannot send email. No credentials needed.',
          security: [],
          body: Type.Object({ email: EmailField }, { additionalProperties: false }),
          response: {
            202: Type.Object({
              status: Type.Literal('accepted', {
                description: 'The request is queued; the answer goes to the address, not to the caller',
              }),
            }),
            ...errorResponses(400, 429, 503),
          },
        },
      },
      async (req, reply) => {
        await requestPasswordReset(ctx, { email: req.body.email, ip: req.ip });
        return reply
          .code(202)
          .header('cache-control', 'no-store')
          .send({ status: 'accepted' as const });
      },
    );

    app.post(
      '/public/auth/password/reset',
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset link',
          description:
            'The web app calls this from its reset-password page with the `token` query value of the link. Sets ' +
            'the password and ends every session and device of the user (sign in again with the new password). ' +
            'Single use: 400 PASSWORD_RESET_TOKEN_INVALID for an unknown, used or replaced link (or one sent to an ' +
            'address the account no longer uses), 400 PASSWORD_RESET_TOKEN_EXPIRED after the hour. Rate limited ' +
            'per client IP. No credentials needed.',
          security: [],
          body: Type.Object(
            {
              token: Type.String({ minLength: 20, maxLength: 200, description: '20 to 200 characters' }),
              password: Type.String({ minLength: 12, maxLength: 200, description: '12 to 200 characters' }),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              status: Type.Literal('password_reset'),
              email: Type.String({ description: 'The address of the account whose password changed' }),
              sessions_ended: Type.Integer({ description: 'Sessions of the user that were signed out' }),
            }),
            ...errorResponses(400, 429),
          },
        },
      },
      async (req, reply) => {
        const r = await resetPassword(ctx, { token: req.body.token, password: req.body.password, ip: req.ip });
        return reply
          .header('cache-control', 'no-store')
          .send({ status: 'password_reset' as const, email: r.email, sessions_ended: r.sessionsEnded });
      },
    );
  };
}
