import { ConfigError } from '@tender/platform';
import { describe, expect, it } from 'vitest';
import { loadTenderConfig } from './cliConfig.ts';

/** A production environment that passes every check; each test breaks one thing in it. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://tender@db.internal:5432/tender',
  SECRET_BOX_KEYS: `k1:${'ab'.repeat(32)}`,
  GATEWAY_PUBLIC_URL: 'https://pay.example.com',
  AGENTS_PUBLIC_URL: 'https://agents.example.com',
  OPERATOR_PASSWORD: 'a long operator password',
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadTenderConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe('loadTenderConfig production rules', () => {
  it('accepts a production configuration with https public URLs', () => {
    expect(problemsOf(production)).toEqual([]);
  });

  it.each(['GATEWAY_PUBLIC_URL', 'AGENTS_PUBLIC_URL', 'DASHBOARD_URL'])(
    'refuses an http:// %s in production, in one message naming the variable',
    (env) => {
      const problems = problemsOf({ ...production, [env]: 'http://plain.example.com' });
      expect(problems).toEqual([`${env} must use https in the production profile, got http`]);
      expect(() => loadTenderConfig({ ...production, [env]: 'http://plain.example.com' })).toThrow(
        /^Tender cannot start: the configuration has 1 problem\(s\):/,
      );
    },
  );

  it('refuses WEBHOOK_TEST_ALLOW_LOOPBACK=true in production', () => {
    expect(problemsOf({ ...production, WEBHOOK_TEST_ALLOW_LOOPBACK: 'true' })).toEqual([
      expect.stringMatching(/^WEBHOOK_TEST_ALLOW_LOOPBACK must not be enabled in the production profile/),
    ]);
    expect(problemsOf({ ...production, WEBHOOK_TEST_ALLOW_LOOPBACK: 'false' })).toEqual([]);
  });

  it('refuses DEV_MAIL_CATCHER=true in production (the dev mail catcher is off there by default)', () => {
    expect(problemsOf({ ...production, DEV_MAIL_CATCHER: 'true' })).toEqual([
      'DEV_MAIL_CATCHER must not be enabled in the production profile (mail would be kept in the database instead of sent; set SMTP_URL and SMTP_RELAY_URL)',
    ]);
    expect(() => loadTenderConfig({ ...production, DEV_MAIL_CATCHER: 'true' })).toThrow(/DEV_MAIL_CATCHER/);
    expect(loadTenderConfig(production).devMailCatcher).toBe(false);
    expect(loadTenderConfig({}).devMailCatcher).toBe(true);
  });

  it('names every problem in one message: missing fields, bad values and rules across fields together', () => {
    const env: NodeJS.ProcessEnv = {
      ...production,
      GATEWAY_PUBLIC_URL: 'http://pay.example.com',
      AGENTS_PUBLIC_URL: 'http://agents.example.com',
      OPERATOR_PASSWORD: '',
      DEVNET: 'true',
      DEVNET_BLOCK_TIME: '600',
      OIDC_ISSUER: 'https://id.example.com',
      WEBHOOK_TEST_ALLOW_LOOPBACK: 'true',
    };
    const problems = problemsOf(env);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OPERATOR_PASSWORD is required in the production profile/),
        expect.stringMatching(/^DEVNET_BLOCK_TIME must be between 0 and 60/),
        'OIDC_ISSUER and OIDC_CLIENT_ID must be set together (or neither, to disable sign-in)',
        'DEVNET must not be enabled in the production profile',
        'GATEWAY_PUBLIC_URL must use https in the production profile, got http',
        'AGENTS_PUBLIC_URL must use https in the production profile, got http',
        expect.stringMatching(/^WEBHOOK_TEST_ALLOW_LOOPBACK must not be enabled in the production profile/),
      ]),
    );
    expect(problems).toHaveLength(7);
    let message = '';
    try {
      loadTenderConfig(env);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Tender cannot start: the configuration has 7 problem\(s\):/);
    for (const name of ['OPERATOR_PASSWORD', 'DEVNET_BLOCK_TIME', 'OIDC_ISSUER', 'DEVNET must', 'GATEWAY_PUBLIC_URL'])
      expect(message).toContain(name);
  });

  it('still allows http:// public URLs and loopback webhooks in the dev profile', () => {
    expect(
      problemsOf({
        GATEWAY_PUBLIC_URL: 'http://127.0.0.1:4000',
        AGENTS_PUBLIC_URL: 'http://127.0.0.1:4100',
        WEBHOOK_TEST_ALLOW_LOOPBACK: 'true',
      }),
    ).toEqual([]);
  });
});
