import { ConfigError, loadConfig } from '@tender/platform';
import { describe, expect, it } from 'vitest';
import { gatewayConfigSpec } from '../config.ts';
import { gatewayAuthContext } from './authAdapters.ts';

describe('auth and email configuration', () => {
  it('has no mailer and no identity provider when nothing is configured', () => {
    const c = gatewayAuthContext(loadConfig(gatewayConfigSpec, {}));
    expect(c.mailer).toBeNull();
    expect(c.oidc).toBeNull();
  });

  it('builds both from SMTP_URL and OIDC_ISSUER + OIDC_CLIENT_ID, keeping the issuer verbatim', () => {
    const config = loadConfig(gatewayConfigSpec, {
      SMTP_URL: 'smtp://user:pa%40ss@relay.example:587',
      OIDC_ISSUER: 'https://tenant.example.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_PROVIDER_NAME: '  Example ID ',
      SESSION_TTL_SECONDS: '3600',
      SESSION_IDLE_SECONDS: '600',
    });
    expect(config.oidcIssuer).toBe('https://tenant.example.com/');
    expect(config.oidcProviderName).toBe('Example ID');
    const c = gatewayAuthContext(config);
    expect(c.mailer).not.toBeNull();
    expect(c.oidc?.issuer).toBe('https://tenant.example.com/');
    expect(c.auth).toEqual({ sessionTtlSeconds: 3600, sessionIdleSeconds: 600 });
  });

  it('refuses half an identity-provider configuration and bad values', () => {
    expect(() => gatewayAuthContext(loadConfig(gatewayConfigSpec, { OIDC_ISSUER: 'https://idp.example' }))).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(gatewayConfigSpec, { SMTP_URL: 'http://relay' })).toThrow(
      /SMTP_URL must use smtp or smtps/,
    );
    expect(() => loadConfig(gatewayConfigSpec, { SESSION_IDLE_SECONDS: '59' })).toThrow(
      /SESSION_IDLE_SECONDS must be between/,
    );
    expect(() => loadConfig(gatewayConfigSpec, { OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER must be a URL/);
    expect(() => loadConfig(gatewayConfigSpec, { OIDC_PROVIDER_NAME: ' ' })).toThrow(
      /OIDC_PROVIDER_NAME must be 1 to 60 characters, got 0/,
    );
  });
});
