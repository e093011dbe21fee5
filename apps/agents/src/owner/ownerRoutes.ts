import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { AttemptLimiter, type App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { ok } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { replaceAccessToken, revokeAccessTokens } from '../tenants/replaceAccessToken.ts';
import { authenticateOwner, endOwnerSession, issueSignInNonce, signInWithEthereum } from './ownerSignIn.ts';
import { accessTokensOf, eventsOf, mailboxesOf, messagesOf, paymentsOf, telephonyOf } from './ownerViews.ts';

/** Dashboard API prefix. Not an agent endpoint: not in the catalog, owner sessions only (spec: authentication 10). */
export const OWNER_API = '/owner/api';

const SignInBody = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: 4096, description: 'The EIP-4361 message, as signed' }),
    signature: Type.String({ pattern: '^0x[0-9a-fA-F]+$', maxLength: 20_000, description: 'personal_sign signature' }),
  },
  { additionalProperties: false },
);
type SignInBody = Static<typeof SignInBody>;

const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'default 100' })),
    mailboxId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
type ListQuery = Static<typeof ListQuery>;

const security = [{ ownerSession: [] }];
const sessionResponses = plainResponses(['OWNER_SESSION_REQUIRED']);
const tags = ['owner'];

/**
 * The owner dashboard's API: Sign-In with Ethereum, then the tenant's resources, payments and its access token
 * (replace, revoke). Sign-in attempts are limited per client address on top of the server-wide rate limit.
 */
export function ownerRoutes(app: App, ctx: AgentsContext): void {
  ownerSignInRoutes(app, ctx);
  ownerResourceRoutes(app, ctx);
  ownerAccessTokenRoutes(app, ctx);
}

const ownerOf = (ctx: AgentsContext) => (req: FastifyRequest) => authenticateOwner(ctx.db, req.headers.authorization);
const limit = (query: ListQuery) => query.limit ?? 100;

/** Sign-in with Ethereum (nonce, signed message) and sign-out. */
function ownerSignInRoutes(app: App, ctx: AgentsContext): void {
  const attempts = new AttemptLimiter({ max: 20, windowMs: 60_000 });
  const owner = ownerOf(ctx);
  const signInLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  app.post(
    `${OWNER_API}/sign-in/nonce`,
    {
      config: signInLimit,
      schema: {
        tags,
        response: plainResponses([]),
        summary: 'Start a wallet sign-in: a single-use nonce and the fields of the EIP-4361 message to sign',
        description:
          'Build the message with these fields (viem: createSiweMessage({ address, ...data })), sign it with the ' +
          'owning wallet (personal_sign) and POST both to /owner/api/sign-in. The nonce is valid once, until expirationTime.',
      },
    },
    async (req) => {
      attempts.hit(`nonce:${req.ip}`, 'sign-in nonces');
      return ok(await issueSignInNonce(ctx.db, ctx.owner, ctx.now()), req.id, '/docs#dashboard');
    },
  );

  app.post(
    `${OWNER_API}/sign-in`,
    {
      config: signInLimit,
      schema: {
        tags,
        response: plainResponses(['SIGN_IN_REJECTED']),
        summary: 'Verify a signed EIP-4361 message and open an owner session (os_v1_…, shown once)',
        body: SignInBody,
      },
    },
    async (req) => {
      attempts.hit(`sign-in:${req.ip}`, 'sign-in attempts');
      const body = req.body;
      const session = await signInWithEthereum(ctx.db, ctx.owner, {
        message: body.message,
        signature: body.signature as `0x${string}`,
        now: ctx.now(),
      });
      return ok(
        {
          session: { token: session.token, expiresAt: session.expiresAt.toISOString() },
          walletAddress: session.tenant.walletAddress,
        },
        req.id,
        '/docs#dashboard',
      );
    },
  );

  app.post(
    `${OWNER_API}/sign-out`,
    { schema: { tags, security, response: sessionResponses, summary: 'End this owner session' } },
    async (req) => {
      const who = await owner(req);
      await endOwnerSession(ctx.db, who.tokenHash);
      return ok({ signedOut: true }, req.id);
    },
  );
}

/** What the dashboard shows: the wallet, its mailboxes, messages, numbers, events and payments. */
function ownerResourceRoutes(app: App, ctx: AgentsContext): void {
  const owner = ownerOf(ctx);

  app.get(
    `${OWNER_API}/overview`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: 'The wallet, its access tokens (never their values) and its status',
      },
    },
    async (req) => {
      const who = await owner(req);
      const [row] = await ctx.db.query<{ created_at: Date; suspended_at: Date | null }>(
        `select created_at, suspended_at from agent_tenants where id = $1`,
        [who.id],
      );
      return ok(
        {
          walletAddress: who.walletAddress,
          tenantSince: row?.created_at.toISOString() ?? null,
          suspended: Boolean(row?.suspended_at),
          accessTokens: await accessTokensOf(ctx.db, who.id),
        },
        req.id,
      );
    },
  );

  app.get(
    `${OWNER_API}/mailboxes`,
    { schema: { tags, security, response: sessionResponses, summary: "The tenant's mailboxes" } },
    async (req) => {
      const who = await owner(req);
      return ok({ mailboxes: await mailboxesOf(ctx.db, who.id, ctx.config.emailDomain) }, req.id);
    },
  );

  app.get(
    `${OWNER_API}/messages`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: "The tenant's messages, newest first (headers only)",
        querystring: ListQuery,
      },
    },
    async (req) => {
      const who = await owner(req);
      const q = req.query;
      return ok(
        { messages: await messagesOf(ctx.db, who.id, { mailboxId: q.mailboxId, limit: limit(req.query) }) },
        req.id,
      );
    },
  );

  app.get(
    `${OWNER_API}/phone`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: "The tenant's numbers (expiry, allowance), calls (newest first) and their transcripts",
        querystring: ListQuery,
      },
    },
    async (req) => {
      const who = await owner(req);
      const view = await telephonyOf(ctx.db, who.id, {
        now: ctx.now(),
        // Without a provider nothing renews or releases, so the renewal deadline is the expiry itself.
        graceDays: ctx.phone?.releaseGraceDays ?? 0,
        limit: limit(req.query),
      });
      return ok({ available: ctx.catalog.get('phone.number.us.30d').record.available, ...view }, req.id);
    },
  );

  app.get(
    `${OWNER_API}/events`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: "The tenant's durable events with their status",
        querystring: ListQuery,
      },
    },
    async (req) => {
      const who = await owner(req);
      return ok({ events: await eventsOf(ctx.db, who.id, limit(req.query)) }, req.id);
    },
  );

  app.get(
    `${OWNER_API}/payments`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: 'Every x402 payment made by the wallet, with its settlement transaction',
        querystring: ListQuery,
      },
    },
    async (req) => {
      const who = await owner(req);
      return ok({ payments: await paymentsOf(ctx.db, who.walletAddress, limit(req.query)) }, req.id);
    },
  );
}

/** The wallet's access token: replace it, or revoke every one. */
function ownerAccessTokenRoutes(app: App, ctx: AgentsContext): void {
  const owner = ownerOf(ctx);

  app.post(
    `${OWNER_API}/access-token/replace`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: 'Issue a replacement access token (shown once) and revoke every other one at once',
        description:
          'From the commit on, the old token answers AUTH_REQUIRED over REST and every WebSocket opened through it ' +
          'is closed (code 4403) in every process.',
      },
    },
    async (req) => {
      const who = await owner(req);
      const r = await replaceAccessToken(ctx.db, { tenantId: who.id, by: 'owner' });
      return ok(
        {
          accessToken: r.token,
          tokenId: r.tokenId,
          revokedTokenIds: r.revoked,
          walletAddress: who.walletAddress,
          note: 'Shown once: store it now. Only its SHA-256 is kept.',
        },
        req.id,
        '/docs#authentication',
      );
    },
  );

  app.post(
    `${OWNER_API}/access-token/revoke`,
    {
      schema: {
        tags,
        security,
        response: sessionResponses,
        summary: 'Revoke every access token of the wallet without issuing another',
      },
    },
    async (req) => {
      const who = await owner(req);
      const r = await revokeAccessTokens(ctx.db, { tenantId: who.id, by: 'owner' });
      return ok({ revokedTokenIds: r.revoked }, req.id, '/docs#authentication');
    },
  );
}
