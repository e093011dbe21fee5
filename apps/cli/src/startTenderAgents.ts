import { agentsConsoleView, createAgents } from '@tender/agents';
import { devnetAccounts } from '@tender/evm';
import { createDevMailCatcher } from '@tender/gateway';
import { FeatureRolesError, httpTransportOf } from '@tender/platform';
import { toHex } from 'viem';
import type { TenderConfig } from './cliConfig.ts';
import type { DevChain } from './devChain.ts';
import { listenOn } from './listenOn.ts';
import { StartRefusedError } from './startRefusedError.ts';
import type { StartedGateway, TenderStartParts } from './startTenderGateway.ts';

/** Devnet mnemonic accounts with a role in the dev profile (0 deploys, 1 is the dev vault, 8 the gateway's relayer). */
const DEV_X402_PAY_TO_INDEX = 7;
const DEV_X402_RELAYER_INDEX = 9;

export type StartedAgents = Awaited<ReturnType<typeof createAgents>>;

/**
 * The agent services of `tender start`: on the devnet, x402 is paid in the devnet USDT stand-in unless configured
 * otherwise; the gateway's operator console reads them; their server (HTTP API, WebSocket gateway or both) listens.
 */
export async function startTenderAgents(
  config: TenderConfig,
  parts: TenderStartParts & { gateway: StartedGateway; agentsUrl: string },
): Promise<StartedAgents> {
  const { db, chain, gateway } = parts;
  const gatewayUrl = gateway.services.config.publicUrl;
  const agentsConfig = chain && !config.x402Network ? { ...config, ...devnetX402(chain) } : config;
  const agents = await createAgents(agentsConfig, {
    db,
    logger: parts.logger,
    now: parts.now,
    roles: [...parts.roles],
    smtp: { host: config.host, port: config.smtpPort },
    // Dev profile without SMTP_RELAY_URL: mail to other domains is kept by the gateway's dev mail catcher.
    ...(config.devMailCatcher && config.profile === 'dev'
      ? {
          mailCatcher: {
            ...createDevMailCatcher({ db, now: parts.now, profile: config.profile }),
            url: `${gatewayUrl}/dev/mail/`,
          },
        }
      : {}),
    // A settlement is on the devnet's disk before the database records it (as the gateway's persistChain).
    ...(chain && parts.ownsDevnet && !config.x402Network ? { beforeRecordSettlement: () => chain.persist() } : {}),
    // PGlite in the home: this process alone holds the database (homeLock.ts).
    soleDatabaseProcess: !config.databaseUrl,
    transport: httpTransportOf(config),
    webDir: parts.webDir,
  }).catch((err: unknown) => {
    // A feature's rule on the roles of one process (telephony: api and realtime together).
    throw err instanceof FeatureRolesError ? new StartRefusedError(err.message) : err;
  });
  parts.shutdown.add('agents', () => agents.close());
  // One operator console for both services: the gateway's /admin/ lists the agents' tenants and switches.
  gateway.services.operator.agents = {
    adminApiUrl: `${parts.agentsUrl}/admin/api`,
    read: (limit) => agentsConsoleView(agents.services, limit),
  };
  // The agents server: its HTTP API (api), its WebSocket gateway (realtime), or both on one port.
  if (agents.server) await listenOn(agents.server, config.host, config.agentsPort, 'AGENTS_PORT');
  return agents;
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
