// The gateway's composition root: the only place it is assembled. Every setting is resolved once and every
// process-wide object (API-key cache with its LISTEN, intent batcher, mailer, webhook sender, viem clients of the
// network registry) is built once here; each registers its close with `close()`, in reverse order of building.
import type { App, ConfigOf, Database, Feature, HttpTransport, Logger, SecretBox } from '@tender/platform';
import type { DevnetManifest } from '@tender/evm';
import { accountsFeature } from './accounts/accountsFeature.ts';
import { onboardingFeature } from './onboarding/onboardingFeature.ts';
import { ApiKeyCache } from './apiKeys/apiKeyCache.ts';
import { apiKeysFeature } from './apiKeys/apiKeysFeature.ts';
import { auditFeature } from './audit/auditFeature.ts';
import { authFeature } from './auth/authFeature.ts';
import { checkoutFeature } from './checkout/checkoutFeature.ts';
import { devMailFeature } from './devMail/devMailFeature.ts';
import { emailFeature } from './email/emailFeature.ts';
import { eventsFeature } from './events/eventsFeature.ts';
import { exportsFeature } from './exports/exportsFeature.ts';
import { invoicesFeature } from './invoices/invoicesFeature.ts';
import { ledgerFeature } from './ledger/ledgerFeature.ts';
import { operatorFeature } from './operator/operatorFeature.ts';
import { networksFeature } from './networks/networksFeature.ts';
import { pagesFeature } from './pages/pagesFeature.ts';
import { paymentLinksFeature } from './paymentLinks/paymentLinksFeature.ts';
import { paymentsFeature } from './payments/paymentsFeature.ts';
import { receiptReaction } from './receipts/receiptReaction.ts';
import { receiptsFeature } from './receipts/receiptsFeature.ts';
import { refundsFeature } from './refunds/refundsFeature.ts';
import { keepAttention } from './resolutions/paymentAttention.ts';
import { resolutionsFeature } from './resolutions/resolutionsFeature.ts';
import { settingsFeature } from './settings/settingsFeature.ts';
import { settlementFeature } from './settlement/settlementFeature.ts';
import type { SweepOptions } from './settlement/sweeper.ts';
import { systemFeature } from './system/systemFeature.ts';
import { teamFeature } from './team/teamFeature.ts';
import { upkeepFeature, type UpkeepFeatureOptions } from './upkeep/upkeepFeature.ts';
import { watcherFeature, type WatcherFeatureOptions } from './watcher/watcherFeature.ts';
import { webhooksFeature, type WebhooksFeatureOptions } from './webhooks/webhooksFeature.ts';
import { gatewayAuthContext } from './auth/authAdapters.ts';
import { devMailContext } from './devMail/devMailCatcher.ts';
import { resolveAuthSettings } from './auth/authSettings.ts';
import type { gatewayConfigSpec } from './config.ts';
import type { GatewayContext, GatewayServicesInput } from './context.ts';
import { invoiceReaction } from './invoices/invoiceEvents.ts';
import { createNetworkRegistry } from './networks/registry.ts';
import { IntentBatcher } from './payments/intentBatcher.ts';
import { emptyPlugPoints } from './plugPoints.ts';
import { refundDetail, refundFacts, refundLogMatcher } from './refunds/refundPlugs.ts';
import { createGatewayServer } from './server.ts';
import { IntentSettingsCache } from './payments/intentSettings.ts';
import { scheduleSweeps } from './settlement/scheduleSweeps.ts';
import { fanOutEvent } from './webhooks/fanOut.ts';
import { resolveWebhookSettings } from './webhooks/settings.ts';
import { startGatewayWorkers, type GatewayWorkers } from './workers.ts';

/** The roles of a process that runs everything (`tender start` without --role), as /readyz reports them. */
export const GATEWAY_ROLES = ['api', 'workers', 'realtime'] as const;

/** The resolved services and what releases them. */
export interface GatewayServices extends GatewayContext {
  close(): Promise<void>;
}

/**
 * Resolves a gateway's services from what the caller gives: anything left out takes its one default (the settings'
 * defaults live next to their types: authSettings.ts, webhooks/settings.ts, networks/registry.ts).
 */
export function createGatewayServices(input: GatewayServicesInput): GatewayServices {
  const { db, config } = input;
  const apiKeys = new ApiKeyCache(db);
  const mailer = input.mailer ?? null;
  const services: GatewayServices = {
    db,
    logger: input.logger,
    now: input.now ?? (() => new Date()),
    config: {
      publicUrl: config.publicUrl,
      profile: config.profile,
      dashboardUrl: config.dashboardUrl ?? config.publicUrl,
      roles: config.roles ?? GATEWAY_ROLES,
    },
    networkRegistry: input.networkRegistry ?? createNetworkRegistry({ profile: config.profile }),
    mailer,
    oidc: input.oidc ?? null,
    auth: resolveAuthSettings(input.auth),
    secretBox: input.secretBox ?? null,
    webhooks: resolveWebhookSettings(input.webhooks ?? {}, config.profile),
    apiKeys,
    intents: new IntentBatcher(db),
    settings: new IntentSettingsCache(),
    persistChain: (network) => input.persistChain?.[network]?.() ?? Promise.resolve(),
    plugs: emptyPlugPoints(),
    operator: {
      username: input.operator?.username ?? 'operator',
      password: input.operator?.password ?? null,
      agents: input.operator?.agents ?? null,
    },
    async close() {
      await apiKeys.close();
      await mailer?.close?.();
    },
  };
  registerPlugs(services);
  return services;
}

/**
 * What each feature plugs into the hubs, in the order the hubs call them: refund requests are facts of a payment
 * (before its status is derived); after the payment's own events, invoice events (payment.confirmed comes before
 * invoice.paid), the customer receipt of a newly confirmed payment, then the sweeps of the new state; webhooks fan
 * out every event; refunds match the watcher's logs.
 */
function registerPlugs(ctx: GatewayContext): void {
  ctx.plugs.paymentFactSources.push(refundFacts(ctx));
  ctx.plugs.paymentReactions.push(
    invoiceReaction(ctx),
    receiptReaction(),
    (tx, t) => scheduleSweeps(ctx, tx, t),
    keepAttention,
  );
  ctx.plugs.paymentDetailParts.push(refundDetail);
  ctx.plugs.outboxSubscribers.push(fanOutEvent);
  ctx.plugs.chainLogMatchers.push(refundLogMatcher(ctx.db));
}

export interface GatewayFeatureOptions {
  /** Built web pages (apps/web's dist) to serve at the checkout, link, invoice and dashboard URLs. */
  webDir?: string | undefined;
  sweep?: SweepOptions;
  watcher?: WatcherFeatureOptions;
  webhooks?: WebhooksFeatureOptions;
  upkeep?: UpkeepFeatureOptions;
}

/**
 * The one list of the gateway's features. The server registers their routes in list order (the order of
 * /v1/openapi.json: features without routes go last); the workers merge their queues into the one job runner and start
 * their workers in list order. Adding a resource is one entry here.
 */
export function gatewayFeatures(ctx: GatewayContext, opts: GatewayFeatureOptions = {}): readonly Feature[] {
  return [
    systemFeature(ctx),
    authFeature(ctx),
    emailFeature(ctx),
    accountsFeature(ctx),
    onboardingFeature(ctx),
    teamFeature(ctx),
    apiKeysFeature(ctx),
    auditFeature(ctx),
    paymentsFeature(ctx),
    networksFeature(ctx),
    settingsFeature(ctx),
    ledgerFeature(ctx),
    exportsFeature(ctx),
    webhooksFeature(ctx, opts.webhooks),
    refundsFeature(ctx),
    resolutionsFeature(ctx),
    eventsFeature(ctx),
    paymentLinksFeature(ctx),
    invoicesFeature(ctx),
    checkoutFeature(ctx),
    operatorFeature(ctx),
    devMailFeature(ctx),
    pagesFeature(ctx, opts.webDir),
    receiptsFeature(ctx),
    settlementFeature(ctx, opts.sweep),
    watcherFeature(ctx, opts.watcher),
    upkeepFeature(ctx, opts.upkeep),
  ];
}

/** The loaded configuration the gateway reads (`gatewayConfigSpec` and the process's host and profile). */
export type GatewayConfig = ConfigOf<typeof gatewayConfigSpec> & { profile: 'dev' | 'production'; host: string };

export interface GatewayDeps {
  db: Database;
  logger: Logger;
  now?: () => Date;
  /** Seals webhook secrets; null: webhook endpoints cannot be registered (503) and deliveries wait. */
  secretBox: SecretBox | null;
  /** The roles this process runs; `api` builds the HTTP server, `workers` starts the watchers and job runners. */
  roles: readonly string[];
  /** The running devnet (dev profile): its network joins the registry. */
  devnet?: DevnetManifest | undefined;
  /** Persists a network's chain before a fact read from it is committed (the devnet's state file). */
  persistChain?: Readonly<Record<string, () => Promise<void>>>;
  /** Timeouts and trusted proxies of the listening server. */
  transport?: HttpTransport;
  /** Built web pages (apps/web's dist) to serve at the checkout, link, invoice and dashboard URLs. */
  webDir?: string | undefined;
}

export interface Gateway {
  services: GatewayContext;
  /** The HTTP server, not listening yet (the caller picks the address); absent without the `api` role. */
  server: App | undefined;
  /** The watchers and job runners, running; absent without the `workers` role. */
  workers: GatewayWorkers | undefined;
  /** Stops the workers (finishing their jobs), closes the server, then releases the services. */
  close(): Promise<void>;
}

export async function createGateway(config: GatewayConfig, deps: GatewayDeps): Promise<Gateway> {
  const services = createGatewayServices({
    db: deps.db,
    logger: deps.logger,
    ...(deps.now ? { now: deps.now } : {}),
    config: {
      publicUrl: config.gatewayPublicUrl ?? `http://${config.host}:${config.gatewayPort}`,
      profile: config.profile,
      dashboardUrl: config.dashboardUrl,
      roles: deps.roles,
    },
    networkRegistry: createNetworkRegistry(config, { devnet: deps.devnet }),
    secretBox: deps.secretBox,
    webhooks: {
      disableAfterFailingMs: config.webhookDisableAfterDays * 86_400_000,
      allowLoopbackInTest: config.webhookTestAllowLoopback,
    },
    ...gatewayAuthContext(config),
    ...devMailContext(config, deps),
    ...(deps.persistChain ? { persistChain: deps.persistChain } : {}),
    operator: { username: config.operatorUsername, password: config.operatorPassword ?? null },
  });
  const closers: (() => Promise<void>)[] = [() => services.close()];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c();
  };
  try {
    const features = gatewayFeatures(services, {
      webDir: deps.webDir,
      webhooks: { concurrency: config.webhookConcurrency },
      upkeep: { jobsRetentionMs: config.jobsRetentionDays * 86_400_000 },
    });
    closers.push(async () => {
      for (const f of [...features].reverse()) await f.close?.();
    });
    let server: App | undefined;
    if (deps.roles.includes('api')) {
      const app = await createGatewayServer(services, features, deps.transport ? { transport: deps.transport } : {});
      server = app;
      closers.push(() => app.close());
    }
    let workers: GatewayWorkers | undefined;
    if (deps.roles.includes('workers')) {
      const w = await startGatewayWorkers(services, features);
      workers = w;
      closers.push(() => w.stop());
    }
    return { services, server, workers, close };
  } catch (err) {
    await close();
    throw err;
  }
}
