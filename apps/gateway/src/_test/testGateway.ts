import { createLogger, platformMigrations, type App, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import type { AuthOverrides } from '../auth/authSettings.ts';
import type { OidcVerifier } from '../auth/oidc/oidcVerifier.ts';
import { createGatewayServices, gatewayFeatures, type GatewayServices } from '../runtime.ts';
import type { Mailer } from '../email/mailer.ts';
import { createDeliveryRunner, type DeliveryRunner } from '../webhooks/createDeliveryRunner.ts';
import { gatewayMigrations } from '../migrations.ts';
import { createJobRunner, featureQueues, type JobRunner } from '@tender/platform';
import { createGatewayServer } from '../server.ts';
import type { Environment } from '../tenant.ts';

/** A clock the test moves by hand: sessions, links and rate-limit windows all read `ctx.now()`. */
export interface TestClock {
  now: () => Date;
  advance(seconds: number): void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (s) => void (t += s * 1000) };
}

/** argon2id at the lowest cost: tests only (the configuration offers no way to lower it). */
export const TEST_PASSWORD_HASHING = { memoryCost: 256, timeCost: 1, parallelism: 1 };

export interface TestGateway {
  app: App;
  ctx: GatewayServices;
  db: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The gateway over a fresh migrated database (PGlite, or a schema of its own on DATABASE_URL's PostgreSQL),
 * with a job runner for the gateway's queues when `jobs` is set (the email tests need it to send links).
 */
export async function createTestGateway(
  opts: {
    mailer?: Mailer | null;
    oidc?: OidcVerifier | null;
    auth?: AuthOverrides;
    jobs?: boolean;
    profile?: 'dev' | 'production';
    /** The server's global rate limit (as production sets it when absent). */
    rateLimit?: { max: number; timeWindowMs: number } | false;
    /** Built web pages to serve (apps/web's dist). */
    webDir?: string;
  } = {},
): Promise<TestGateway> {
  const db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
  const clock = testClock();
  const ctx = createGatewayServices({
    db,
    logger: createLogger({ level: 'silent' }),
    now: clock.now,
    config: { publicUrl: 'http://gateway.test', profile: opts.profile ?? 'dev', dashboardUrl: 'http://dashboard.test' },
    mailer: opts.mailer ?? null,
    oidc: opts.oidc ?? null,
    auth: {
      passwordHashing: TEST_PASSWORD_HASHING,
      ...opts.auth,
      // Every injected request comes from 127.0.0.1: per-IP limits are raised so that a file signing up many
      // accounts is not throttled by accident. Tests of the limits set their own (or use other addresses).
      rateLimits: {
        signupPerIp: { limit: 1000, windowSeconds: 3600 },
        loginPerIp: { limit: 1000, windowSeconds: 900 },
        ...opts.auth?.rateLimits,
      },
    },
  });
  const features = gatewayFeatures(ctx, { webDir: opts.webDir });
  const app = await createGatewayServer(
    ctx,
    features,
    opts.rateLimit !== undefined ? { rateLimit: opts.rateLimit } : {},
  );
  await app.ready();
  let runner: JobRunner | undefined;
  let webhookRunner: DeliveryRunner | undefined;
  if (opts.jobs) {
    const logger = { warn: () => {}, error: (obj: object, msg?: string) => console.error(msg, obj) };
    webhookRunner = createDeliveryRunner(ctx, { pollMs: 50, leaseMs: 5000, logger });
    await webhookRunner.start();
    runner = createJobRunner({
      db,
      queues: featureQueues(features),
      pollMs: 50,
      leaseMs: 5000,
      logger: { warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
    });
    await runner.start();
  }
  return {
    app,
    ctx,
    db,
    clock,
    async close() {
      await runner?.stop({ timeoutMs: 5000 });
      await webhookRunner?.stop({ timeoutMs: 5000 });
      webhookRunner?.close();
      await app.close();
      await ctx.close();
      await db.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** A unique address per call, so tests in one file never collide. */
export const uniqueEmail = (tag = 'm') => `${tag}-${process.pid}-${++seq}-${Date.now()}@example.com`;

export interface SignedUp {
  token: string;
  merchantId: string;
  userId: string;
  email: string;
  password: string;
}

/** Signs up through the API and returns the session token and ids. */
export async function signUp(
  app: App,
  over: { email?: string; password?: string; business_name?: string } = {},
): Promise<SignedUp> {
  const email = over.email ?? uniqueEmail();
  const password = over.password ?? 'correct horse battery';
  const r = await app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { business_name: over.business_name ?? 'Acme Ltd', email, password },
  });
  if (r.statusCode !== 201) throw new Error(`signup failed: ${r.statusCode} ${r.body}`);
  const body = r.json();
  return { token: body.session.token, merchantId: body.merchant.id, userId: body.user.id, email, password };
}

/** Marks a user's email verified directly (tests that are not about the email flow). */
export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.query('update users set email_verified_at = now() where id = $1', [userId]);
}

/** Creates an API key through the API with a session token; returns the secret and id. */
export async function createKey(
  app: App,
  sessionToken: string,
  body: { name?: string; environment?: Environment; role?: 'admin' | 'developer' | 'read_only' } = {},
): Promise<{ id: string; secret: string }> {
  const r = await app.inject({
    method: 'POST',
    url: '/v1/api-keys',
    headers: bearer(sessionToken),
    payload: { name: body.name ?? 'k', environment: body.environment ?? 'test', role: body.role ?? 'admin' },
  });
  if (r.statusCode !== 201) throw new Error(`create key failed: ${r.statusCode} ${r.body}`);
  return { id: r.json().id, secret: r.json().secret };
}

/**
 * Writes a vault row as `PUT /v1/vaults/{network}` would, for tests without a chain to read (setting a vault through
 * the API checks the address's code on that network's RPC).
 */
export async function insertVault(
  db: Database,
  merchantId: string,
  address: string,
  { network = 'devnet', environment = 'test' }: { network?: string; environment?: Environment } = {},
): Promise<void> {
  await db.query(
    `insert into merchant_vaults (merchant_id, environment, network, address) values ($1, $2, $3, lower($4))
     on conflict (merchant_id, environment, network) do update set address = excluded.address, updated_at = now()`,
    [merchantId, environment, network, address],
  );
}
