import { join, resolve } from 'node:path';
import { createAgentsServer } from '@tender/agents';
import { createGatewayServer } from '@tender/gateway';
import { createLogger, migrate, openDatabase, Shutdown, type Database, type Logger } from '@tender/platform';
import { allMigrations } from './allMigrations.ts';
import type { TenderConfig } from './cliConfig.ts';
import { writeDevJson, type DevJson } from './devJson.ts';
import { startDevChain, type DevChain } from './devChain.ts';

export interface RunningTender {
  db: Database;
  devJson: DevJson;
  urls: { gateway: string; agents: string };
  shutdown: Shutdown;
}

/**
 * `tender start`: one process with the database, the devnet (dev profile), both HTTP services and the workers.
 * Everything started registers its stop step, so SIGTERM stops it in reverse order and finishes in-flight work.
 */
export async function startTender(config: TenderConfig, opts: { logger?: Logger } = {}): Promise<RunningTender> {
  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  const shutdown = new Shutdown(logger);
  const home = resolve(config.home);
  const now = () => new Date();

  const db = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(home, 'pglite'),
    poolSize: config.databasePoolSize,
  });
  shutdown.add('database', () => db.close());
  const applied = await migrate(db, await allMigrations());
  if (applied.length) logger.info({ applied }, 'migrations applied');

  let chain: DevChain | undefined;
  if (config.devnet) {
    chain = await startDevChain({ db, home, blockTime: config.devnetBlockTime, logger });
    shutdown.add('devnet', () => chain!.stop());
  }

  const gatewayUrl = config.gatewayPublicUrl ?? `http://${config.host}:${config.gatewayPort}`;
  const agentsUrl = config.agentsPublicUrl ?? `http://${config.host}:${config.agentsPort}`;

  const gateway = await createGatewayServer({
    db,
    logger,
    now,
    config: { publicUrl: gatewayUrl, profile: config.profile },
    networks: chain ? [{ id: 'devnet', environment: 'test', rpcUrl: chain.manifest.rpcUrl }] : [],
  });
  const agents = await createAgentsServer({
    db,
    logger,
    now,
    config: { publicUrl: agentsUrl, profile: config.profile, emailDomain: config.emailDomain },
  });
  await listen(gateway, config.host, config.gatewayPort, 'GATEWAY_PORT');
  shutdown.add('gateway http', () => gateway.close());
  await listen(agents, config.host, config.agentsPort, 'AGENTS_PORT');
  shutdown.add('agents http', () => agents.close());

  const devJson: DevJson = {
    gateway: { url: gatewayUrl, openapi: `${gatewayUrl}/v1/openapi.json` },
    agents: { url: agentsUrl, smtpPort: config.smtpPort, emailDomain: config.emailDomain, openapi: `${agentsUrl}/openapi.json` },
    ...(chain ? { devnet: chain.devJson() } : {}),
  };
  await writeDevJson(home, devJson);
  return { db, devJson, urls: { gateway: gatewayUrl, agents: agentsUrl }, shutdown };
}

async function listen(app: { listen(o: { host: string; port: number }): Promise<string> }, host: string, port: number, env: string) {
  try {
    await app.listen({ host, port });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${port} on ${host} is already in use: stop the other process or set ${env}`);
    }
    throw err;
  }
}
