import { join, resolve } from 'node:path';
import { agentsConsoleView, createAgents, SIMULATOR_DEV_JSON } from '@tender/agents';
import { devnetAccounts } from '@tender/evm';
import { createDevMailCatcher, createGateway, ensureDevMerchant, setUpDevPayments } from '@tender/gateway';
import {
  checkSecretBoxCanary,
  createLogger,
  FeatureRolesError,
  httpTransportOf,
  migrate,
  openDatabase,
  SecretBox,
  SecretBoxMismatchError,
  Shutdown,
  type Database,
  type Logger,
} from '@tender/platform';
import { ensureWebBuilt } from '@tender/web';
import { toHex } from 'viem';
import { allMigrations } from './allMigrations.ts';
import type { TenderConfig } from './cliConfig.ts';
import { devMerchantPassword, devSecretKeys } from './devSecretKeys.ts';
import { formatCheck, startChecks } from './doctor/runDoctor.ts';
import { readDevJson, writeDevJson, type DevJson } from './devJson.ts';
import { attachDevChain, startDevChain, type DevChain } from './devChain.ts';
import { acquireDevnetOwnerLock } from './devnetOwnerLock.ts';
import { acquireHomeLock } from './homeLock.ts';
import { startRoleHealthServer } from './roleHealthServer.ts';
import { ALL_ROLES, type Role } from './roles.ts';
import { StartRefusedError } from './startRefusedError.ts';

export interface RunningTender {
  db: Database;
  devJson: DevJson;
  summary: string[];
  shutdown: Shutdown;
  /**
   * Resolves with the reason when the process cannot go on (the devnet's anvil died under it): the caller stops
   * and exits non-zero, so that a supervisor restarts it with its chain (the restart reconciles the database with
   * whatever the chain kept). Never resolves otherwise.
   */
  fatal: Promise<Error>;
}

/** Devnet mnemonic accounts with a role in the dev profile (0 deploys, 1 is the dev vault, 8 the gateway's relayer). */
const DEV_X402_PAY_TO_INDEX = 7;
const DEV_X402_RELAYER_INDEX = 9;

/**
 * `tender start`: one process with the database, the devnet (dev profile), both HTTP services, the inbound SMTP
 * server and the workers. Everything started registers its stop step, so SIGTERM stops it in reverse order and
 * finishes in-flight work (HTTP requests, jobs) before the database closes.
 */
export async function startTender(
  config: TenderConfig,
  opts: { logger?: Logger; roles?: ReadonlySet<Role> } = {},
): Promise<RunningTender> {
  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  // Roles (roles.ts): the api process serves HTTP, the workers process runs the jobs and owns the devnet, the
  // realtime process holds the agents' sockets. Several processes need a database they can share: PostgreSQL.
  const roles = opts.roles ?? ALL_ROLES;
  const all = roles.size === ALL_ROLES.size;
  if (!all && !config.databaseUrl)
    throw new StartRefusedError(
      '--role splits Tender over several processes, which share one PostgreSQL: set DATABASE_URL (PGlite belongs to one process)',
    );
  const ownsDevnet = config.devnet && roles.has('workers');
  const shutdown = new Shutdown(logger);
  const home = resolve(config.home);
  const now = () => new Date();
  const summary: string[] = [];

  try {
    // The home's PGlite directory and devnet state belong to one process (homeLock.ts).
    if (!config.databaseUrl || ownsDevnet) {
      const lock = acquireHomeLock(home);
      shutdown.add('home lock', async () => lock.release());
    }
    const db = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : join(home, 'pglite'),
      poolSize: config.databasePoolSize,
      connectTimeoutSeconds: config.databaseConnectTimeoutSeconds,
    });
    shutdown.add('database', () => db.close());
    // One devnet per database, across homes and machines (devnetOwnerLock.ts); taken first, so that a second
    // devnet owner is told so before anything else.
    let ownerLost: Promise<Error> = new Promise(() => undefined);
    if (ownsDevnet && config.databaseUrl) {
      const owner = await acquireDevnetOwnerLock({ url: config.databaseUrl });
      shutdown.add('devnet owner lock', () => owner.release());
      ownerLost = owner.lost;
    }
    const applied = await migrate(db, await allMigrations());
    if (applied.length) logger.info({ applied }, 'migrations applied');
    // Every process of a deployment must open the secrets the database holds: checked before anything runs.
    const secretBox = new SecretBox(config.secretKeys ?? (await devSecretKeys(home)));
    try {
      await checkSecretBoxCanary(db, secretBox);
    } catch (err) {
      if (err instanceof SecretBoxMismatchError) throw new StartRefusedError(err.message);
      throw err;
    }

    // Production: the fatal subset of `tender doctor` (a wrong chain behind an RPC URL, no factory, a token that is
    // not the issuer's) refuses the start, before any payment could be taken on it.
    if (config.profile === 'production') {
      const failed = await startChecks(config);
      if (failed.length) {
        throw new StartRefusedError(
          `the deployment is not fit to take payments (tender doctor names every problem):\n${failed.map(formatCheck).join('\n')}`,
        );
      }
    }

    let chain: DevChain | undefined;
    let fatal: Promise<Error> = ownerLost;
    if (config.devnet && !ownsDevnet) {
      chain = await attachDevChain({ db, logger });
    } else if (config.devnet) {
      chain = await startDevChain({ db, home, blockTime: config.devnetBlockTime, logger });
      shutdown.add('devnet', () => chain!.stop());
      fatal = new Promise<Error>((resolve) => {
        void ownerLost.then((err) => {
          if (!shutdown.stopping) logger.error({ err }, err.message);
          resolve(err);
        });
        void chain!.exited.then((exit) => {
          if (shutdown.stopping) return;
          const err = new Error(`the devnet (anvil) exited unexpectedly (${JSON.stringify(exit)}); Tender stops`);
          logger.error({ exit }, err.message);
          resolve(err);
        });
      });
    }

    // Gateway. The pages are built here when their sources changed (a fresh checkout, an upgrade): never a manual
    // step.
    const web = roles.has('api') ? await ensureWebBuilt({ log: (msg) => logger.info(msg) }) : undefined;
    const gateway = await createGateway(config, {
      db,
      logger,
      now,
      secretBox,
      roles: [...roles],
      devnet: chain?.manifest,
      ...(chain && ownsDevnet ? { persistChain: { devnet: () => chain!.persist() } } : {}),
      transport: httpTransportOf(config),
      webDir: web?.dir,
    });
    shutdown.add('gateway', () => gateway.close());
    const gatewayUrl = gateway.services.config.publicUrl;
    if (gateway.server) {
      await listen(gateway.server, config.host, config.gatewayPort, 'GATEWAY_PORT');
    } else {
      // /healthz and /readyz (with the roles) on GATEWAY_PORT, as the api process answers them.
      const health = await startRoleHealthServer({ db, roles, host: config.host, port: config.gatewayPort });
      shutdown.add('health http', () => health.close());
    }

    const devGateway: Record<string, unknown> = {};
    let devDashboard: Record<string, unknown> | undefined;
    if (config.profile === 'dev' && roles.has('api')) {
      // The key this home already holds (its dev.json) stays valid and is reused; see ensureDevMerchant.
      const homeKey = (await readDevJson(home)).gateway?.testApiKey;
      const ownerPassword = await devMerchantPassword(home);
      const dev = await ensureDevMerchant(gateway.services, {
        homeKey: typeof homeKey === 'string' ? homeKey : undefined,
        ownerPassword,
      });
      devGateway.testApiKey = dev.testApiKey;
      devGateway.merchantId = dev.merchantId;
      if (dev.owner)
        devDashboard = { url: `${gatewayUrl}/dashboard/`, email: dev.owner.email, password: ownerPassword };
      if (chain)
        Object.assign(
          devGateway,
          await setUpDevPayments(gateway.services, { merchantId: dev.merchantId, manifest: chain.manifest }),
        );
    }

    // Agent services: on the devnet, x402 is paid in the devnet USDT stand-in unless configured otherwise.
    const agentsUrl = config.agentsPublicUrl ?? `http://${config.host}:${config.agentsPort}`;
    const agentsConfig = chain && !config.x402Network ? { ...config, ...devnetX402(chain) } : config;
    const agents = await createAgents(agentsConfig, {
      db,
      logger,
      now,
      roles: [...roles],
      smtp: { host: config.host, port: config.smtpPort },
      // Dev profile without SMTP_RELAY_URL: mail to other domains is kept by the gateway's dev mail catcher.
      ...(config.devMailCatcher && config.profile === 'dev'
        ? {
            mailCatcher: {
              ...createDevMailCatcher({ db, now, profile: config.profile }),
              url: `${gatewayUrl}/dev/mail/`,
            },
          }
        : {}),
      // A settlement is on the devnet's disk before the database records it (as the gateway's persistChain).
      ...(chain && ownsDevnet && !config.x402Network ? { beforeRecordSettlement: () => chain!.persist() } : {}),
      // PGlite in the home: this process alone holds the database (homeLock.ts).
      soleDatabaseProcess: !config.databaseUrl,
      transport: httpTransportOf(config),
      webDir: web?.dir,
    }).catch((err: unknown) => {
      // A feature's rule on the roles of one process (telephony: api and realtime together).
      throw err instanceof FeatureRolesError ? new StartRefusedError(err.message) : err;
    });
    shutdown.add('agents', () => agents.close());
    // One operator console for both services: the gateway's /admin/ lists the agents' tenants and switches.
    gateway.services.operator.agents = {
      adminApiUrl: `${agentsUrl}/admin/api`,
      read: (limit) => agentsConsoleView(agents.services, limit),
    };
    // The agents server: its HTTP API (api), its WebSocket gateway (realtime), or both on one port.
    if (agents.server) await listen(agents.server, config.host, config.agentsPort, 'AGENTS_PORT');
    summary.push(...agents.summary, `roles: ${[...roles].join(', ')}`);

    const devJson: DevJson = {
      gateway: { url: gatewayUrl, openapi: `${gatewayUrl}/v1/openapi.json`, ...devGateway },
      agents: {
        url: agentsUrl,
        smtpPort: agents.smtp.port ?? config.smtpPort,
        emailDomain: config.emailDomain,
        openapi: `${agentsUrl}/openapi.json`,
      },
      ...(chain ? { devnet: chain.devJson() } : {}),
      ...(agents.services.phone?.simulator ? { phone: { ...SIMULATOR_DEV_JSON } } : {}),
      ...(devDashboard ? { dashboard: devDashboard } : {}),
      ...(config.devMailCatcher
        ? { mail: { url: `${gatewayUrl}/dev/mail/`, api: `${gatewayUrl}/dev/mail/api/messages` } }
        : {}),
    };
    if (config.profile === 'dev' && roles.has('api')) await writeDevJson(home, devJson);
    return { db, devJson, summary, shutdown, fatal };
  } catch (err) {
    await shutdown.shutdown();
    throw err;
  }
}

/** x402 terms for the dev profile: the devnet's USDT stand-in, paid to one devnet account, settled by another. */
function devnetX402(chain: DevChain) {
  const accounts = devnetAccounts(10);
  const key = accounts[DEV_X402_RELAYER_INDEX]!.getHdKey().privateKey!;
  return {
    x402Network: `eip155:${chain.manifest.chainId}` as const,
    x402UsdtAddress: chain.manifest.tokens.USDT,
    x402PayTo: accounts[DEV_X402_PAY_TO_INDEX]!.address,
    agentsRpcUrl: chain.manifest.rpcUrl,
    relayerPrivateKey: toHex(key),
  };
}

async function listen(
  app: { listen(o: { host: string; port: number }): Promise<string> },
  host: string,
  port: number,
  env: string,
) {
  try {
    await app.listen({ host, port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} on ${host} is already in use: stop the other process or set ${env}`);
    }
    throw err;
  }
}
