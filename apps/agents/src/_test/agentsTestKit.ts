import { randomUUID } from 'node:crypto';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { devnetAccounts, startDevnet, tokenBalance, type Devnet } from '@tender/evm';
import { testPort } from '@tender/platform/testing';
import { createLogger, loadConfig, platformMigrations, type App, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { createPublicClient, http, toHex, type Address } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { agentsConfigSpec } from '../config.ts';
import type { AgentsContext } from '../context.ts';
import type { MailTransport } from '../email/transport.ts';
import type { Facilitator } from '../facilitator/facilitator.ts';
import type { TelephonyProvider } from '../phone/provider/telephonyProvider.ts';
import type { RealtimeHooks } from '../realtime/realtimeHooks.ts';
import { agentsMigrations } from '../migrations.ts';
import { AGENTS_ROLES, agentsFeatures, createAgents } from '../runtime.ts';
import { createAgentsServer, type AgentsServerOptions } from '../server.ts';

export const TEST_DOMAIN = 'agents.localhost';

export async function openAgentsDb(): Promise<Database> {
  return openTestDatabase([...(await platformMigrations()), ...(await agentsMigrations())]);
}

/** Devnet roles: payers are accounts 1-3, payTo is account 8, the relayer (built-in facilitator) account 9. */
export interface Chain {
  devnet: Devnet;
  usdt: Address;
  payers: HDAccount[];
  payTo: HDAccount;
  relayerKey: `0x${string}`;
  balance(owner: Address): Promise<bigint>;
}

export async function startChain(): Promise<Chain> {
  const devnet = await startDevnet({ blockTime: 0 });
  const accounts = devnetAccounts(10);
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const usdt = devnet.manifest.tokens.USDT;
  return {
    devnet,
    usdt,
    payers: [accounts[1]!, accounts[2]!, accounts[3]!],
    payTo: accounts[8]!,
    relayerKey: toHex(accounts[9]!.getHdKey().privateKey!),
    balance: (owner) => tokenBalance(client, usdt, owner),
  };
}

export interface AgentsHarness {
  app: App;
  ctx: AgentsContext;
  smtpPort: number;
  close(): Promise<void>;
}

export interface HarnessOptions {
  db: Database;
  chain?: Chain | undefined;
  env?: Record<string, string>;
  wrapFacilitator?: (f: Facilitator) => Facilitator;
  wrapMail?: (m: MailTransport) => MailTransport;
  /** The telephony provider (the real Twilio adapter aimed at Prism); needs TWILIO_* in env too. */
  telephony?: TelephonyProvider;
  now?: () => Date;
  /** Milliseconds of one simulated second of the telephony simulator (TELEPHONY_PROVIDER=simulator). */
  simulatorSecondMs?: number;
  /** Built web pages to serve (the owner dashboard at /owner/). */
  webDir?: string;
  /** The realtime gateway's test hooks (fault injection, delivery probes). */
  realtimeHooks?: RealtimeHooks;
}

/**
 * The agents service as the CLI runs it: configuration from an environment, the runtime (reading the token domain
 * on the devnet), the inbound SMTP server on a free port of 127.0.0.1, and the HTTP server (inject or listen).
 */
export async function startAgents(opts: HarnessOptions): Promise<AgentsHarness> {
  const env: Record<string, string> = {
    EMAIL_DOMAIN: TEST_DOMAIN,
    AGENTS_PUBLIC_URL: 'http://agents.test',
    // Telephony is Twilio's (unavailable unless a test configures it): tests that want the simulator say so.
    TELEPHONY_PROVIDER: 'twilio',
    ...(opts.chain
      ? {
          X402_NETWORK: `eip155:${opts.chain.devnet.chainId}`,
          X402_USDT_ADDRESS: opts.chain.usdt,
          X402_PAY_TO: opts.chain.payTo.address,
          AGENTS_RPC_URL: opts.chain.devnet.rpcUrl,
          RELAYER_PRIVATE_KEY: opts.chain.relayerKey,
          AGENTS_RPC_POLLING_MS: '20',
        }
      : {}),
    ...opts.env,
  };
  const config = loadConfig(agentsConfigSpec, env);
  const logger = createLogger({ level: 'silent' });
  // Every role in one process, as `tender start` runs it; inbound SMTP on a free port.
  const agents = await createAgents(config, {
    db: opts.db,
    logger,
    roles: AGENTS_ROLES,
    smtp: { host: '127.0.0.1', port: 0 },
    rateLimit: false,
    ...(opts.webDir ? { webDir: opts.webDir } : {}),
    ...(opts.telephony ? { telephony: opts.telephony } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.simulatorSecondMs ? { simulatorSecondMs: opts.simulatorSecondMs } : {}),
    ...(opts.realtimeHooks ? { realtimeHooks: opts.realtimeHooks } : {}),
  });
  const ctx = agents.services;
  if (opts.wrapFacilitator && ctx.payments) ctx.payments.facilitator = opts.wrapFacilitator(ctx.payments.facilitator);
  if (opts.wrapMail) ctx.mail = opts.wrapMail(ctx.mail);
  const app = agents.server!;
  await app.ready();
  return {
    app,
    ctx,
    smtpPort: agents.smtp.port!,
    close: () => agents.close(),
  };
}

/** A devnet, a database and the agents service listening on 127.0.0.1, as a client in another process reaches it. */
export interface ListeningAgents {
  chain: Chain;
  db: Database;
  h: AgentsHarness;
  baseUrl: string;
  /** Stops the service, the database and the devnet. */
  close(): Promise<void>;
}

/**
 * Starts a devnet, a database and the agents service on a free port whose URL is also its public URL: the realtime
 * token names the WebSocket URL a client then connects to, so it must be the real one.
 */
export async function startListeningAgents(): Promise<ListeningAgents> {
  const chain = await startChain();
  const db = await openAgentsDb();
  const port = await testPort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const h = await startAgents({ db, chain, env: { AGENTS_PUBLIC_URL: baseUrl } });
  await h.app.listen({ port, host: '127.0.0.1' });
  return {
    chain,
    db,
    h,
    baseUrl,
    async close() {
      await h.close();
      await db.close();
      await chain.devnet.stop();
    },
  };
}

/** An agent's x402 client: `@x402/core`'s client with `@x402/evm`'s exact scheme, signing with a devnet account. */
export function payerClient(account: HDAccount) {
  const client = x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
    // The devnet USDT stand-in is not one of x402's default assets; the tests approve every payment themselves.
    spendControls: false,
  });
  return {
    address: account.address.toLowerCase() as Address,
    /** Signs the payment a PAYMENT-REQUIRED header asks for; returns the PAYMENT-SIGNATURE header value. */
    async pay(paymentRequiredHeader: string): Promise<{ header: string; payload: PaymentPayload }> {
      const payload = await client.createPaymentPayload(decodePaymentRequiredHeader(paymentRequiredHeader));
      return { header: encodePaymentSignatureHeader(payload), payload };
    },
  };
}

export type Payer = ReturnType<typeof payerClient>;

/** JSON request through inject; returns status, headers and parsed body. */
export async function call(
  app: App,
  method: 'GET' | 'POST',
  url: string,
  opts: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const r = await app.inject({
    method,
    url,
    headers: opts.headers ?? {},
    ...(opts.body !== undefined ? { payload: opts.body as Record<string, unknown> } : {}),
  });
  return { status: r.statusCode, headers: r.headers, body: r.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The full paid flow of one request: send with a key, expect 402, sign, replay with PAYMENT-SIGNATURE and the key.
 * Returns the paid answer and the proof, so tests can replay it.
 */
export async function paidCall(
  app: App,
  payer: Payer,
  method: 'POST',
  url: string,
  body: unknown,
  opts: { token?: string; key?: string } = {},
) {
  const auth: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  // The key goes on the first request too (a paid POST without one is refused before the challenge).
  const key = opts.key ?? randomUUID();
  const first = await call(app, method, url, { body, headers: { ...auth, 'idempotency-key': key } });
  if (first.status !== 402) return { challenge: first, paid: first, signature: '', key };
  const { header } = await payer.pay(String(first.headers['payment-required']));
  const paid = await call(app, method, url, {
    body,
    headers: { ...auth, 'payment-signature': header, 'idempotency-key': key },
  });
  return { challenge: first, paid, signature: header, key };
}

/**
 * Another agents server on a context (one with its own realtime gateway, say), as `tender start` serves it: the
 * routes of its roles (default api and realtime), and the realtime gateway started and stopped with the server.
 */
export async function createAgentsTestServer(ctx: AgentsContext, opts: AgentsServerOptions = {}): Promise<App> {
  const { features } = agentsFeatures(ctx, { smtp: { host: '127.0.0.1', port: 0 } });
  const app = await createAgentsServer(ctx, features, opts);
  if (opts.roles?.has('realtime') ?? true) {
    app.addHook('onReady', () => ctx.realtime.start());
    app.addHook('preClose', () => ctx.realtime.stop());
  }
  return app;
}
