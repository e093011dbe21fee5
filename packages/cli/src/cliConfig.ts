import { agentsConfigSpec } from '@tender/agents';
import { gatewayConfigSpec } from '@tender/gateway';
import { bool, field, int, loadConfig, platformConfigSpec, ConfigError } from '@tender/platform';

/** The whole configuration of `tender start`: every part's fragment, read and validated together. */
export const tenderConfigSpec = {
  ...platformConfigSpec,
  ...gatewayConfigSpec,
  ...agentsConfigSpec,
  devnet: field({
    env: 'DEVNET',
    doc: 'Run the local anvil devnet (dev profile only; refused in production)',
    parse: bool,
    default: (p) => p === 'dev',
  }),
  devnetBlockTime: field({
    env: 'DEVNET_BLOCK_TIME',
    doc: 'Devnet block interval in seconds (0 = mine on demand)',
    parse: int(0, 60),
    default: 1,
  }),
} as const;

export type TenderConfig = ReturnType<typeof loadTenderConfig>;

export function loadTenderConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(tenderConfigSpec, env);
  // Rules across fields, reported the same way as single-field problems.
  const problems: string[] = [];
  if (config.profile === 'production' && config.devnet)
    problems.push('DEVNET must not be enabled in the production profile');
  if (problems.length) throw new ConfigError(problems);
  return config;
}
