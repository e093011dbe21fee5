import { agentsConfigSpec } from '@tender/agents';
import { gatewayConfigSpec, oidcPairProblem } from '@tender/gateway';
import { bool, field, int, platformConfigSpec, readConfig, ConfigError } from '@tender/platform';

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
  // Every problem in one message: the fields' own (a missing OPERATOR_PASSWORD) and the rules across fields (an
  // http public URL), so that one start names all there is to fix. A field with a problem is absent from `config`,
  // and the rules below skip what is absent.
  const { config, problems } = readConfig(tenderConfigSpec, env);
  const oidc = oidcPairProblem(config);
  if (oidc) problems.push(oidc);
  if (config.profile === 'production') {
    if (config.devnet) problems.push('DEVNET must not be enabled in the production profile');
    if (config.devMailCatcher)
      problems.push(
        'DEV_MAIL_CATCHER must not be enabled in the production profile (mail would be kept in the database instead of sent; set SMTP_URL and SMTP_RELAY_URL)',
      );
    // Public URLs reach browsers, merchants' servers and agents: over plain http a network path could read or
    // change checkout links, and the agents' realtime socket would not be wss:// as the agents spec requires.
    for (const [env, value] of [
      ['GATEWAY_PUBLIC_URL', config.gatewayPublicUrl],
      ['AGENTS_PUBLIC_URL', config.agentsPublicUrl],
      ['DASHBOARD_URL', config.dashboardUrl],
    ] as const) {
      if (value && !value.startsWith('https://'))
        problems.push(`${env} must use https in the production profile, got ${value.split(':')[0]}`);
    }
    if (config.webhookTestAllowLoopback)
      problems.push(
        'WEBHOOK_TEST_ALLOW_LOOPBACK must not be enabled in the production profile (webhooks to loopback would reach this host)',
      );
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}
