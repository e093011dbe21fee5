import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { EmailField, errorResponses, Nullable, Timestamp } from '../http/schemas.ts';
import { emailStatus, requestEmailChange, requestVerification, type LinkQueued } from './accountEmail.ts';
import { confirmEmailLink } from './emailLinks.ts';

const tags = ['Auth'];

const LinkQueuedSchema = Type.Object(
  {
    status: Type.Literal('queued', {
      description: 'The link is stored and its mail is queued for the SMTP relay (sent within seconds)',
    }),
    email: Type.String({ description: 'Where the link goes' }),
    expires_at: Timestamp,
  },
  { description: 'A single-use link is on its way' },
);

const linkQueuedJson = (r: LinkQueued) => ({ status: r.status, email: r.email, expires_at: r.expiresAt.toISOString() });

const sessionOnly = ' Session only: API keys get 403 SESSION_REQUIRED.';

/** GET /v1/auth/email, POST /v1/auth/email/verify, /v1/auth/email/change, POST /public/auth/email/confirm. */
export function emailRoutes(ctx: GatewayContext) {
  return async function emailPlugin(app: App): Promise<void> {
    app.get(
      '/v1/auth/email',
      {
        config: { auth: { accepts: ['session'] } },
        schema: {
          tags,
          summary: 'Email address and sign-in methods of the signed-in user',
          description: `Whether the account has an email address, whether it is verified, how the user signs in, and whether this server can send email.${sessionOnly}`,
          response: {
            200: Type.Object({
              email: Nullable(Type.String()),
              has_email: Type.Boolean(),
              verified: Type.Boolean(),
              pending_email: Nullable(
                Type.Object(
                  { email: Type.String(), expires_at: Timestamp },
                  { description: 'A requested change waiting for its link to be opened' },
                ),
              ),
              sign_in_methods: Type.Array(Type.Union([Type.Literal('password'), Type.Literal('identity_provider')])),
              can_send_email: Type.Boolean({
                description:
                  'False when no SMTP relay is configured: verify and change then answer 503 EMAIL_UNAVAILABLE',
              }),
            }),
            ...errorResponses(401, 403, 429),
          },
        },
      },
      async (req) => {
        const s = await emailStatus(ctx, principalOf(req));
        return {
          email: s.email,
          has_email: s.email !== null,
          verified: s.verified,
          pending_email: s.pending ? { email: s.pending.email, expires_at: s.pending.expiresAt.toISOString() } : null,
          sign_in_methods: s.signInMethods,
          can_send_email: s.canSendEmail,
        };
      },
    );

    app.post(
      '/v1/auth/email/verify',
      {
        config: { auth: { accepts: ['session'] } },
        schema: {
          tags,
          summary: 'Send a verification link to the account email',
          description:
            'Queues a single-use link (valid 24 h) to the current, unverified address; a newer link replaces older ' +
            'ones. 409 NO_EMAIL or EMAIL_ALREADY_VERIFIED when there is nothing to verify; 503 EMAIL_UNAVAILABLE ' +
            `when the server cannot send email (nothing is sent). Limited to 5 emails per hour per account.${sessionOnly}`,
          response: { 200: LinkQueuedSchema, ...errorResponses(401, 403, 409, 429, 503) },
        },
      },
      async (req) => linkQueuedJson(await requestVerification(ctx, principalOf(req))),
    );

    app.post(
      '/v1/auth/email/change',
      {
        config: { auth: { accepts: ['session'] } },
        schema: {
          tags,
          summary: 'Add or replace the account email',
          description:
            'Needs fresh sign-in in the same request: `reauth.password` (the current password) or `reauth.id_token` ' +
            '(of the linked identity, issued in the last 5 minutes); every proof given must hold, else 401 ' +
            'REAUTHENTICATION_FAILED (failures are rate limited per user). Queues a single-use link (valid 1 h) to ' +
            'the NEW address; the account address changes only when that link is opened. 503 EMAIL_UNAVAILABLE ' +
            `when the server cannot send email.${sessionOnly}`,
          body: Type.Object(
            {
              email: EmailField,
              reauth: Type.Object(
                {
                  password: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
                  id_token: Type.Optional(Type.String({ minLength: 20, maxLength: 8000 })),
                },
                { additionalProperties: false, minProperties: 1, description: 'password or id_token (or both)' },
              ),
            },
            { additionalProperties: false },
          ),
          response: { 200: LinkQueuedSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
        },
      },
      async (req) =>
        linkQueuedJson(
          await requestEmailChange(ctx, principalOf(req), {
            email: req.body.email,
            password: req.body.reauth.password,
            idToken: req.body.reauth.id_token,
          }),
        ),
    );

    app.post(
      '/public/auth/email/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm an email link',
          description:
            'The web app calls this from its verify-email page with the `token` query value of the link. Single ' +
            'use: 400 EMAIL_TOKEN_INVALID for an unknown, used or replaced link, 400 EMAIL_TOKEN_EXPIRED after ' +
            'expiry, 409 EMAIL_IN_USE when another account verified the address first. No credentials needed.',
          security: [],
          body: Type.Object(
            { token: Type.String({ minLength: 20, maxLength: 200, description: '20 to 200 characters' }) },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              status: Type.Literal('verified'),
              purpose: Type.Union([Type.Literal('verify'), Type.Literal('change')]),
              email: Type.String({ description: 'The account address, now verified' }),
            }),
            ...errorResponses(400, 409, 429),
          },
        },
      },
      async (req) => {
        const r = await confirmEmailLink(ctx, req.body.token, req.ip);
        return { status: 'verified' as const, purpose: r.purpose, email: r.email };
      },
    );
  };
}
