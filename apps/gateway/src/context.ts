import type { Database, Logger, SecretBox } from '@tender/platform';
import type { ApiKeyCache } from './apiKeys/apiKeyCache.ts';
import type { AuthOverrides, AuthSettings } from './auth/authSettings.ts';
import type { OidcVerifier } from './auth/oidc/oidcVerifier.ts';
import type { Mailer } from './email/mailer.ts';
import type { OperatorConsoleSettings } from './operatorSettings.ts';
import type { NetworkRegistry } from './networks/registry.ts';
import type { IntentBatcher } from './payments/intentBatcher.ts';
import type { PlugPoints } from './plugPoints.ts';
import type { IntentSettingsCache } from './payments/intentSettings.ts';
import type { WebhookOverrides, WebhookSettings } from './webhooks/settings.ts';

/**
 * What gateway operations and routes receive: every setting resolved once and every process-wide object built once,
 * by `createGatewayServices` (runtime.ts). No field is optional and nothing is resolved again at a use: a part that
 * is not configured is an explicit value (`null`) whose users answer the documented 503. No module-level
 * singletons: everything comes through here.
 *
 * This module imports only leaf modules (types that import nothing of the gateway back), so it closes no cycle.
 */
export interface GatewayContext {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: {
    publicUrl: string;
    profile: 'dev' | 'production';
    /** Base URL of the merchant web app, where email links point (`publicUrl` unless DASHBOARD_URL is set). */
    dashboardUrl: string;
    /** What this process runs (`tender start --role`): GET /readyz reports it. */
    roles: readonly string[];
  };
  /** Chains in full (tokens, factory, relayer, confirmations, RPC URL or why unavailable). */
  networkRegistry: NetworkRegistry;
  /** Outbound email; null without SMTP_URL (the email endpoints answer 503 EMAIL_UNAVAILABLE). */
  mailer: Mailer | null;
  /** Identity-provider id_token verifier; null without OIDC (503 IDP_NOT_CONFIGURED). */
  oidc: OidcVerifier | null;
  /** Session lifetimes, password hashing cost and sign-in rate limits. */
  auth: AuthSettings;
  /**
   * Encrypts secrets at rest (webhook endpoint secrets), from SECRET_BOX_KEYS; the dev profile keeps a key file under
   * TENDER_HOME. Null: registering a webhook endpoint answers 503 WEBHOOKS_UNAVAILABLE and deliveries wait.
   */
  secretBox: SecretBox | null;
  /** Webhook delivery settings (retry schedule, timeout, auto-disable, loopback in test mode). */
  webhooks: WebhookSettings;
  /** API-key lookups cached in this process, kept current by LISTEN (apiKeys/apiKeyCache.ts). */
  apiKeys: ApiKeyCache;
  /** Group commit of intent creation (payments/intentBatcher.ts). */
  intents: IntentBatcher;
  /** Each tenant's intent settings, cached per process (payments/intentSettings.ts). */
  settings: IntentSettingsCache;
  /**
   * Writes a network's chain to disk; awaited before a fact read from that chain is committed (a transfer, a refund,
   * a mined sweep), so that a crash of the chain never takes back what the database recorded. The devnet's state
   * file in the process that runs it; resolves at once for every other network and process.
   */
  persistChain: (network: string) => Promise<void>;
  /** What the features plug into the hubs (plugPoints.ts), filled by runtime.ts. */
  plugs: PlugPoints;
  /** The operator console /admin/ (operator/): OPERATOR_USERNAME / OPERATOR_PASSWORD and the agents' part. */
  operator: OperatorConsoleSettings;
}

/** What a caller gives `createGatewayServices`: anything left out takes its one default there. */
export interface GatewayServicesInput {
  db: Database;
  logger: Logger;
  now?: () => Date;
  config: {
    publicUrl: string;
    profile: 'dev' | 'production';
    dashboardUrl?: string | undefined;
    roles?: readonly string[] | undefined;
  };
  /** Default: the built-in networks with nothing configured (no RPC URLs: every network unavailable). */
  networkRegistry?: NetworkRegistry;
  mailer?: Mailer | null;
  oidc?: OidcVerifier | null;
  auth?: AuthOverrides;
  secretBox?: SecretBox | null;
  webhooks?: WebhookOverrides;
  /** Chains this process persists, by network id (the devnet's owner); default none. */
  persistChain?: Readonly<Record<string, () => Promise<void>>>;
  /** Default: no operator password (the console answers 503), no agents. */
  operator?: Partial<OperatorConsoleSettings>;
}
