import type { Database, Logger, SecretBox } from '@tender/platform';
import type { AuthOverrides } from './auth/authSettings.ts';
import type { OidcVerifier } from './auth/oidc/oidcVerifier.ts';
import type { Mailer } from './email/mailer.ts';
import type { NetworkRegistry } from './networks/registry.ts';
import type { WebhookOverrides } from './webhooks/settings.ts';

/** What gateway operations and routes receive. No module-level singletons: everything comes through here. */
export interface GatewayContext {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: {
    publicUrl: string;
    profile: 'dev' | 'production';
    /** Base URL of the merchant web app, where email links point; `publicUrl` when unset. */
    dashboardUrl?: string | undefined;
    /** What this process runs (`tender start --role`): GET /readyz reports it. */
    roles?: readonly string[] | undefined;
  };
  /** Networks this deployment knows, with their RPC URL when configured (unavailable otherwise). */
  networks: readonly { id: string; environment: 'live' | 'test'; rpcUrl?: string | undefined }[];
  /** Chains in full (tokens, factory, relayer, confirmations): createNetworkRegistry(config, {devnet}). */
  networkRegistry?: NetworkRegistry;
  /** Outbound email; null or absent when SMTP_URL is unset (the email endpoints then answer 503). */
  mailer?: Mailer | null;
  /** Identity-provider id_token verifier; null or absent when OIDC is not configured (503 IDP_NOT_CONFIGURED). */
  oidc?: OidcVerifier | null;
  /** Session lifetimes, password hashing cost and sign-in rate limits; defaults in `authSettings.ts`. */
  auth?: AuthOverrides;
  /**
   * Encrypts secrets at rest (webhook endpoint secrets), from SECRET_BOX_KEYS; the dev profile keeps a key file under
   * TENDER_HOME. Absent: registering a webhook endpoint answers 503 and deliveries wait (they need the secret).
   */
  secretBox?: SecretBox;
  /** Webhook delivery settings (retry schedule, timeout, auto-disable, loopback in test mode): webhooks/settings.ts. */
  webhooks?: WebhookOverrides;
}
