// The agents' composition root: the only place they are assembled. The services are resolved once from configuration
// (createAgentsServices); the features plug into the server and the workers from the one list (agentsFeatures);
// createAgents builds what the process's roles run and closes it in reverse order.
import {
  checkFeatureRoles,
  ConfigError,
  startFeatureWorkers,
  type App,
  type Database,
  type Feature,
  type HttpTransport,
  type Logger,
  type Metrics,
  type RunningWorkers,
} from '@tender/platform';
import { Catalog, USDT_DECIMALS, type CatalogEnvironment } from './catalog/catalog.ts';
import type { AgentsConfig } from './config.ts';
import type { AgentsContext, Payments } from './context.ts';
import { createSmtpTransport, type MailTransport, type OutboundMailCatcher } from './email/transport.ts';
import { createChainReader, type ChainReader } from './facilitator/chain.ts';
import { createBuiltInFacilitator, createRemoteFacilitator, type Facilitator } from './facilitator/facilitator.ts';
import type { PhoneServices } from './phone/phoneServices.ts';
import { createTwilioProvider } from './phone/provider/twilioProvider.ts';
import { createSimulatorProvider } from './phone/simulator/simulatorProvider.ts';
import { TwilioSimulator } from './phone/simulator/twilioSimulator.ts';
import type { TelephonyProvider } from './phone/provider/telephonyProvider.ts';
import { releaseOrphanedLeases } from './paywall/paidRequests.ts';
import { watchServiceSwitches } from './operator/serviceSwitches.ts';
import { catalogFeature } from './catalog/catalogFeature.ts';
import { emailFeature } from './email/emailFeature.ts';
import { eventsFeature } from './events/eventsFeature.ts';
import { operatorFeature } from './operator/operatorFeature.ts';
import { ownerFeature } from './owner/ownerFeature.ts';
import { signInClient } from './owner/signInClient.ts';
import { paywallFeature } from './paywall/paywallFeature.ts';
import { phoneFeature } from './phone/phoneFeature.ts';
import { realtimeFeature } from './realtime/realtimeFeature.ts';
import { createAgentsServer } from './server.ts';
import { createRealtimeGateway, type RealtimeHooks } from './realtime/gateway.ts';

/**
 * The issuer's USDT0 contracts on networks we know (the issuer's published deployments). On these networks another
 * address is refused: Tender accepts only the issuer's native contract.
 */
export const OFFICIAL_USDT: Readonly<Record<string, `0x${string}`>> = {
  'eip155:42161': '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
};

export interface AgentsServices {
  ctx: AgentsContext;
  /** One line per fact the operator should see at start (payment terms, or why payments are off). */
  summary: string[];
  close(): Promise<void>;
}

export interface AgentsServicesDeps {
  db: Database;
  logger: Logger;
  now?: () => Date;
  /** Where our own inbound SMTP server listens (mail to the own domain goes there); default 127.0.0.1:SMTP_PORT. */
  localInbound?: () => { host: string; port: number };
  /** Replaces the configured facilitator (benchmarks, tests that inject failures). */
  facilitator?: Facilitator;
  /** Replaces the SMTP transport (tests that inject failures wrap the real one). */
  mail?: MailTransport;
  /** Dev profile: keeps mail to other domains when SMTP_RELAY_URL is unset (the gateway's dev mail catcher). */
  mailCatcher?: OutboundMailCatcher;
  /** Replaces the telephony provider built from TWILIO_* (tests aim the real Twilio adapter at a stand-in). */
  telephony?: TelephonyProvider;
  /** This process's roles (api, realtime, workers); all when unset. */
  roles?: readonly string[];
  /** Milliseconds of one second of the telephony simulator (tests run its TimeLimit faster); default 1000. */
  simulatorSecondMs?: number;
  /** Fault injection into the realtime gateway (crash tests only). */
  realtimeHooks?: RealtimeHooks;
  /** See Payments.beforeRecordSettlement: the CLI gives its devnet's persist() here. */
  beforeRecordSettlement?: () => Promise<void>;
  /**
   * This process is the only one on its database (PGlite in a locked home): leases on paid requests left by a
   * previous process (killed mid-request) are expired at start, so the client's retry continues at once instead
   * of waiting for the lease to run out. Never set with a shared PostgreSQL.
   */
  soleDatabaseProcess?: boolean;
}

/**
 * Builds the agents context from configuration: payment terms (reading the token's EIP-712 domain on chain and
 * refusing to advertise a mismatch), the facilitator (built-in or remote), the outbound mail transport and the
 * catalog with availability. Never throws for a missing provider: the catalog says available=false and why.
 */
export async function createAgentsServices(
  loaded: AgentsConfig & { host?: string | undefined },
  deps: AgentsServicesDeps,
): Promise<AgentsServices> {
  const config = withDefaults(loaded);
  const log = deps.logger.child({ svc: 'agents' });
  const publicUrl = config.agentsPublicUrl ?? `http://${config.host ?? '127.0.0.1'}:${config.agentsPort}`;
  const summary: string[] = [];

  const phone = setUpPhone(config, deps);
  const pay = await setUpPayments(config, deps, phone.unavailable);
  if (pay.payments) {
    summary.push(
      `x402: ${pay.env.x402?.network} USDT ${pay.env.x402?.asset} (EIP-712 "${pay.env.x402?.extra.name}" v${pay.env.x402?.extra.version}) → ${pay.env.x402?.payTo}, ${pay.payments.facilitator.kind} facilitator`,
    );
  } else {
    summary.push(`x402: paid services unavailable: ${pay.env.paymentUnavailable}`);
    log.warn({ reason: pay.env.paymentUnavailable }, 'paid agent services unavailable');
  }

  const mail =
    deps.mail ??
    createSmtpTransport({
      domain: config.emailDomain,
      localInbound: deps.localInbound ?? (() => ({ host: '127.0.0.1', port: config.smtpPort })),
      relayUrl: config.smtpRelayUrl,
      dkim:
        config.dkimSelector && config.dkimPrivateKey
          ? { selector: config.dkimSelector, privateKey: config.dkimPrivateKey }
          : undefined,
      catcher: config.profile === 'dev' ? deps.mailCatcher : undefined,
    });
  const outbound = config.smtpRelayUrl
    ? 'via relay'
    : deps.mailCatcher && config.profile === 'dev'
      ? 'other domains to the dev mail catcher (/dev/mail/)'
      : 'own domain only (no SMTP_RELAY_URL)';
  summary.push(
    `email: @${config.emailDomain}; outbound ${outbound}; DKIM ${config.dkimSelector && config.dkimPrivateKey ? 'on' : 'off'}`,
  );

  const events = {
    leaseMs: config.eventsLeaseMs,
    retentionSeconds: config.eventsRetentionDays * 86_400,
    maxAttempts: config.eventsMaxAttempts,
  };
  const realtimeSettings = {
    authTimeoutMs: config.realtimeAuthTimeoutMs,
    heartbeatMs: config.realtimeHeartbeatMs,
    sweepMs: config.eventsSweepMs,
    maxSocketsPerTenant: config.realtimeMaxSocketsPerTenant,
    maxInFlight: config.realtimeMaxInFlight,
    voiceMaxPendingTurns: config.voiceMaxPendingTurns,
  };
  const realtime = createRealtimeGateway({
    db: deps.db,
    logger: deps.logger,
    publicUrl,
    policy: events,
    settings: realtimeSettings,
    ...(deps.realtimeHooks ? { hooks: deps.realtimeHooks } : {}),
  });
  if (config.profile === 'production' && !publicUrl.startsWith('https://')) {
    log.warn({ publicUrl }, 'AGENTS_PUBLIC_URL is not https: the realtime websocketUrl is not wss://');
  }
  summary.push(
    phone.services
      ? `phone: ${phone.services.simulator ? 'telephony simulator (fictional +1 555 01xx numbers; dev only)' : phone.services.provider.name}; webhooks at ${phone.services.webhookBaseUrl}; release ${phone.services.releaseGraceDays} d after expiry`
      : `phone: unavailable: ${phone.unavailable}`,
  );
  summary.push(
    `events: websocket ${realtime.websocketUrl}; lease ${events.leaseMs} ms, retention ${config.eventsRetentionDays} d, sweep ${config.eventsSweepMs} ms`,
  );

  if (deps.soleDatabaseProcess) {
    const released = await releaseOrphanedLeases(deps.db);
    if (released > 0)
      log.warn({ released }, 'paid requests left in flight by a previous process: their retries continue now');
  }

  const catalog = new Catalog(pay.env);
  const switches = await watchServiceSwitches(deps.db, catalog, { everyMs: 10_000, logger: log });
  const off = [...catalog.operatorDisabled.keys()];
  if (off.length) summary.push(`operator: turned off ${off.join(', ')}`);
  if (!config.operatorPassword) summary.push('operator admin: off (OPERATOR_PASSWORD is not set)');

  const ctx: AgentsContext = {
    db: deps.db,
    logger: deps.logger,
    now: deps.now ?? (() => new Date()),
    config: {
      publicUrl,
      profile: config.profile,
      emailDomain: config.emailDomain,
      devMailUrl: config.profile === 'dev' && !config.smtpRelayUrl ? deps.mailCatcher?.url : undefined,
      smtpMaxMessageBytes: config.smtpMaxMessageBytes,
      paidRequestLeaseMs: 120_000,
      events,
      realtime: realtimeSettings,
    },
    catalog,
    payments: pay.payments,
    phone: phone.services,
    mail,
    realtime,
    owner: {
      domain: new URL(publicUrl).host,
      uri: `${publicUrl}/owner/`,
      chainId: config.x402Network ? Number(config.x402Network.slice('eip155:'.length)) : 1,
      client: signInClient(config.agentsRpcUrl),
      nonceTtlMs: 10 * 60_000,
      sessionTtlMs: config.ownerSessionTtlSeconds * 1000,
    },
    operator: { username: config.operatorUsername, password: config.operatorPassword ?? null },
    switches,
  };
  return {
    ctx,
    summary,
    close: async () => {
      await switches.close();
      await mail.close();
    },
  };
}

/** The roles of a process that runs everything (`tender start` without --role). */
export const AGENTS_ROLES = ['api', 'workers', 'realtime'] as const;

/**
 * The one list of the agents' features, in the order their routes appear in /openapi.json. Adding a resource is one
 * entry here.
 */
export function agentsFeatures(
  ctx: AgentsContext,
  opts: { smtp: { host: string; port: number }; webDir?: string | undefined },
) {
  const email = emailFeature(ctx, opts.smtp);
  const features: readonly Feature[] = [
    catalogFeature(ctx),
    email,
    phoneFeature(ctx),
    eventsFeature(ctx),
    realtimeFeature(ctx),
    ownerFeature(ctx, { webDir: opts.webDir }),
    operatorFeature(ctx),
    paywallFeature(ctx),
  ];
  return { features, email };
}

export interface AgentsDeps extends AgentsServicesDeps {
  /** The roles this process runs: `api` serves HTTP and inbound SMTP, `realtime` the WebSocket gateway, `workers` the sweeps. */
  roles: readonly string[];
  /** Where inbound SMTP listens (port 0: a free one); default the configured host and SMTP_PORT. */
  smtp?: { host: string; port: number };
  /** Timeouts and trusted proxies of the listening server. */
  transport?: HttpTransport;
  /** Built web pages (apps/web's dist): the owner dashboard is served at /owner/. */
  webDir?: string | undefined;
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
}

export interface Agents {
  services: AgentsContext;
  /** One line per fact the operator should see at start (payment terms, or why payments are off). */
  summary: string[];
  /** The HTTP server, not listening yet (the caller picks the address); absent without the `api` and `realtime` roles. */
  server: App | undefined;
  /** The features' background work of this process's roles, running. */
  workers: RunningWorkers;
  /** The inbound SMTP listener's port once it listens (the `api` role). */
  smtp: { readonly port: number | undefined };
  /** Stops the workers (finishing what they run), closes the server, then releases the services. */
  close(): Promise<void>;
}

/**
 * The agents as the process's roles run them: the services, the server of the features' routes and the features'
 * workers. Refuses (FeatureRolesError) a combination of roles one of the features cannot run apart.
 */
export async function createAgents(
  config: AgentsConfig & { host?: string | undefined },
  deps: AgentsDeps,
): Promise<Agents> {
  const roles = new Set(deps.roles);
  const smtpAt = deps.smtp ?? { host: config.host ?? '127.0.0.1', port: withDefaults(config).smtpPort };
  let email: ReturnType<typeof agentsFeatures>['email'] | undefined;
  const built = await createAgentsServices(config, {
    ...deps,
    // Mail to the own domain goes to this process's listener (on the port it took), else the configured one.
    localInbound: deps.localInbound ?? (() => ({ host: smtpAt.host, port: email?.inbound.port ?? smtpAt.port })),
  });
  const closers: (() => Promise<void>)[] = [() => built.close()];
  const close = async () => {
    for (const c of closers.splice(0).reverse()) await c();
  };
  try {
    const services = built.ctx;
    const list = agentsFeatures(services, { smtp: smtpAt, webDir: deps.webDir });
    email = list.email;
    const { features } = list;
    checkFeatureRoles(features, roles);
    closers.push(async () => {
      for (const f of [...features].reverse()) await f.close?.();
    });
    let server: App | undefined;
    if (roles.has('api') || roles.has('realtime')) {
      const app = await createAgentsServer(services, features, {
        roles,
        ...(deps.rateLimit !== undefined ? { rateLimit: deps.rateLimit } : {}),
        ...(deps.metrics ? { metrics: deps.metrics } : {}),
        ...(deps.transport ? { transport: deps.transport } : {}),
      });
      server = app;
      closers.push(() => app.close());
    }
    const workers = await startFeatureWorkers(features, roles);
    closers.push(() => workers.stop());
    return { services, summary: built.summary, server, workers, smtp: email.inbound, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** loadConfig fills every defaulted field; the spec's types still say "maybe undefined", so check once here. */
function withDefaults(c: AgentsConfig & { host?: string | undefined }) {
  const need = <T>(v: T | undefined, env: string): T => {
    if (v === undefined)
      throw new Error(`${env} has no value: load the configuration with loadConfig(agentsConfigSpec)`);
    return v;
  };
  return {
    ...c,
    agentsPort: need(c.agentsPort, 'AGENTS_PORT'),
    emailDomain: need(c.emailDomain, 'EMAIL_DOMAIN'),
    smtpPort: need(c.smtpPort, 'SMTP_PORT'),
    smtpMaxMessageBytes: need(c.smtpMaxMessageBytes, 'SMTP_MAX_MESSAGE_BYTES'),
    x402MaxTimeoutSeconds: need(c.x402MaxTimeoutSeconds, 'X402_MAX_TIMEOUT_SECONDS'),
    rpcPollingMs: need(c.rpcPollingMs, 'AGENTS_RPC_POLLING_MS'),
    phoneReleaseGraceDays: need(c.phoneReleaseGraceDays, 'PHONE_RELEASE_GRACE_DAYS'),
    voiceTurnTimeoutMs: need(c.voiceTurnTimeoutMs, 'VOICE_TURN_TIMEOUT_MS'),
    phoneSweepMs: need(c.phoneSweepMs, 'PHONE_SWEEP_MS'),
    ownerSessionTtlSeconds: need(c.ownerSessionTtlSeconds, 'OWNER_SESSION_TTL_SECONDS'),
    operatorUsername: need(c.operatorUsername, 'OPERATOR_USERNAME'),
  };
}

const providers = (phoneUnavailable: string | null): CatalogEnvironment['providers'] => ({
  discovery: null,
  email: null,
  events: null,
  phone: phoneUnavailable,
  domain: 'domain registration is not offered',
});

/**
 * Telephony: Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TELEPHONY_WEBHOOK_BASE_URL are all set (the
 * webhook base must be https in production: Twilio signs and calls that URL); a configured account always wins.
 * Without any of them, the dev profile gets the telephony simulator (phone/simulator: Twilio played in this process,
 * its webhooks sent to the local server directly); TELEPHONY_PROVIDER=simulator on the production profile is a start
 * error. Otherwise the phone services are unavailable and say why.
 */
function setUpPhone(
  config: ReturnType<typeof withDefaults>,
  deps: AgentsServicesDeps,
): { services: PhoneServices | null; unavailable: string | null } {
  if (config.telephonyProvider === 'simulator' && config.profile === 'production') {
    throw new ConfigError([
      'TELEPHONY_PROVIDER=simulator: the telephony simulator runs on the dev profile only; production needs a Twilio account (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TELEPHONY_WEBHOOK_BASE_URL)',
    ]);
  }
  const missing = [
    ['TWILIO_ACCOUNT_SID', config.twilioAccountSid],
    ['TWILIO_AUTH_TOKEN', config.twilioAuthToken],
    ['TELEPHONY_WEBHOOK_BASE_URL', config.telephonyWebhookBaseUrl],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  const settings = {
    releaseGraceDays: config.phoneReleaseGraceDays,
    voiceTurnTimeoutMs: config.voiceTurnTimeoutMs,
    sweepMs: config.phoneSweepMs,
  };
  if (missing.length === 3 && !deps.telephony) {
    if (config.profile !== 'dev' || config.telephonyProvider === 'twilio')
      return { services: null, unavailable: 'no telephony provider is configured' };
    // The simulator keeps its live calls in this process: the webhooks, the relay and the sweep must all reach it.
    if (deps.roles && !['api', 'realtime', 'workers'].every((r) => deps.roles!.includes(r)))
      return {
        services: null,
        unavailable: 'the telephony simulator runs only with every role in one process (or configure Twilio: TWILIO_*)',
      };
    // The webhooks go to this process directly (no public URL); a wildcard listen address is reached on loopback.
    const host = !config.host || ['0.0.0.0', '::', '[::]'].includes(config.host) ? '127.0.0.1' : config.host;
    const local = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.agentsPort}`;
    const simulator = new TwilioSimulator({
      db: deps.db,
      ...(deps.simulatorSecondMs ? { secondMs: deps.simulatorSecondMs } : {}),
      log: (msg, err) => deps.logger.warn({ err, svc: 'telephony-simulator' }, msg),
    });
    return {
      services: { provider: createSimulatorProvider(simulator, local), webhookBaseUrl: local, simulator, ...settings },
      unavailable: null,
    };
  }
  if (missing.length)
    return { services: null, unavailable: `telephony is not configured: ${missing.join(', ')} missing` };
  const base = config.telephonyWebhookBaseUrl!.replace(/\/+$/, '');
  if (config.profile === 'production' && !base.startsWith('https://')) {
    return { services: null, unavailable: 'TELEPHONY_WEBHOOK_BASE_URL must be https:// in production' };
  }
  const provider =
    deps.telephony ??
    createTwilioProvider({ accountSid: config.twilioAccountSid!, authToken: config.twilioAuthToken! });
  return { services: { provider, webhookBaseUrl: base, ...settings }, unavailable: null };
}

async function setUpPayments(
  config: ReturnType<typeof withDefaults>,
  deps: AgentsServicesDeps,
  phoneUnavailable: string | null,
): Promise<{ env: CatalogEnvironment; payments: Payments | null }> {
  const PROVIDERS = providers(phoneUnavailable);
  const off = (reason: string) => ({
    env: { paymentUnavailable: reason, x402: null, providers: PROVIDERS },
    payments: null,
  });
  const network = config.x402Network;
  if (!network) return off('X402_NETWORK is not configured');
  const official = OFFICIAL_USDT[network];
  const asset = config.x402UsdtAddress ?? official;
  if (!asset) return off(`X402_USDT_ADDRESS is not configured for ${network}`);
  if (official && asset !== official)
    return off(`${asset} is not the issuer's USDT0 contract on ${network} (${official})`);
  if (!config.x402PayTo) return off('X402_PAY_TO is not configured');
  if (!config.agentsRpcUrl) return off('AGENTS_RPC_URL is not configured (needed to read the token domain)');

  let facilitator = deps.facilitator;
  if (!facilitator) {
    if (config.x402FacilitatorUrl) facilitator = createRemoteFacilitator(config.x402FacilitatorUrl);
    else if (config.relayerPrivateKey) {
      facilitator = createBuiltInFacilitator({
        network,
        rpcUrl: config.agentsRpcUrl,
        relayerPrivateKey: config.relayerPrivateKey as `0x${string}`,
        pollingMs: config.rpcPollingMs,
      });
    } else return off('neither X402_FACILITATOR_URL nor RELAYER_PRIVATE_KEY is configured');
  }

  const chain: ChainReader = createChainReader(network, config.agentsRpcUrl);
  let domain: Awaited<ReturnType<ChainReader['tokenDomain']>>;
  try {
    domain = await chain.tokenDomain(asset);
  } catch (err) {
    deps.logger.error({ err, asset, network }, 'cannot read the USDT EIP-712 domain');
    return off(`cannot read the USDT contract ${asset} on ${network} at start`);
  }
  if (`eip155:${domain.chainId}` !== network)
    return off(`AGENTS_RPC_URL serves eip155:${domain.chainId}, not ${network}`);
  if (domain.decimals !== USDT_DECIMALS) return off(`the token at ${asset} has ${domain.decimals} decimals, not 6`);
  if (config.x402UsdtEip712Name !== undefined && domain.name !== config.x402UsdtEip712Name) {
    return off(
      `the token's EIP-712 name on chain is "${domain.name}", not the configured "${config.x402UsdtEip712Name}"`,
    );
  }
  if (config.x402UsdtEip712Version !== undefined && domain.version !== config.x402UsdtEip712Version) {
    return off(
      `the token's EIP-712 version on chain is "${domain.version}", not the configured "${config.x402UsdtEip712Version}"`,
    );
  }
  return {
    env: {
      paymentUnavailable: null,
      providers: PROVIDERS,
      x402: {
        scheme: 'exact',
        network,
        asset,
        payTo: config.x402PayTo,
        maxTimeoutSeconds: config.x402MaxTimeoutSeconds,
        extra: { name: domain.name, version: domain.version },
      },
    },
    payments: {
      facilitator,
      chain,
      ...(deps.beforeRecordSettlement ? { beforeRecordSettlement: deps.beforeRecordSettlement } : {}),
    },
  };
}
