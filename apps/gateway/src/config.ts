import { bool, field, int, operatorConfigSpec, port, str, url } from '@tender/platform';
import { networkConfigSpec } from './networks/networkConfig.ts';
import { DEFAULT_SESSION_IDLE_SECONDS, DEFAULT_SESSION_TTL_SECONDS } from './auth/authSettings.ts';
import { DEFAULT_EMAIL_FROM } from './email/mailer.ts';
import { DEFAULT_JOBS_RETENTION_DAYS } from './upkeep/runUpkeep.ts';
import { DEFAULT_DISABLE_AFTER_DAYS, DEFAULT_WEBHOOK_CONCURRENCY } from './webhooks/settings.ts';

export const gatewayConfigSpec = {
  gatewayPort: field({ env: 'GATEWAY_PORT', doc: 'Gateway HTTP port', parse: port, default: 4000 }),
  gatewayPublicUrl: field({
    env: 'GATEWAY_PUBLIC_URL',
    doc: 'Public base URL of the gateway (checkout links); defaults to http://HOST:GATEWAY_PORT',
    parse: url('http', 'https'),
    required: 'production',
  }),
  dashboardUrl: field({
    env: 'DASHBOARD_URL',
    doc: 'Base URL of the merchant web app; email links open `<DASHBOARD_URL>/verify-email?token=…`; defaults to GATEWAY_PUBLIC_URL',
    parse: url('http', 'https'),
  }),
  smtpUrl: field({
    env: 'SMTP_URL',
    doc: 'Outbound SMTP relay for account email (`smtp://user:pass@host:587`, `smtps://…:465`); when unset the dev profile keeps every message in the dev mail catcher (DEV_MAIL_CATCHER) and production sends no email (the email endpoints answer 503 EMAIL_UNAVAILABLE)',
    parse: url('smtp', 'smtps'),
    secret: true,
  }),
  devMailCatcher: field({
    env: 'DEV_MAIL_CATCHER',
    doc: 'Dev profile only (refused in production): outbound mail of both services that has no relay (no SMTP_URL for the gateway, no SMTP_RELAY_URL for mail outside EMAIL_DOMAIN) is kept in the database and read at `/dev/mail/`, `/dev/mail/api/messages` and with `tender mail`',
    parse: bool,
    default: (profile) => profile === 'dev',
  }),
  emailFrom: field({
    env: 'EMAIL_FROM',
    doc: 'From address of account email',
    parse: str,
    default: DEFAULT_EMAIL_FROM,
  }),
  oidcIssuer: field({
    env: 'OIDC_ISSUER',
    doc: "OpenID Connect issuer for identity-provider sign-in, exactly as in its tokens' `iss` (its `/.well-known/openid-configuration` names the JWKS); sign-in is disabled (503 IDP_NOT_CONFIGURED) unless both OIDC_ISSUER and OIDC_CLIENT_ID are set",
    // Kept verbatim: `iss` is compared exactly, and some issuers end in a slash (url() would drop it).
    parse: (raw) => {
      url('http', 'https')(raw);
      return raw;
    },
  }),
  oidcClientId: field({
    env: 'OIDC_CLIENT_ID',
    doc: "This deployment's client id at the identity provider: the required `aud` of every id_token. Register `<DASHBOARD_URL>/dashboard/sign-in/idp` as its redirect URI, with the implicit flow's id_token response (no client secret)",
    parse: str,
  }),
  oidcProviderName: field({
    env: 'OIDC_PROVIDER_NAME',
    doc: 'How the dashboard names the identity provider on its button ("Sign in with <name>", 1 to 60 characters); defaults to the host of OIDC_ISSUER',
    parse: (raw) => {
      const name = raw.trim();
      if (name.length < 1 || name.length > 60) throw new Error(`must be 1 to 60 characters, got ${name.length}`);
      return name;
    },
  }),
  sessionTtlSeconds: field({
    env: 'SESSION_TTL_SECONDS',
    doc: 'Dashboard session lifetime from sign-in, in seconds',
    parse: int(300, 30 * 86_400),
    default: DEFAULT_SESSION_TTL_SECONDS,
  }),
  sessionIdleSeconds: field({
    env: 'SESSION_IDLE_SECONDS',
    doc: 'A session unused for this many seconds ends (idle timeout)',
    parse: int(60, 7 * 86_400),
    default: DEFAULT_SESSION_IDLE_SECONDS,
  }),
  // Webhooks (webhooks/settings.ts).
  webhookDisableAfterDays: field({
    env: 'WEBHOOK_DISABLE_AFTER_DAYS',
    doc: 'A webhook endpoint whose deliveries have only failed for this many days is disabled (audit entry webhook_endpoint.disabled)',
    parse: int(1, 90),
    default: DEFAULT_DISABLE_AFTER_DAYS,
  }),
  webhookTestAllowLoopback: field({
    env: 'WEBHOOK_TEST_ALLOW_LOOPBACK',
    doc: 'Test-mode webhook endpoints may point at loopback (localhost, 127.0.0.1, ::1); live endpoints never may (https and public addresses only)',
    parse: bool,
    default: (profile) => profile === 'dev',
  }),
  webhookConcurrency: field({
    env: 'WEBHOOK_CONCURRENCY',
    doc: 'Webhook deliveries in flight per worker process (their database work is batched); at most 64 connections go to one receiving host, the rest wait their turn',
    parse: int(1, 1000),
    default: DEFAULT_WEBHOOK_CONCURRENCY,
  }),
  // Table upkeep in the workers role (upkeep/runUpkeep.ts).
  jobsRetentionDays: field({
    env: 'JOBS_RETENTION_DAYS',
    doc: 'Done jobs are deleted this many days after they finished; until then their idempotency key stays known (enqueueing it again does nothing). Dead jobs are kept for the operator console',
    parse: int(1, 3650),
    default: DEFAULT_JOBS_RETENTION_DAYS,
  }),
  // Chains: RPC URLs, relayer keys, deposit factory, confirmations, watcher pacing (networks/networkConfig.ts).
  ...networkConfigSpec,
  // The operator console /admin/ (operator/): the same credentials as the agents' admin API.
  ...operatorConfigSpec,
} as const;
