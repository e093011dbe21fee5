// Mail to other domains without SMTP_RELAY_URL: kept by the dev mail catcher on the dev profile (what `tender start`
// gives), refused as before (422 RECIPIENT_NOT_DELIVERABLE) everywhere else; a configured relay always wins.
import { generateKeyPairSync } from 'node:crypto';
import { createLogger, loadConfig, type Database } from '@tender/platform';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb, TEST_DOMAIN } from '../_test/agentsTestKit.ts';
import { agentsConfigSpec } from '../config.ts';
import { AgentError } from '../http/errors.ts';
import { ProviderTemporaryFailure } from '../paywall/providerFailure.ts';
import { createAgentsServices } from '../runtime.ts';
import { createSmtpTransport, type OutboundMailCatcher } from './transport.ts';

function recordingCatcher() {
  const kept: { raw: Buffer; envelope: { from: string; to: readonly string[] }; source: string }[] = [];
  const catcher: OutboundMailCatcher = {
    async keep(raw, envelope, source) {
      kept.push({ raw, envelope, source });
      return `mail_${kept.length}`;
    },
  };
  return { kept, catcher };
}

const message = (to: string[]) => ({
  from: { name: 'Helper', address: `helper@${TEST_DOMAIN}` },
  to,
  subject: 'Re: Question',
  text: 'On it.',
  messageId: `reply-1@${TEST_DOMAIN}`,
  date: new Date('2026-11-27T00:00:00Z'),
});

describe('outbound mail with the dev mail catcher', () => {
  it('keeps mail to other domains, DKIM-signed like relayed mail, and reports it accepted', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { kept, catcher } = recordingCatcher();
    const transport = createSmtpTransport({
      domain: TEST_DOMAIN,
      localInbound: () => ({ host: '127.0.0.1', port: 1 }),
      dkim: { selector: 'tender1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      catcher,
    });
    expect(transport.canDeliver('someone@example.org')).toBe(true);
    const result = await transport.send(message(['someone@example.org']));
    transport.close();
    expect(result).toEqual({
      accepted: ['someone@example.org'],
      rejected: [],
      responses: { catcher: '250 kept by the dev mail catcher as mail_1' },
    });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.envelope).toEqual({ from: `helper@${TEST_DOMAIN}`, to: ['someone@example.org'] });
    expect(kept[0]!.source).toBe('agents');
    const parsed = await simpleParser(kept[0]!.raw);
    expect(parsed.subject).toBe('Re: Question');
    expect(parsed.messageId).toBe(`<reply-1@${TEST_DOMAIN}>`);
    expect(parsed.headers.get('dkim-signature')).toBeDefined();
  });

  it('sends through a configured relay instead (the catcher is never used)', async () => {
    const { kept, catcher } = recordingCatcher();
    // A relay nobody answers on: the send fails as a temporary failure, as any relay outage does.
    const transport = createSmtpTransport({
      domain: TEST_DOMAIN,
      localInbound: () => ({ host: '127.0.0.1', port: 1 }),
      relayUrl: 'smtp://127.0.0.1:1',
      catcher,
    });
    await expect(transport.send(message(['someone@example.org']))).rejects.toBeInstanceOf(ProviderTemporaryFailure);
    transport.close();
    expect(kept).toEqual([]);
  });

  it('refuses other domains without a relay or catcher, as before', async () => {
    const transport = createSmtpTransport({
      domain: TEST_DOMAIN,
      localInbound: () => ({ host: '127.0.0.1', port: 1 }),
    });
    expect(transport.canDeliver('someone@example.org')).toBe(false);
    const err = await transport.send(message(['someone@example.org'])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect(err).toMatchObject({ code: 'RECIPIENT_NOT_DELIVERABLE' });
  });
});

describe('the agents service and the dev mail catcher', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openAgentsDb();
  });
  afterAll(() => db?.close());

  async function canDeliverExternal(env: Record<string, string>) {
    const config = loadConfig(agentsConfigSpec, { EMAIL_DOMAIN: TEST_DOMAIN, ...env });
    const services = await createAgentsServices(config, {
      db,
      logger: createLogger({ level: 'silent' }),
      mailCatcher: recordingCatcher().catcher,
    });
    try {
      return {
        canDeliver: services.ctx.mail.canDeliver('someone@example.org'),
        summary: services.summary.find((l) => l.startsWith('email:')),
      };
    } finally {
      await services.close();
    }
  }

  it('uses it on the dev profile and never on production (mail outside the domain stays refused there)', async () => {
    expect(await canDeliverExternal({})).toEqual({
      canDeliver: true,
      summary: `email: @${TEST_DOMAIN}; outbound other domains to the dev mail catcher (/dev/mail/); DKIM off`,
    });
    expect(
      await canDeliverExternal({
        NODE_ENV: 'production',
        AGENTS_PUBLIC_URL: 'https://agents.example',
        OPERATOR_PASSWORD: 'an operator password',
      }),
    ).toEqual({
      canDeliver: false,
      summary: `email: @${TEST_DOMAIN}; outbound own domain only (no SMTP_RELAY_URL); DKIM off`,
    });
  });
});
