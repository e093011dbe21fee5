import { resolve } from 'node:path';
import { SIMULATOR_DEV_JSON } from '@tender/agents';
import { createLogger, Shutdown, type Database, type Logger } from '@tender/platform';
import { ensureWebBuilt } from '@tender/web';
import type { TenderConfig } from './cliConfig.ts';
import { writeDevJson, type DevJson } from './devJson.ts';
import { openTenderStore } from './openTenderStore.ts';
import { ALL_ROLES, type Role } from './roles.ts';
import { StartRefusedError } from './startRefusedError.ts';
import { startTenderAgents, type StartedAgents } from './startTenderAgents.ts';
import { startTenderChain } from './startTenderChain.ts';
import { devMerchantFacts, startTenderGateway, type TenderStartParts } from './startTenderGateway.ts';
import type { DevChain } from './devChain.ts';

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

/**
 * `tender start`: one process with the database, the devnet (dev profile), both HTTP services, the inbound SMTP
 * server and the workers, in named steps (openTenderStore → startTenderChain → startTenderGateway →
 * startTenderAgents). Everything started registers its stop step, so SIGTERM stops it in reverse order and finishes
 * in-flight work (HTTP requests, jobs) before the database closes.
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

  try {
    const { db, secretBox, ownerLost } = await openTenderStore(config, { logger, shutdown, home, ownsDevnet });
    const { chain, fatal } = await startTenderChain(config, { db, logger, shutdown, home, ownsDevnet, ownerLost });
    // The pages are built here when their sources changed (a fresh checkout, an upgrade): never a manual step.
    const web = roles.has('api') ? await ensureWebBuilt({ log: (msg) => logger.info(msg) }) : undefined;
    const parts: TenderStartParts = { db, logger, shutdown, home, now, roles, chain, ownsDevnet, webDir: web?.dir };
    const gateway = await startTenderGateway(config, { ...parts, secretBox });
    const devMerchant =
      config.profile === 'dev' && roles.has('api') ? await devMerchantFacts(gateway, { home, chain }) : undefined;
    const agentsUrl = config.agentsPublicUrl ?? `http://${config.host}:${config.agentsPort}`;
    const agents = await startTenderAgents(config, { ...parts, gateway, agentsUrl });
    const summary = [...agents.summary, `roles: ${[...roles].join(', ')}`];
    const devJson = tenderDevJson(config, {
      gatewayUrl: gateway.services.config.publicUrl,
      agentsUrl,
      agents,
      chain,
      devGateway: devMerchant?.devGateway ?? {},
      devDashboard: devMerchant?.devDashboard,
    });
    if (config.profile === 'dev' && roles.has('api')) await writeDevJson(home, devJson);
    return { db, devJson, summary, shutdown, fatal };
  } catch (err) {
    await shutdown.shutdown();
    throw err;
  }
}

/** Where everything is, for people (the banner) and programs (.tender/dev.json). */
function tenderDevJson(
  config: TenderConfig,
  p: {
    gatewayUrl: string;
    agentsUrl: string;
    agents: StartedAgents;
    chain: DevChain | undefined;
    devGateway: Record<string, unknown>;
    devDashboard: Record<string, unknown> | undefined;
  },
): DevJson {
  const { gatewayUrl, agentsUrl, agents, chain } = p;
  return {
    gateway: { url: gatewayUrl, openapi: `${gatewayUrl}/v1/openapi.json`, ...p.devGateway },
    agents: {
      url: agentsUrl,
      smtpPort: agents.smtp.port ?? config.smtpPort,
      emailDomain: config.emailDomain,
      openapi: `${agentsUrl}/openapi.json`,
    },
    ...(chain ? { devnet: chain.devJson() } : {}),
    ...(agents.services.phone?.simulator ? { phone: { ...SIMULATOR_DEV_JSON } } : {}),
    ...(p.devDashboard ? { dashboard: p.devDashboard } : {}),
    ...(config.devMailCatcher
      ? { mail: { url: `${gatewayUrl}/dev/mail/`, api: `${gatewayUrl}/dev/mail/api/messages` } }
      : {}),
  };
}
