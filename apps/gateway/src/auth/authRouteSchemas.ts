// The route schemas of authRoutes.ts (request validation and the OpenAPI document), one constant per route.
import { Type } from 'typebox';
import { EmailField, errorResponses } from '../http/schemas.ts';
import { SignedInSchema } from './authSchemas.ts';

const tags = ['Auth'];

export const signupSchema = {
  tags,
  summary: 'Create a merchant account',
  description:
    'Creates a merchant, its owner user and a session. The email starts unverified; when the server can ' +
    'send email a verification link is queued. Signing up never reveals whether an address is already ' +
    'used by another account: an address belongs to an account only once verified. Rate limited per IP ' +
    'and per email (429 RATE_LIMITED).',
  security: [],
  body: Type.Object(
    {
      business_name: Type.String({ minLength: 2, maxLength: 120, description: '2 to 120 characters' }),
      email: EmailField,
      password: Type.String({ minLength: 12, maxLength: 200, description: '12 to 200 characters' }),
    },
    { additionalProperties: false },
  ),
  response: { 201: SignedInSchema, ...errorResponses(400, 429) },
};

export const loginSchema = {
  tags,
  summary: 'Sign in with email and password',
  description:
    'Answers a new session and a `device_token`. Every failure is the same 401 INVALID_CREDENTIALS whether ' +
    'or not the address is registered, and takes the same time. Rate limited per IP (every attempt) and per ' +
    'account (failures), 429 RATE_LIMITED with Retry-After. A client that sends the `device_token` of an ' +
    'earlier sign-in to the same account is not held by the per-account limit (strangers guessing cannot lock ' +
    'the owner out); its own failures are limited per device instead.',
  security: [],
  body: Type.Object(
    {
      email: EmailField,
      password: Type.String({ minLength: 1, maxLength: 200, description: '1 to 200 characters' }),
      device_token: Type.Optional(
        Type.String({
          pattern: '^ldt_[0-9A-Za-z]{40}$',
          description: 'The device_token of an earlier sign-in from this client (kept for 90 days from its last use)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      ...SignedInSchema.properties,
      device_token: Type.String({
        description:
          'Keep it on this client and send it with the next login: it proves this client signed in before. ' +
          'Shown only here; stored as a hash.',
      }),
    }),
    ...errorResponses(400, 401, 429),
  },
};

export const idpSignInSchema = {
  tags,
  summary: 'Sign in (or sign up) with the identity provider',
  description:
    "Verifies the OpenID Connect id_token against the provider's published keys (JWKS) for this " +
    "deployment's client id: signature, issuer, audience and expiry. Signs in the account linked to the " +
    "token's subject, or creates a new merchant (`created: true`, named `business_name`, else the token's " +
    'name) linked to it. An existing account is never entered because of a matching email: when the provider ' +
    'vouches for an address already verified on an account, the answer is 409 IDP_ACCOUNT_EXISTS. A browser ' +
    'that sent a `nonce` in its authorization request (the dashboard always does; `GET /public/auth/idp` gives ' +
    'the provider) sends the same `nonce` here: the token must carry exactly it in its `nonce` claim, or it is ' +
    'refused (401 INVALID_ID_TOKEN, saying the nonce differs or is missing), so a token issued for another ' +
    'sign-in cannot be replayed into this one. 401 INVALID_ID_TOKEN for a rejected token; 503 ' +
    'IDP_NOT_CONFIGURED when this server has no provider.',
  security: [],
  body: Type.Object(
    {
      id_token: Type.String({
        minLength: 20,
        maxLength: 8000,
        description: 'OpenID Connect id_token (20 to 8000)',
      }),
      nonce: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 200,
          description:
            'The nonce of the authorization request that produced the id_token (1 to 200); the token must carry it',
        }),
      ),
      business_name: Type.Optional(
        Type.String({ minLength: 1, maxLength: 120, description: 'For a new account; 1 to 120 characters' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: SignedInSchema, ...errorResponses(400, 401, 409, 429, 503) },
};

export const logoutSchema = {
  tags,
  summary: 'End the session',
  description:
    'The session token stops working at once, and the dashboard’s session cookie is cleared. Session only: API ' +
    'keys get 403 SESSION_REQUIRED.',
  response: {
    200: Type.Object({ status: Type.Literal('logged_out') }),
    ...errorResponses(401, 403, 429),
  },
};
