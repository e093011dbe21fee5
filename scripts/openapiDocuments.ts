// Writes the OpenAPI documents both services serve (GET /v1/openapi.json, GET /openapi.json), byte for byte, to a
// directory: run it on two commits and compare (`cmp`) to show that a change of structure changed no API.
// `npx tsx scripts/openapiDocuments.ts <dir>` (built on an in-memory PGlite; nothing listens).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger, migrate, openPglite, type App } from '@tender/platform';
import { agentsFeatures, createAgentsServer, createAgentsServices } from '@tender/agents';
import { createGatewayServer, createGatewayServices, gatewayFeatures } from '@tender/gateway';
import { allMigrations } from '../apps/cli/src/allMigrations.ts';
import { loadTenderConfig } from '../apps/cli/src/cliConfig.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: npx tsx scripts/openapiDocuments.ts <dir>');
const served = async (app: App, url: string) => (await app.inject({ method: 'GET', url })).body;

const db = await openPglite();
try {
  await migrate(db, await allMigrations());
  const config = loadTenderConfig({});
  const logger = createLogger({ level: 'silent' });
  const now = () => new Date();
  const gatewayServices = createGatewayServices({
    db,
    logger,
    now,
    config: { publicUrl: 'http://127.0.0.1:4000', profile: 'dev' },
  });
  const gateway = await createGatewayServer(gatewayServices, gatewayFeatures(gatewayServices));
  const agentsServices = await createAgentsServices(config, { db, logger, now });
  const { features } = agentsFeatures(agentsServices.ctx, { smtp: { host: config.host, port: config.smtpPort } });
  const agents = await createAgentsServer(agentsServices.ctx, features);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'gateway.json'), await served(gateway, '/v1/openapi.json'));
  await writeFile(join(dir, 'agents.json'), await served(agents, '/openapi.json'));
  await gateway.close();
  await gatewayServices.close();
  await agents.close();
  await agentsServices.close();
} finally {
  await db.close();
}
