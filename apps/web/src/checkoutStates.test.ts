// Every state of the checkout's truth table (app/customer/checkout/checkoutState.ts) in Chromium, from the real public view:
// one payment per state, its row and facts (official and foreign transfers, refunds) written as the gateway would
// have them, no workers running so nothing moves. Each state is shown at 320, 360 and 1280 px in two languages
// (English by Accept-Language, German by ?locale=), screenshotted into test-artifacts/, checked with axe, for
// sideways scrolling, touch targets and that no pay method or QR appears where paying is wrong.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';
import type { CheckoutStateName } from './app/customer/checkout/checkoutState.ts';
import type { PublicIntent } from './app/shared/apiTypes.ts';

const WIDTHS = [320, 360, 1280] as const;
const LANGUAGES = [
  { name: 'en', context: { locale: 'en-US' }, query: '' },
  { name: 'de', context: { locale: 'en-US' }, query: '?locale=de' },
] as const;

interface Setup {
  amount: string;
  status: string;
  /** Official funds received (decimal), and whether they are final. */
  received?: string;
  final?: boolean;
  excess?: string;
  /** Window closed (expires_at in the past). */
  closed?: boolean;
  refund?: { amount: string; status: 'pending' | 'completed' };
  foreign?: boolean;
  opened?: boolean;
}

const STATES: Record<CheckoutStateName, Setup> = {
  created: { amount: '7.25', status: 'CREATED', opened: false },
  awaiting: { amount: '10', status: 'AWAITING_PAYMENT' },
  confirming: { amount: '10', status: 'DETECTED', received: '10', final: false },
  partial: { amount: '10', status: 'CONFIRMING', received: '4', final: true },
  partialClosed: { amount: '10', status: 'CONFIRMING', received: '4', final: false, closed: true },
  underpaid: { amount: '10', status: 'UNDERPAID', received: '4', final: true, closed: true },
  underpaidRefunded: {
    amount: '10',
    status: 'UNDERPAID',
    received: '4',
    final: true,
    closed: true,
    refund: { amount: '4', status: 'completed' },
  },
  paid: { amount: '12.5', status: 'SETTLED', received: '12.5', final: true },
  overpaid: { amount: '5', status: 'OVERPAID', received: '7', final: true, excess: '2' },
  refundRequested: {
    amount: '10',
    status: 'REFUND_REQUESTED',
    received: '10',
    final: true,
    refund: { amount: '10', status: 'pending' },
  },
  partiallyRefunded: {
    amount: '10',
    status: 'PARTIALLY_REFUNDED',
    received: '10',
    final: true,
    refund: { amount: '4', status: 'completed' },
  },
  refunded: {
    amount: '10.5',
    status: 'REFUNDED',
    received: '10.5',
    final: true,
    refund: { amount: '10.5', status: 'completed' },
  },
  expired: { amount: '5', status: 'EXPIRED', closed: true },
  late: { amount: '10', status: 'LATE_PAYMENT', received: '10', final: true, closed: true },
  lateRefunded: {
    amount: '10',
    status: 'LATE_PAYMENT',
    received: '10',
    final: true,
    closed: true,
    refund: { amount: '10', status: 'completed' },
  },
  invalidAsset: { amount: '3', status: 'INVALID_ASSET', foreign: true },
  invalidAssetClosed: { amount: '3', status: 'INVALID_ASSET', foreign: true, closed: true },
};

const units = (d: string) => BigInt(Math.round(Number(d) * 1e6)).toString();

let g: CheckoutGateway;
let browser: Browser;
const ids = new Map<CheckoutStateName, string>();
let block = 1000;

async function setUp(name: CheckoutStateName, s: Setup): Promise<string> {
  const { id, depositAddress } = await g.h.createIntent({ amount: s.amount, order_reference: `ORDER-${name}` });
  const db = g.h.db;
  const [row] = await db.query<{ merchant_id: string; environment: string; token: string }>(
    `select i.merchant_id, i.environment, d.token from payment_intents i join deposit_addresses d on d.payment_id = i.id
      where i.id = $1`,
    [id],
  );
  const now = g.h.ctx.now();
  const expires = s.closed ? new Date(now.getTime() - 60_000) : new Date(now.getTime() + 15 * 60_000);
  const received = units(s.received ?? '0');
  await db.query(
    `update payment_intents set status = $2, received_units = $3, final_units = $4, excess_units = $5,
            expires_at = $6, opened = $7 where id = $1`,
    [id, s.status, received, s.final ? received : '0', units(s.excess ?? '0'), expires, s.opened ?? true],
  );
  const transfer = async (official: boolean, amount: string, final: boolean) => {
    block += 1;
    const hash = `0x${block.toString(16).padStart(64, 'a')}`;
    await db.query(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         final)
       values ('devnet', $1, $2, $3, 'incoming', $4, $5, $6, $7, $4, $8, $9, $10, $11, $10, 0, $12)`,
      [
        id,
        row!.merchant_id,
        row!.environment,
        depositAddress.toLowerCase(),
        official ? row!.token : '0x00000000000000000000000000000000000b71d9',
        official,
        '0x000000000000000000000000000000000000beef',
        amount,
        block,
        hash,
        s.closed && s.status === 'LATE_PAYMENT' ? now : new Date(now.getTime() - 30_000),
        final,
      ],
    );
  };
  if (s.received) await transfer(true, received, s.final ?? false);
  if (s.foreign) await transfer(false, units(s.amount), true);
  if (s.refund) {
    await db.query(
      `insert into refund_requests (id, merchant_id, environment, payment_id, amount_units, currency, decimals,
         recipient, status, completed_at)
       values ($1, $2, $3, $4, $5, 'USDC', 6, '0x000000000000000000000000000000000000beef', $6, $7)`,
      [
        `rf_${name}`,
        row!.merchant_id,
        row!.environment,
        id,
        units(s.refund.amount),
        s.refund.status,
        s.refund.status === 'completed' ? now : null,
      ],
    );
  }
  return id;
}

beforeAll(async () => {
  [g, browser] = await Promise.all([startCheckoutGateway({ workers: false }), launchChromium()]);
  for (const [name, s] of Object.entries(STATES) as [CheckoutStateName, Setup][]) ids.set(name, await setUp(name, s));
});
afterAll(async () => {
  await browser?.close();
  await g?.close();
});

/** Controls a person taps: each at least 44 px high. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate<
    string[]
  >(`[...document.querySelectorAll('button, a.button, select, .option, .cancel a, .actions a')]
    .filter((e) => e.getClientRects().length > 0)
    .filter((e) => e.getBoundingClientRect().height < 44)
    .map((e) => e.outerHTML.slice(0, 80))`);
}

describe(`checkout truth table in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the public view carries the excess and the refunded amount', async () => {
    const over = (await (
      await fetch(`${g.baseUrl}/public/payment-intents/${ids.get('overpaid')}`)
    ).json()) as PublicIntent;
    expect(over).toMatchObject({
      amount: '5',
      amount_received: '7',
      amount_excess: '2',
      amount_excess_units: '2000000',
    });
    const refunded = (await (
      await fetch(`${g.baseUrl}/public/payment-intents/${ids.get('refunded')}`)
    ).json()) as PublicIntent;
    expect(refunded).toMatchObject({ amount_refunded: '10.5', amount_refunded_units: '10500000' });
    const requested = (await (
      await fetch(`${g.baseUrl}/public/payment-intents/${ids.get('refundRequested')}`)
    ).json()) as PublicIntent;
    expect(requested.amount_refunded).toBe('0'); // an open request is not money back yet
  });

  for (const lang of LANGUAGES) {
    it(`every state at 320, 360 and 1280 px, in ${lang.name}`, async () => {
      const context: BrowserContext = await browser.newContext({
        ...lang.context,
        viewport: { width: 360, height: 780 },
      });
      const page = await context.newPage();
      const logs = recordConsole(page);
      const problems: string[] = [];
      for (const [name, s] of Object.entries(STATES) as [CheckoutStateName, Setup][]) {
        await page.setViewportSize({ width: 360, height: 780 });
        await page.goto(`${g.baseUrl}/checkout/${ids.get(name)}${lang.query}`);
        const card = page.locator(`section.card[data-state]`);
        await card.waitFor();
        expect(await card.getAttribute('data-state'), name).toBe(name);
        expect(await page.evaluate('document.documentElement.lang')).toBe(lang.name);
        const headline = (await page.locator('[data-testid="status"] h2').textContent())!;
        expect(await page.title(), name).toContain(headline);
        expect(await page.getByTestId('test-mode').isVisible(), name).toBe(true);

        // Pay methods, the QR and the countdown only where paying is right.
        const pays = ['awaiting', 'partial', 'invalidAsset'].includes(name);
        if (pays) await page.getByTestId('deposit-address').waitFor();
        expect(await page.getByTestId('deposit-address').count(), name).toBe(pays ? 1 : 0);
        expect(await page.locator('.qr img, .qr-placeholder').count(), name).toBe(pays ? 1 : 0);
        expect(await page.getByTestId('countdown').count(), name).toBe(pays ? 1 : 0);
        if (pays) {
          const uri = await page.locator('.qr img').getAttribute('data-uri');
          expect(await page.getByTestId('open-in-wallet').getAttribute('href')).toBe(uri);
          expect(await page.getByTestId('token-warning').textContent()).toMatch(
            lang.name === 'en'
              ? /not counted towards this payment.*send it back to you/
              : /nicht angerechnet.*zurücksenden/,
          );
        }
        if (name === 'overpaid') {
          const text = (await page.getByTestId('status').textContent())!.replace(/\s/g, ' ');
          expect(text).toContain(lang.name === 'en' ? '7.00 USDC' : '7,00 USDC');
          expect(text).toContain(lang.name === 'en' ? '2.00 USDC' : '2,00 USDC');
        }
        if (name === 'refunded') {
          expect((await page.getByTestId('status').textContent())!.replace(/\s/g, ' ')).toContain(
            lang.name === 'en' ? 'sent 10.50 USDC back' : '10,50 USDC zurückgesendet',
          );
        }

        for (const a of await seriousA11yViolations(page)) problems.push(`${name}: axe ${a.id} ${a.help}`);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 1280 ? 900 : 780 });
          const scroll = await page.evaluate<number>('document.documentElement.scrollWidth');
          if (scroll > width) problems.push(`${name}: ${scroll} px wide at ${width} px`);
          if (width === 320) for (const t of await smallTargets(page)) problems.push(`${name}: under 44 px: ${t}`);
          await screenshot(page, `states/${lang.name}/${name}-${width}.png`);
        }
        void s;
      }
      expect(problems).toEqual([]);
      expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
      await context.close();
    });
  }

  it('follows Accept-Language, and the switcher changes the language in place', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`${g.baseUrl}/checkout/${ids.get('expired')}`);
    await page.getByRole('heading', { name: 'Ce paiement a expiré' }).waitFor();
    await page.getByRole('combobox', { name: 'Langue' }).selectOption('pt');
    await page.getByRole('heading', { name: 'Este pagamento expirou' }).waitFor();
    expect(new URL(page.url()).searchParams.get('locale')).toBe('pt');
    expect(await page.title()).toContain('Este pagamento expirou');
    await context.close();
  });
});
