import { createGateway, ensureDevMerchant, setUpDevPayments } from '@tender/gateway';
import { httpTransportOf, type Database, type Logger, type SecretBox, type Shutdown } from '@tender/platform';
import type { TenderConfig } from './cliConfig.ts';
import type { DevChain } from './devChain.ts';
import { readDevJson } from './devJson.ts';
import { devMerchantPassword } from './devSecretKeys.ts';
import { listenOn } from './listenOn.ts';
import { startRoleHealthServer } from './roleHealthServer.ts';
import type { Role } from './roles.ts';

export interface TenderStartParts {
  db: Database;
  logger: Logger;
  shutdown: Shutdown;
  home: string;
  now: () => Date;
  roles: ReadonlySet<Role>;
  chain: DevChain | undefined;
  ownsDevnet: boolean;
  /** The built web pages (api role). */
  webDir: string | undefined;
}

export type StartedGateway = Awaited<ReturnType<typeof createGateway>>;

/** The gateway of `tender start`: built, listening (api) or answering health on its port (other roles). */
export async function startTenderGateway(
  config: TenderConfig,
  parts: TenderStartParts & { secretBox: SecretBox },
): Promise<StartedGateway> {
  const { db, chain, roles, shutdown } = parts;
  const gateway = await createGateway(config, {
    db,
    logger: parts.logger,
    now: parts.now,
    secretBox: parts.secretBox,
    roles: [...roles],
    devnet: chain?.manifest,
    ...(chain && parts.ownsDevnet ? { persistChain: { devnet: () => chain.persist() } } : {}),
    transport: httpTransportOf(config),
    webDir: parts.webDir,
  });
  shutdown.add('gateway', () => gateway.close());
  if (gateway.server) {
    await listenOn(gateway.server, config.host, config.gatewayPort, 'GATEWAY_PORT');
  } else {
    // /healthz and /readyz (with the roles) on GATEWAY_PORT, as the api process answers them.
    const health = await startRoleHealthServer({ db, roles, host: config.host, port: config.gatewayPort });
    shutdown.add('health http', () => health.close());
  }
  return gateway;
}

/**
 * The dev profile's merchant (api role): the key this home already holds (its dev.json) stays valid and is reused
 * (see ensureDevMerchant); on the devnet, its vault and payments are set up. What dev.json says of both.
 */
export async function devMerchantFacts(
  gateway: StartedGateway,
  opts: { home: string; chain: DevChain | undefined },
): Promise<{ devGateway: Record<string, unknown>; devDashboard: Record<string, unknown> | undefined }> {
  const gatewayUrl = gateway.services.config.publicUrl;
  const homeKey = (await readDevJson(opts.home)).gateway?.testApiKey;
  const ownerPassword = await devMerchantPassword(opts.home);
  const dev = await ensureDevMerchant(gateway.services, {
    homeKey: typeof homeKey === 'string' ? homeKey : undefined,
    ownerPassword,
  });
  const devGateway: Record<string, unknown> = { testApiKey: dev.testApiKey, merchantId: dev.merchantId };
  const devDashboard = dev.owner
    ? { url: `${gatewayUrl}/dashboard/`, email: dev.owner.email, password: ownerPassword }
    : undefined;
  if (opts.chain)
    Object.assign(
      devGateway,
      await setUpDevPayments(gateway.services, { merchantId: dev.merchantId, manifest: opts.chain.manifest }),
    );
  return { devGateway, devDashboard };
}
