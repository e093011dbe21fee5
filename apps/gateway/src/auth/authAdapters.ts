import { ConfigError } from '@tender/platform';
import type { GatewayServicesInput } from '../context.ts';
import { DEFAULT_EMAIL_FROM } from '../email/mailer.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';
import { createJoseOidcVerifier } from './oidc/joseOidcVerifier.ts';

/** The auth and email part of the loaded gateway configuration (gatewayConfigSpec). */
export interface GatewayAuthConfig {
  smtpUrl?: string | undefined;
  emailFrom?: string | undefined;
  oidcIssuer?: string | undefined;
  oidcClientId?: string | undefined;
  oidcProviderName?: string | undefined;
  sessionTtlSeconds?: number | undefined;
  sessionIdleSeconds?: number | undefined;
}

/**
 * The parts of the gateway context that come from the auth and email configuration: the SMTP mailer (null
 * without SMTP_URL), the OIDC verifier (null without OIDC_ISSUER and OIDC_CLIENT_ID) and session lifetimes.
 * Throws ConfigError when only one of the two OIDC variables is set.
 */
export function gatewayAuthContext(config: GatewayAuthConfig): Pick<GatewayServicesInput, 'mailer' | 'oidc' | 'auth'> {
  const oidc = oidcPairProblem(config);
  if (oidc) throw new ConfigError([oidc]);
  return {
    mailer: config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, from: config.emailFrom ?? DEFAULT_EMAIL_FROM })
      : null,
    oidc:
      config.oidcIssuer && config.oidcClientId
        ? createJoseOidcVerifier({
            issuer: config.oidcIssuer,
            clientId: config.oidcClientId,
            name: config.oidcProviderName,
          })
        : null,
    auth: {
      ...(config.sessionTtlSeconds ? { sessionTtlSeconds: config.sessionTtlSeconds } : {}),
      ...(config.sessionIdleSeconds ? { sessionIdleSeconds: config.sessionIdleSeconds } : {}),
    },
  };
}

/** The OIDC pair rule, also checked with every other setting at start (the CLI's configuration check). */
export function oidcPairProblem(config: Pick<GatewayAuthConfig, 'oidcIssuer' | 'oidcClientId'>): string | null {
  return !!config.oidcIssuer !== !!config.oidcClientId
    ? 'OIDC_ISSUER and OIDC_CLIENT_ID must be set together (or neither, to disable sign-in)'
    : null;
}
