// The payment-link, invoice and verify-email pages in Chromium against a real gateway (no chain needed). The
// link and invoice APIs are built elsewhere: their pages are tested here against the agreed JSON contract with
// the browser's requests answered by the test (page.route), and end to end once the gateway serves those routes.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, linkToken } from '../../gateway/src/_test/smtpCapture.ts';
import { createTestGateway, uniqueEmail, type TestGateway } from '../../gateway/src/_test/testGateway.ts';
import { createSmtpMailer } from '../../gateway/src/email/smtpMailer.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

let g: TestGateway;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  smtp = await startSmtpCapture();
  g = await createTestGateway({
    mailer: createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' }),
    jobs: true,
    webDir: dir,
  });
  base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  // Email links point at the dashboard URL, which defaults to the gateway that serves the page.
  g.ctx.config.dashboardUrl = base;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await g?.close();
  await smtp?.close();
});

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

const link = {
  id: 'plink_test1',
  object: 'payment_link',
  active: true,
  name: 'Coffee subscription',
  description: 'One bag a month',
  amount: '18.5',
  amount_units: '18500000',
  currency: 'USDC',
  networks: ['devnet'],
  checkout_methods: ['WALLET', 'ADDRESS'],
  business_name: 'Fake Roasters',
  livemode: false,
  accepting_payments: true,
};

const invoice = {
  id: 'inv_test1',
  object: 'invoice',
  number: 'INV-0042',
  status: 'OPEN',
  customer_name: 'Ada Lovelace',
  memo: 'Thank you for your business',
  currency: 'USDC',
  line_items: [
    {
      description: 'Espresso beans 1 kg',
      quantity: 2,
      unit_amount: '24',
      unit_amount_units: '24000000',
      amount: '48',
      amount_units: '48000000',
    },
    {
      description: 'Grinder service',
      quantity: 1,
      unit_amount: '1250.25',
      unit_amount_units: '1250250000',
      amount: '1250.25',
      amount_units: '1250250000',
    },
  ],
  total: '1298.25',
  total_units: '1298250000',
  due_date: '2026-12-31',
  business_name: 'Fake Roasters',
  payment_intent_id: 'pi_fromInvoice',
  checkout_url: '', // set per test to this gateway
  pdf_url: '',
  livemode: false,
  accepting_payments: true,
};

async function newPage(width = 360): Promise<{ page: Page; logs: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 780 } });
  return { page, logs: recordConsole(page) };
}

describe('payment link page (contract, fake API)', () => {
  it('shows the link and hands the customer to the new intent’s checkout', async () => {
    const { page } = await newPage();
    const posted: string[] = [];
    await page.route(`${base}/public/payment-links/plink_test1`, (r) => json(r, 200, link));
    await page.route(`${base}/public/payment-links/plink_test1/intents`, (r) => {
      posted.push(r.request().method());
      return json(r, 201, { payment_intent_id: 'pi_fromLink', checkout_url: `${base}/checkout/pi_fromLink` });
    });
    await page.goto(`${base}/pay/plink_test1`);
    await page.getByRole('heading', { name: 'Coffee subscription' }).waitFor();
    const text = await page.textContent('body');
    for (const t of ['Fake Roasters', '18.50', 'USDC', 'One bag a month']) expect(text).toContain(t);
    expect(await page.getByTestId('test-mode').isVisible()).toBe(true);
    expect(await page.title()).toBe('Coffee subscription · Fake Roasters');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay 18.50 USDC' }).click();
    await page.waitForURL(`${base}/checkout/pi_fromLink?locale=en`);
    expect(posted).toEqual(['POST']);
    await page.close();
  });

  it('an inactive link says so, whether the link says it or the start is refused with PAYMENT_LINK_INACTIVE', async () => {
    const { page } = await newPage();
    await page.route(`${base}/public/payment-links/plink_off`, (r) =>
      json(r, 200, { ...link, id: 'plink_off', active: false }),
    );
    await page.goto(`${base}/pay/plink_off`);
    await page.getByRole('heading', { name: 'This payment link is no longer active' }).waitFor();
    await page.close();

    const { page: p2 } = await newPage();
    await p2.route(`${base}/public/payment-links/plink_raced`, (r) => json(r, 200, { ...link, id: 'plink_raced' }));
    await p2.route(`${base}/public/payment-links/plink_raced/intents`, (r) =>
      json(r, 409, {
        error: {
          type: 'invalid_request_error',
          code: 'PAYMENT_LINK_INACTIVE',
          message: 'inactive',
          request_id: 'req_1',
        },
      }),
    );
    await p2.goto(`${base}/pay/plink_raced`);
    await p2.getByRole('button', { name: /^Pay / }).click();
    await p2.getByRole('heading', { name: 'This payment link is no longer active' }).waitFor();
    await p2.close();
  });

  it('an unknown link shows the API’s message', async () => {
    const { page } = await newPage();
    await page.route(`${base}/public/payment-links/plink_nope`, (r) =>
      json(r, 404, {
        error: {
          type: 'invalid_request_error',
          code: 'RESOURCE_NOT_FOUND',
          message: 'No payment link plink_nope',
          request_id: 'req_2',
        },
      }),
    );
    await page.goto(`${base}/pay/plink_nope`);
    await page.getByRole('heading', { name: 'This payment link is not available' }).waitFor();
    expect(await page.textContent('body')).toContain('No payment link plink_nope');
    await page.close();
  });
});

describe('invoice page (contract, fake API)', () => {
  it('shows number, merchant, customer, line items, total, due date and status, with pay and PDF links', async () => {
    const { page } = await newPage(1280);
    const body = {
      ...invoice,
      checkout_url: `${base}/checkout/pi_fromInvoice`,
      pdf_url: `${base}/public/invoices/inv_test1/pdf`,
    };
    await page.route(`${base}/public/invoices/inv_test1`, (r) => json(r, 200, body));
    await page.goto(`${base}/invoice/inv_test1`);
    await page.getByRole('heading', { name: /Invoice INV-0042/ }).waitFor();
    const text = await page.textContent('body');
    for (const t of [
      'Fake Roasters',
      'Ada Lovelace',
      'Espresso beans 1 kg',
      'Grinder service',
      '1,250.25',
      'December 31, 2026',
      'open',
      'Thank you for your business',
    ]) {
      expect(text).toContain(t);
    }
    expect(await page.getByTestId('invoice-total').textContent()).toBe('1,298.25\u00a0USDC');
    // The checkout opens in the reader's language.
    expect(await page.getByRole('link', { name: 'Pay 1,298.25 USDC' }).getAttribute('href')).toBe(
      `${body.checkout_url}?locale=en`,
    );
    expect(await page.getByTestId('test-mode').textContent()).toBe('Test mode');
    expect(await page.title()).toBe('Invoice INV-0042 · Fake Roasters');
    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(body.pdf_url);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'invoice-1280.png');
    await page.close();
  });

  it('a paid invoice offers no pay button', async () => {
    const { page } = await newPage();
    await page.route(`${base}/public/invoices/inv_paid`, (r) =>
      json(r, 200, {
        ...invoice,
        id: 'inv_paid',
        status: 'PAID',
        checkout_url: `${base}/checkout/pi_x`,
        pdf_url: null,
      }),
    );
    await page.goto(`${base}/invoice/inv_paid`);
    await page.getByRole('heading', { name: /Invoice INV-0042/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Pay/ }).count()).toBe(0);
    await page.close();
  });
});

describe('checkout of a CREATED intent (contract of POST /public/payment-intents/{id}/open, fake API)', () => {
  it('shows the network choice, opens the intent on the chosen network, shows that network’s address; once paid, returns to success_url', async () => {
    const { page } = await newPage();
    const network = (id: string, name: string, chainId: number, deposit: string) => ({
      network: id,
      name,
      chain_id: chainId,
      token_symbol: 'USDC',
      token_address: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      token_decimals: 6,
      deposit_address: deposit,
      wallet_checkout_supported: true,
      confirmations_required: 3,
      rpc_url: null,
      explorer_url: null,
    });
    const view = (status: string) => ({
      id: 'pi_created1',
      object: 'public_payment_intent',
      status,
      amount: '7.25',
      amount_units: '7250000',
      currency: 'USDC',
      decimals: 6,
      description: null,
      order_reference: null,
      business_name: 'Fake Roasters',
      livemode: false,
      expires_at: new Date(Date.now() + 600_000).toISOString(),
      checkout_methods: ['ADDRESS'],
      success_url: null,
      cancel_url: 'https://shop.example/cart',
      amount_received: '0',
      amount_received_units: '0',
      amount_remaining: '7.25',
      amount_remaining_units: '7250000',
      amount_excess: '0',
      amount_excess_units: '0',
      amount_refunded: '0',
      amount_refunded_units: '0',
      networks: [
        network('base-sepolia', 'Base Sepolia', 84532, '0x1111111111111111111111111111111111111111'),
        network('arbitrum-sepolia', 'Arbitrum Sepolia', 421614, '0x2222222222222222222222222222222222222222'),
      ],
      latest_transfer: null,
      foreign_transfers: [],
      server_time: new Date().toISOString(),
    });
    let status = 'CREATED';
    const opened: unknown[] = [];
    await page.route(`${base}/public/payment-intents/pi_created1`, (r) => json(r, 200, view(status)));
    await page.route(`${base}/public/payment-intents/pi_created1/open`, (r) => {
      opened.push(r.request().postDataJSON());
      status = 'AWAITING_PAYMENT';
      return json(r, 200, { id: 'pi_created1', status });
    });
    await page.goto(`${base}/checkout/pi_created1`);
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    expect(await page.getByTestId('deposit-address').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cancel and return to Fake Roasters' }).getAttribute('href')).toBe(
      'https://shop.example/cart',
    );
    await page.getByLabel('Arbitrum Sepolia').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('deposit-address').waitFor();
    expect(opened).toEqual([{ network: 'arbitrum-sepolia' }]);
    expect(await page.getByTestId('deposit-address').textContent()).toBe('0x2222222222222222222222222222222222222222');
    // Only the methods the merchant allowed: no wallet choice.
    expect(await page.getByLabel('Pay with a browser wallet').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Paid: the page returns the customer to the merchant's success_url on its own.
    await page.route('https://shop.example/thanks', (r) =>
      r.fulfill({ status: 200, contentType: 'text/html', body: '<title>thanks</title>' }),
    );
    await page.route(`${base}/public/payment-intents/pi_paid1`, (r) =>
      json(r, 200, {
        ...view('PAID'),
        id: 'pi_paid1',
        success_url: 'https://shop.example/thanks',
        amount_received: '7.25',
        amount_received_units: '7250000',
        amount_remaining: '0',
        amount_remaining_units: '0',
      }),
    );
    await page.goto(`${base}/checkout/pi_paid1`);
    await page.getByRole('heading', { name: 'Paid', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Fake Roasters' }).getAttribute('href')).toBe(
      'https://shop.example/thanks',
    );
    expect(await page.getByRole('link', { name: /^Cancel/ }).count()).toBe(0);
    await page.waitForURL('https://shop.example/thanks', { timeout: 10_000 });
    await page.close();
  });
});

describe('payment link and invoice pages end to end', () => {
  it('GET /public/payment-links/{id} is served by the gateway', async () => {
    const r = await fetch(`${base}/public/payment-links/plink_unknown`);
    const body = (await r.json()) as { error?: { code?: string } };
    // An unknown link of the route answers RESOURCE_NOT_FOUND (the router's "no such route" would be NOT_FOUND).
    expect([r.status, body.error?.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
  });
});

describe('merchant dashboard address', () => {
  it('/dashboard, as people type it, is sent on to /dashboard/', async () => {
    const r = await fetch(`${base}/dashboard`, { redirect: 'manual' });
    expect([r.status, r.headers.get('location')]).toEqual([308, '/dashboard/']);
    const page = await fetch(`${base}/dashboard`);
    expect([page.status, page.url, page.headers.get('content-type')]).toEqual([
      200,
      `${base}/dashboard/`,
      expect.stringContaining('text/html'),
    ]);
  });
});

describe(`verify-email page (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the emailed link confirms the address once; opening it again says it was used', async () => {
    const email = uniqueEmail('web-verify');
    const r = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ business_name: 'Verify Co', email, password: 'p'.repeat(12) }),
    });
    expect(r.status).toBe(201);
    const mail = await smtp.waitFor(email);
    const url = mail.text.split(/\s+/).find((w) => w.startsWith(`${base}/verify-email?token=`));
    expect(url).toBeDefined();
    expect(url).toContain(linkToken(mail));

    const { page, logs } = await newPage();
    await page.goto(url!);
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    expect(await page.textContent('body')).toContain(email);
    // The token leaves the address bar once used, and the page never logged it.
    expect(page.url()).toBe(`${base}/verify-email`);
    expect(logs.join('\n')).not.toContain(linkToken(mail));
    const [u] = await g.db.query<{ email_verified_at: Date | null }>(
      'select email_verified_at from users where email = $1',
      [email],
    );
    expect(u!.email_verified_at).not.toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(url!);
    await page.getByRole('heading', { name: 'This link was already used or is no longer valid' }).waitFor();
    await page.close();
  });

  it('an expired link says it expired', async () => {
    const email = uniqueEmail('web-expired');
    await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ business_name: 'Late Co', email, password: 'p'.repeat(12) }),
    });
    const mail = await smtp.waitFor(email);
    g.clock.advance(2 * 86_400);
    try {
      const { page } = await newPage();
      await page.goto(`${base}/verify-email?token=${encodeURIComponent(linkToken(mail))}`);
      await page.getByRole('heading', { name: 'This link has expired' }).waitFor();
      await page.close();
    } finally {
      g.clock.advance(-2 * 86_400);
    }
  });
});
