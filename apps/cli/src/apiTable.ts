import { agentsFeatures, createAgentsServer, createAgentsServices } from '@tender/agents';
import { createGatewayServer, createGatewayServices, gatewayFeatures } from '@tender/gateway';
import { createLogger, type App, type Database } from '@tender/platform';
import { loadTenderConfig } from './cliConfig.ts';

interface Operation {
  summary?: string;
  security?: Record<string, unknown>[];
}

/**
 * The README's API overview, generated from each service's OpenAPI document (the route schemas), so the front door
 * lists exactly the routes that exist. The servers are built, not started; nothing is served.
 */
export async function renderApiTables(db: Database): Promise<{ gateway: string; agents: string }> {
  const config = loadTenderConfig({});
  const logger = createLogger({ level: 'silent' });
  const now = () => new Date();
  const services = createGatewayServices({
    db,
    logger,
    now,
    config: { publicUrl: 'http://127.0.0.1:4000', profile: 'dev' },
  });
  const gateway = await createGatewayServer(services, gatewayFeatures(services));
  const runtime = await createAgentsServices(config, { db, logger, now });
  // Built, never listening, no worker started: only the routes of the features are read.
  const { features } = agentsFeatures(runtime.ctx, { smtp: { host: config.host, port: config.smtpPort } });
  const agents = await createAgentsServer(runtime.ctx, features);
  try {
    return { gateway: await table(gateway), agents: await table(agents) };
  } finally {
    await gateway.close();
    await services.close();
    await agents.close();
    await runtime.close();
  }
}

async function table(app: App): Promise<string> {
  await app.ready();
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const auth = op.security?.length ? [...new Set(op.security.flatMap((s) => Object.keys(s)))].join(', ') : 'none';
      rows.push(`| ${method.toUpperCase()} | \`${path}\` | ${auth} | ${(op.summary ?? '').replace(/\|/g, '\\|')} |`);
    }
  }
  return ['| Method | Path | Auth | |', '|---|---|---|---|', ...rows].join('\n');
}
