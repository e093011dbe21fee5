import nodemailer from 'nodemailer';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb, startAgents, TEST_DOMAIN, type AgentsHarness } from '../_test/agentsTestKit.ts';
import { generateKeyPairSync } from 'node:crypto';
import { validateLocalPart } from './mailboxes.ts';
import { createSmtpTransport } from './transport.ts';

// The inbound MX over real SMTP sockets (nodemailer as the sending MTA), with mailboxes created directly in the
// database: no chain needed.
let db: Database;
let h: AgentsHarness;
let tenantId: string;
const box: Record<string, string> = {};

beforeAll(async () => {
  db = await openAgentsDb();
  h = await startAgents({ db, env: { SMTP_MAX_MESSAGE_BYTES: '4096' } });
  tenantId = (
    await db.query<{ id: string }>(`insert into agent_tenants (wallet_address) values ($1) returning id`, [
      '0x' + 'a'.repeat(40),
    ])
  )[0]!.id;
  for (const lp of ['inbox', 'second', 'gone']) {
    await db.query(`insert into agent_email_addresses (local_part, tenant_id) values ($1, $2)`, [lp, tenantId]);
    box[lp] = (
      await db.query<{ id: string }>(
        `insert into agent_mailboxes (tenant_id, local_part, display_name) values ($1, $2, $2) returning id`,
        [tenantId, lp],
      )
    )[0]!.id;
  }
  await db.query(`update agent_mailboxes set deleted_at = now() where id = $1`, [box.gone]);
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const mta = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: h.smtpPort,
    secure: false,
    ignoreTLS: true,
    name: 'sender.test',
  });

describe('inbound SMTP', () => {
  it('stores one message per active recipient mailbox with auth results and one email.received event each; a redelivery is a duplicate', async () => {
    const t = mta();
    const message = {
      from: 'Sender <sender@example.org>',
      to: [`inbox@${TEST_DOMAIN}`, `second@${TEST_DOMAIN}`],
      subject: 'Quarterly report',
      text: 'Body that must never appear in an event.',
      messageId: '<report-1@example.org>',
    };
    const info = await t.sendMail(message);
    expect(info.accepted).toHaveLength(2);
    await t.sendMail(message); // the same Message-ID again
    t.close();
    const rows = await db.query<{
      mailbox_id: string;
      subject: string;
      from_address: string;
      auth_results: { spf: unknown };
    }>(`select mailbox_id, subject, from_address, auth_results from agent_email_messages where direction = 'inbound'`);
    expect(rows.map((r) => r.mailbox_id).sort()).toEqual([box.inbox, box.second].sort());
    expect(rows[0]).toMatchObject({ subject: 'Quarterly report', from_address: 'sender@example.org' });
    expect(rows[0]!.auth_results.spf).toMatchObject({ result: expect.any(String) });
    const events = await db.query<{ payload: Record<string, unknown>; status: string; source: string }>(
      `select payload, status, source from agent_events where type = 'email.received'`,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ status: 'pending', source: 'email' });
    expect(Object.keys(events[0]!.payload).sort()).toEqual(
      ['emailId', 'eventId', 'from', 'mailboxId', 'receivedAt', 'subject', 'type'].sort(),
    );
    expect(JSON.stringify(events)).not.toContain('never appear');
  });

  it('is no open relay: other domains, unknown and deleted mailboxes are refused at RCPT TO', async () => {
    const t = mta();
    await expect(t.sendMail({ from: 'a@example.org', to: 'someone@example.com', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(t.sendMail({ from: 'a@example.org', to: `nobody@${TEST_DOMAIN}`, text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    const partial = await t.sendMail({
      from: 'a@example.org',
      to: [`gone@${TEST_DOMAIN}`, `inbox@${TEST_DOMAIN}`],
      text: 'x',
    });
    expect(partial.rejected).toEqual([`gone@${TEST_DOMAIN}`]);
    expect(partial.accepted).toEqual([`inbox@${TEST_DOMAIN}`]);
    t.close();
    expect(await db.query(`select 1 from agent_email_messages where mailbox_id = $1`, [box.gone])).toHaveLength(0);
  });

  it('refuses a message above the size bound with 552 and stores nothing', async () => {
    const before = await db.query(`select id from agent_email_messages`);
    const t = mta();
    await expect(
      t.sendMail({ from: 'a@example.org', to: `inbox@${TEST_DOMAIN}`, text: 'y'.repeat(10_000) }),
    ).rejects.toMatchObject({ responseCode: 552 });
    t.close();
    expect(await db.query(`select id from agent_email_messages`)).toHaveLength(before.length);
  });
});

describe('outbound transport', () => {
  it('DKIM-signs outbound mail when a key is configured and delivers own-domain mail to the inbound server', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const transport = createSmtpTransport({
      domain: TEST_DOMAIN,
      localInbound: () => ({ host: '127.0.0.1', port: h.smtpPort }),
      dkim: { selector: 'tender1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    });
    expect(transport.canDeliver('x@example.com')).toBe(false);
    const result = await transport.send({
      from: { name: 'Second', address: `second@${TEST_DOMAIN}` },
      to: [`inbox@${TEST_DOMAIN}`],
      subject: 'Signed',
      text: 'dkim',
      messageId: `dkim-1@${TEST_DOMAIN}`,
      date: new Date(),
    });
    transport.close();
    expect(result.accepted).toEqual([`inbox@${TEST_DOMAIN}`]);
    const [row] = await db.query<{ headers: Record<string, string>; auth_results: { dkim: { domain: string }[] } }>(
      `select headers, auth_results from agent_email_messages where message_id_header = $1`,
      [`dkim-1@${TEST_DOMAIN}`],
    );
    expect(row!.headers['dkim-signature']).toMatch(/d=agents\.localhost;[\s\S]*s=tender1/);
    // The key is not published in DNS (*.localhost), so the result is recorded but cannot be "pass".
    expect(row!.auth_results.dkim[0]).toMatchObject({ domain: TEST_DOMAIN });
  });
});

describe('mailbox names', () => {
  it('validates local parts and refuses reserved names', () => {
    expect(validateLocalPart('Agent.Smith-1')).toBe('agent.smith-1');
    for (const bad of ['', '.a', 'a.', 'a..b', 'a b', 'ü', 'x'.repeat(65), 'a@b']) {
      expect(() => validateLocalPart(bad), bad).toThrow(/localPart/);
    }
    for (const reserved of ['postmaster', 'ABUSE', 'hostmaster', 'mailer-daemon']) {
      expect(() => validateLocalPart(reserved)).toThrow(/reserved/);
    }
  });
});
