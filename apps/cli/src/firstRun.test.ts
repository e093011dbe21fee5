// `npm start` with nothing configured, as a newcomer lives it in Chromium: sign up, read the verification mail in
// the dev mail catcher (/dev/mail/), follow its link and see live mode unlocked; send an invoice and find its mail
// with the PDF in the catcher; sign in as the dev merchant with the password the start printed and see the payment
// `tender trigger` made. `tender mail --json` lists the same messages.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devnetAccounts } from '@tender/evm';
import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../../../apps/web/src/_test/browser.ts';
import { bootTender, type BootedTender } from './_test/bootTender.ts';
import { waitFor, type TenderChild } from './_test/tenderProcess.ts';
import { createAgent, type DeliveredEvent } from '../../../packages/agent/src/index.ts';
import { readDevJson } from './devJson.ts';

const root = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);
const PASSWORD = 'a first-run password';

interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string | null;
  links: string[];
  attachments: { filename: string; content_type: string; size: number; url: string }[];
}

let env: Record<string, string>;
let tender: TenderChild;
let browser: Browser;
let booted: BootedTender | undefined;
let dev: {
  gateway: { url: string; testApiKey: string };
  agents: { url: string; smtpPort: number };
  mail: { url: string; api: string };
  dashboard: { url: string; email: string; password: string };
};

beforeAll(async () => {
  // Nothing configured: no SMTP_URL, no SMTP_RELAY_URL (the developer's shell may have them).
  for (const name of ['SMTP_URL', 'SMTP_RELAY_URL', 'DEV_MAIL_CATCHER']) delete process.env[name];
  const starting = bootTender({ healthyMs: 240_000 });
  browser = await launchChromium().catch(async (err: unknown) => {
    await (await starting.catch(() => undefined))?.stop();
    throw err;
  });
  booted = await starting;
  ({ env, tender } = booted);
  dev = (await readDevJson(env.TENDER_HOME!)) as unknown as typeof dev;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (booted) expect(await booted.stop()).toBe(0);
});

async function caught(): Promise<CaughtMail[]> {
  const res = await fetch(dev.mail.api);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: CaughtMail[] }).data;
}

const mailTo = (address: string) =>
  waitFor(async () => (await caught()).find((m) => m.to.includes(address)), 60_000, `mail to ${address}`);

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${dev.gateway.url}/dashboard/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
}

describe(`first run on npm start with nothing configured (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('prints the dashboard login, the mail catcher and the test tokens', () => {
    const out = tender.output();
    expect(dev.mail).toEqual({
      url: `${dev.gateway.url}/dev/mail/`,
      api: `${dev.gateway.url}/dev/mail/api/messages`,
    });
    expect(dev.dashboard).toEqual({
      url: `${dev.gateway.url}/dashboard/`,
      email: 'dev@tender.localhost',
      password: expect.stringMatching(/^[\w-]{20}$/),
    });
    expect(out).toContain(
      `Merchant dashboard ${dev.dashboard.url}  sign in: dev@tender.localhost / ${dev.dashboard.password}`,
    );
    expect(out).toContain(`Mail catcher       ${dev.mail.url}`);
    expect(out).toMatch(
      /Test tokens {8}devnet accounts 0-9 \(mnemonic in dev\.json\) each hold 1,000,000 USDC, EURC and USDT/,
    );
    expect(out).toContain('outbound other domains to the dev mail catcher (/dev/mail/)');
  });

  it('/llms.txt tells agents where their mail outside the domain goes and which devnet wallets can pay', async () => {
    const llms = await (await fetch(`${dev.agents.url}/llms.txt`)).text();
    expect(llms).toContain(`the dev mail catcher keeps it. Read it at ${dev.mail.url}`);
    expect(llms).toContain('each hold 1,000,000 test USDC, EURC and USDT');
  });

  it('sign up, the verification mail in /dev/mail/, its link, live mode unlocked', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const email = `newcomer-${process.pid}@example.com`;
    await page.goto(`${dev.gateway.url}/dashboard/`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Business name').fill('First Run Tea');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
    const live = page.getByRole('radio', { name: 'Live mode' });
    expect(await live.isDisabled()).toBe(true);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Verify your Tender email address');
    const verifyLink = mail.links.find((l) => l.startsWith(`${dev.gateway.url}/verify-email?token=`));
    expect(verifyLink).toBeDefined();

    // The catcher's page: the list, then the message with its views; the link is followed from the page.
    const inbox = await context.newPage();
    await inbox.goto(dev.mail.url);
    const row = inbox.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(inbox, 'dev-mail-list.png');
    await row.getByRole('link', { name: 'Verify your Tender email address' }).click();
    await inbox.getByRole('heading', { name: 'Verify your Tender email address' }).waitFor();
    // The message's HTML is in a sandboxed frame: no scripts, an opaque origin.
    const frame = inbox.locator('iframe[title="HTML view"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(await inbox.frameLocator('iframe[title="HTML view"]').locator('body').textContent()).toContain(
      'First Run Tea',
    );
    expect(await inbox.locator('#text pre').textContent()).toContain(verifyLink!);
    expect(await inbox.locator('#headers').textContent()).toContain('Message-ID');
    await screenshot(inbox, 'dev-mail-verification.png');
    const [verifyPage] = await Promise.all([
      context.waitForEvent('page'),
      inbox.locator('#links').getByRole('link', { name: verifyLink! }).click(),
    ]);
    await verifyPage.getByText(email).first().waitFor({ timeout: 20_000 });
    // The page drops the token from its address once used.
    expect(verifyPage.url()).toBe(`${dev.gateway.url}/verify-email`);
    await screenshot(verifyPage, 'dev-mail-verified.png');

    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('radio', { name: 'Live mode' }).isDisabled()).toBe(false);
    await context.close();
  }, 120_000);

  it('an invoice mail with its PDF lands in the catcher; the attachment downloads from the page', async () => {
    const customer = `customer-${process.pid}@example.org`;
    const res = await fetch(`${dev.gateway.url}/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dev.gateway.testApiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        customer_name: 'Ada Customer',
        customer_email: customer,
        line_items: [{ description: 'Green tea', quantity: 2, unit_amount: '4.50' }],
      }),
    });
    expect(res.status).toBe(201);
    const invoice = (await res.json()) as { id: string; number: string; delivery: { email: string } };
    expect(invoice.delivery.email).toBe('queued');
    const mail = await mailTo(customer);
    expect(mail.subject).toContain(`Invoice ${invoice.number}`);
    expect(mail.attachments).toEqual([
      {
        filename: `invoice-${invoice.number}.pdf`,
        content_type: 'application/pdf',
        size: expect.any(Number),
        url: `${dev.mail.api}/${mail.id}/attachments/0`,
      },
    ]);
    expect(mail.links).toContain(`${dev.gateway.url}/invoice/${invoice.id}`);
    await waitFor(
      async () => {
        const r = await fetch(`${dev.gateway.url}/v1/invoices/${invoice.id}`, {
          headers: { authorization: `Bearer ${dev.gateway.testApiKey}` },
        });
        const body = (await r.json()) as { delivery: { email: string } };
        return body.delivery.email === 'sent' ? true : undefined;
      },
      30_000,
      'the invoice marked sent',
    );

    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${dev.mail.url}messages/${mail.id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .locator('#attachments')
        .getByRole('link', { name: `invoice-${invoice.number}.pdf` })
        .click(),
    ]);
    const path = join(env.TENDER_HOME!, 'invoice.pdf');
    await download.saveAs(path);
    const { readFile } = await import('node:fs/promises');
    const pdf = await readFile(path);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBe(mail.attachments[0]!.size);
    await screenshot(page, 'dev-mail-invoice.png');
    await context.close();
  }, 120_000);

  it('the dev merchant signs in with the printed email and password and sees the payment tender trigger made', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/cli/src/main.ts', 'trigger', 'payment.completed', '--json'],
      { cwd: root, env: { ...process.env, ...env }, timeout: 120_000 },
    );
    const { intent } = JSON.parse(stdout.trim().split('\n').pop()!) as { intent: string };
    expect(intent).toMatch(/^pi_/);

    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await signIn(page, dev.dashboard.email, dev.dashboard.password);
    // Verified: live mode is open to the dev merchant too.
    expect(await page.getByRole('radio', { name: 'Live mode' }).isDisabled()).toBe(false);
    await page.goto(`${dev.gateway.url}/dashboard/payments/${intent}`);
    await page.getByRole('heading', { name: '10.00 USDC' }).waitFor({ timeout: 20_000 });
    expect(await page.textContent('body')).toContain(intent);
    await screenshot(page, 'dev-merchant-payment.png');
    await context.close();
  }, 180_000);

  it("an agent's reply to a mail from someone@example.org lands in the catcher (no 422)", async () => {
    const agents = dev.agents;
    const agent = await createAgent({ account: devnetAccounts()[4]!, baseUrl: agents.url });
    try {
      const inbox = await agent.email.createMailbox({ localPart: `helper-${process.pid}`, displayName: 'Helper' });
      // The README's mail-agent pattern: answer every mail received.
      const replies: unknown[] = [];
      agent.on('email.received', async (e: DeliveredEvent) => {
        const p = e.payload as { mailboxId: string; from: string; subject: string };
        replies.push(
          await agent.email.send({ mailboxId: p.mailboxId, to: [p.from], subject: `Re: ${p.subject}`, text: 'On it.' }),
        );
      });
      await agent.connected();
      const smtp = nodemailer.createTransport({
        host: '127.0.0.1',
        port: agents.smtpPort,
        secure: false,
        ignoreTLS: true,
      });
      await smtp.sendMail({
        from: 'someone@example.org',
        to: inbox.data.address,
        subject: `Question ${process.pid}`,
        text: 'Can you help?',
      });
      smtp.close();
      const reply = await mailTo('someone@example.org');
      expect(reply).toMatchObject({
        subject: `Re: Question ${process.pid}`,
        text: expect.stringContaining('On it.'),
        from: expect.stringContaining(inbox.data.address),
      });
      expect(replies).toHaveLength(1);
    } finally {
      await agent.close();
    }
  }, 120_000);

  it('tender mail --json prints the caught mail, oldest first', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', 'mail', '--json'], {
      cwd: root,
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as CaughtMail);
    expect(lines.map((m) => m.id)).toEqual((await caught()).map((m) => m.id).reverse());
    expect(lines.some((m) => m.subject === 'Verify your Tender email address')).toBe(true);

    // --follow: what is there, then each new message once, until Ctrl-C (exit 0).
    const follow = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', 'mail', '--follow', '--json'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    follow.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => follow.once('exit', (code) => resolve(code)));
    const printed = () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as CaughtMail);
    await waitFor(async () => (printed().length === lines.length ? true : undefined), 60_000, 'the caught mail');
    const signup = await fetch(`${dev.gateway.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Followed',
        email: `followed-${process.pid}@example.com`,
        password: PASSWORD,
      }),
    });
    expect(signup.status).toBe(201);
    const next = await waitFor(
      async () => (printed().length > lines.length ? printed().at(-1) : undefined),
      30_000,
      'the new mail printed',
    );
    expect(next.to).toEqual([`followed-${process.pid}@example.com`]);
    follow.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(printed()).toHaveLength(lines.length + 1);
  }, 120_000);
});
