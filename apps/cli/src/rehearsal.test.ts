// The production rehearsal (README "Going live" follows these steps): PostgreSQL, the production profile, api,
// workers and realtime in three processes behind TRUST_PROXY; an anvil with chain id 84532 playing base-sepolia, the
// test stablecoin placed at base-sepolia's USDC and EURC addresses; the DepositFactory deployed by
// `tender contracts deploy`; `tender doctor` green; a merchant signs up (mail through an SMTP relay that requires
// AUTH), proves a vault, and a payment through the hosted checkout (Chromium, a browser wallet) settles into it and
// reaches a receiver signed. Then doctor turns red, naming the fault, for a wrong chain id, a missing factory, a token
// with the wrong decimals and a relayer without gas.
//
// Webhooks: the production profile refuses webhook endpoints on loopback (and WEBHOOK_TEST_ALLOW_LOOPBACK with it),
// so the receiver on 127.0.0.1 gets the events through `tender listen --forward-to`, signed as a webhook delivery is.
import { execFile, spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  anvilRequest,
  createDevnetClient,
  devnetAccounts,
  getNetwork,
  launchAnvil,
  mintTo,
  type AnvilProcess,
} from '@tender/evm';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { parseUnits, toHex, type Address } from 'viem';
import { launchChromium, recordConsole, screenshot } from '../../../apps/web/src/_test/browser.ts';
import { installTestWallet } from '../../../apps/web/src/_test/testWallet.ts';
import { placePlainToken, placeStablecoin } from './_test/rehearsalChain.ts';
import { bootRoles, type ProcessRole } from './_test/bootTender.ts';
import {
  removeHome,
  scratchDatabase,
  startTenderChild,
  stopTender,
  tenderEnv,
  waitFor,
  type TenderChild,
} from './_test/tenderProcess.ts';
import { buildCli } from '../scripts/buildCli.mjs';

const root = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);
const NET = getNetwork('base-sepolia')!;
const accounts = devnetAccounts(10);
const key = (i: number) => toHex(accounts[i]!.getHdKey().privateKey!);
/** Devnet accounts: 0 deploys (and mints), 1 is the merchant's vault, 2 the customer, 8 the relayer. */
const [DEPLOYER, VAULT, CUSTOMER, RELAYER] = [0, 1, 2, 8];

/** What the steps read of the API's answers. */
interface ApiBody {
  session?: { token: string };
  message?: string;
  secret?: string;
  id?: string;
  status?: string;
  networks?: { deposit_address: Address; factory_address: string }[];
  [key: string]: unknown;
}

/** `tender <args>` through the compiled CLI, as an operator runs it. */
async function tender(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  try {
    const r = await run(process.execPath, ['apps/cli/bin/tender.mjs', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      timeout: 60_000,
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** An SMTP relay that requires AUTH with one user, as a mail provider does; keeps what it accepts. */
async function smtpRelay(user: string, pass: string) {
  const mails: { to: string[]; text: string }[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true, // loopback; a real relay offers STARTTLS, which nodemailer takes
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          const to = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          mails.push({ to, text: m.text ?? '' });
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as { port: number };
  return { port, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.skipIf(!process.env.DATABASE_URL)('production rehearsal (PostgreSQL)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  });

  it('deploy, doctor green, sign up, prove a vault, pay on the hosted checkout and settle; doctor red for each fault', async () => {
    const t0 = Date.now();
    const lap = (what: string) =>
      console.info(`${String(Math.round((Date.now() - t0) / 100) / 10).padStart(5)} s  ${what}`);
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const now = Math.floor(Date.now() / 1000);
    const anvils: AnvilProcess[] = await Promise.all([
      launchAnvil({ chainId: NET.chainId, genesisTimestamp: now }),
      launchAnvil({ chainId: 84533, genesisTimestamp: now }), // the wrong chain, for the red case
    ]);
    cleanup.push(() => Promise.all(anvils.map((a) => a.stop())));
    const [chain, wrongChain] = anvils as [AnvilProcess, AnvilProcess];
    const deployer = createDevnetClient(chain.rpcUrl, { chainId: NET.chainId, account: accounts[DEPLOYER]! });
    await placeStablecoin(deployer, NET.tokens.USDC.address, 'USD Coin', 'USDC');
    await placeStablecoin(deployer, NET.tokens.EURC!.address, 'EURC', 'EURC');
    const relay = await smtpRelay('tender', 'relay-secret');
    cleanup.push(() => relay.close());
    await buildCli();
    lap('chain, tokens at the base-sepolia addresses, SMTP relay, CLI built');

    // 1. The factory, through the deterministic deployer.
    const deploy = await tender(['contracts', 'deploy', '--network', 'base-sepolia'], {
      RPC_URL_BASE_SEPOLIA: chain.rpcUrl,
      DEPLOYER_PRIVATE_KEY: key(DEPLOYER),
    });
    expect(deploy.code, deploy.out).toBe(0);
    const factory = /DEPOSIT_FACTORY_ADDRESS=(0x[0-9a-fA-F]{40})/.exec(deploy.out)![1]!;
    console.info(deploy.out);
    lap('tender contracts deploy');

    // 2. The production configuration, shared by the three processes.
    const ports = await tenderEnv();
    cleanup.push(() => removeHome(ports.TENDER_HOME!));
    const env: Record<string, string> = {
      ...ports,
      TENDER_PROFILE: 'production',
      DATABASE_URL: db.url,
      SECRET_BOX_KEYS: `k1:${randomBytes(32).toString('hex')}`,
      GATEWAY_PUBLIC_URL: 'https://pay.rehearsal.test',
      AGENTS_PUBLIC_URL: 'https://agents.rehearsal.test',
      OPERATOR_PASSWORD: 'rehearsal-operator-password',
      TRUST_PROXY: '1',
      SMTP_URL: `smtp://tender:relay-secret@127.0.0.1:${relay.port}`,
      EMAIL_FROM: 'Tender <no-reply@rehearsal.test>',
      RPC_URL_BASE_SEPOLIA: chain.rpcUrl,
      DEPOSIT_FACTORY_ADDRESS: factory,
      RELAYER_PRIVATE_KEY: key(RELAYER),
      NETWORK_CONFIRMATIONS: 'base-sepolia=1',
      WATCHER_POLL_INTERVAL_MS: '200',
    };
    const migrate = await tender(['migrate'], env);
    expect(migrate.code, migrate.out).toBe(0);
    const green = await tender(['doctor'], env);
    console.info(`tender doctor (green):\n${green.out}`);
    expect(green.code, green.out).toBe(0);
    expect(green.out).not.toMatch(/^fail/m);
    lap('tender migrate; tender doctor green');

    // 3. api, workers and realtime, each a process of its own.
    const procs: TenderChild[] = [];
    cleanup.push(() => Promise.all(procs.map((p) => stopTender(p))));
    const roles: (readonly [ProcessRole, Record<string, string>])[] = [];
    for (const role of ['workers', 'api', 'realtime'] as const) {
      // Its own ports (each process listens: the api its APIs, the others /healthz), one configuration.
      roles.push([role, role === 'api' ? env : { ...env, ...(await tenderEnv({ TENDER_HOME: env.TENDER_HOME! })) }]);
    }
    await bootRoles(roles, procs, 120_000);
    lap('three processes healthy');

    // 4. The merchant signs up behind the TLS proxy, verifies its email, proves its vault, gets a test key.
    const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
    const call = async (method: string, path: string, auth?: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.7',
          'tender-environment': 'test',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, body: (await r.json()) as ApiBody };
    };
    const email = `owner-${Date.now()}@merchant.test`;
    const signup = await call('POST', '/v1/auth/signup', undefined, {
      business_name: 'Rehearsal Coffee',
      email,
      password: 'a long rehearsal password',
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const session = signup.body.session!.token;
    const mail = await waitFor(async () => relay.mails.find((m) => m.to.includes(email)), 30_000, 'the mail');
    expect(mail.text).toContain('https://pay.rehearsal.test/verify-email?token=');
    const token = decodeURIComponent(/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const confirmed = await call('POST', '/public/auth/email/confirm', undefined, { token });
    expect(confirmed.body).toMatchObject({ status: 'verified' });

    const vault = accounts[VAULT]!;
    const challenge = await call('GET', `/v1/vaults/base-sepolia/challenge?address=${vault.address}`, session);
    expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
    const message = challenge.body.message!;
    const proven = await call('PUT', '/v1/vaults/base-sepolia', session, {
      address: vault.address,
      message,
      signature: await vault.signMessage({ message }),
    });
    expect(proven.status, JSON.stringify(proven.body)).toBe(200);
    const apiKey = await call('POST', '/v1/api-keys', session, { name: 'rehearsal', environment: 'test' });
    expect(apiKey.status, JSON.stringify(apiKey.body)).toBe(201);
    const secret = apiKey.body.secret!;
    lap('signed up, email verified, vault proven, API key');

    // 5. A receiver gets the events, signed (tender listen forwards them as webhook deliveries are sent).
    const received: { type: string; id?: string; signed: boolean }[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const e = JSON.parse(raw) as { type: string; data?: { object?: { id?: string } } };
        received.push({ type: e.type, id: e.data?.object?.id, signed: !!req.headers['tender-signature'] });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => receiver.close(r)));
    const listen = spawn(
      process.execPath,
      [
        'apps/cli/bin/tender.mjs',
        'listen',
        '--url',
        base,
        '--api-key',
        secret,
        '--forward-to',
        `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`,
      ],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    cleanup.push(async () => listen.kill('SIGTERM'));
    let listenOut = '';
    listen.stdout.on('data', (d: Buffer) => (listenOut += d.toString()));
    await waitFor(async () => (listenOut.includes('Ready') ? true : undefined), 30_000, 'tender listen');

    // 6. A customer pays on the hosted checkout in Chromium, with a browser wallet; the payment is confirmed, swept
    // into the vault and settled. The browser opens the intent's checkout_url as given (https://pay.rehearsal.test);
    // a route plays the TLS proxy in front of the api process (X-Forwarded-Proto, X-Forwarded-For).
    const intent = await call('POST', '/v1/payment-intents', secret, {
      amount: '4.20',
      networks: ['base-sepolia'],
      description: 'Two flat whites',
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(201);
    const deposit = intent.body.networks![0]!;
    expect(deposit.factory_address.toLowerCase()).toBe(factory.toLowerCase());
    const checkoutUrl = String(intent.body.checkout_url);
    expect(checkoutUrl).toBe(`https://pay.rehearsal.test/checkout/${intent.body.id}`);
    await mintTo(deployer, NET.tokens.USDC.address, accounts[CUSTOMER]!.address, parseUnits('100', 6));
    const customer = createDevnetClient(chain.rpcUrl, { chainId: NET.chainId, account: accounts[CUSTOMER]! });
    const browser = await launchChromium();
    cleanup.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const proxied: string[] = [];
    await context.route('https://pay.rehearsal.test/**', async (route) => {
      const url = new URL(route.request().url());
      proxied.push(url.pathname);
      const response = await route.fetch({
        url: `${base}${url.pathname}${url.search}`,
        headers: { ...route.request().headers(), 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    const logs = recordConsole(page);
    // The customer's wallet is on Ethereum mainnet and knows base-sepolia (a public network: the page has no RPC URL
    // to add it with, and asks to switch).
    const wallet = await installTestWallet(page, { client: customer, startChainId: 1, knownChainIds: [NET.chainId] });
    await page.goto(checkoutUrl);
    await page.getByRole('heading', { name: 'Waiting for your payment', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.textContent('body')).toContain('Rehearsal Coffee');
    await page.getByLabel('Pay with a browser wallet').check();
    await page.getByRole('button', { name: 'Pay with Devnet Test Wallet' }).click();
    await expect
      .poll(() => page.getByTestId('wallet-step').textContent(), { timeout: 30_000 })
      .toContain('Transaction sent');
    const base84532 = toHex(NET.chainId);
    expect(wallet.calls.filter((c) => c.startsWith('wallet_'))).toEqual([`wallet_switchEthereumChain ${base84532}`]);
    expect(wallet.sent).toHaveLength(1);
    const receipt = await customer.waitForTransactionReceipt({ hash: wallet.sent[0]! });
    expect(receipt.status).toBe('success');
    lap('paid on the hosted checkout with a browser wallet');
    const mining = setInterval(() => void anvilRequest(deployer, 'evm_mine', []).catch(() => undefined), 500);
    cleanup.push(async () => clearInterval(mining));
    const settled = await waitFor(
      async () => {
        const r = await call('GET', `/v1/payment-intents/${intent.body.id}`, secret);
        return r.body.status === 'SETTLED' ? r.body : undefined;
      },
      60_000,
      'SETTLED',
    );
    clearInterval(mining);
    // The page moves on its own (it polls the public intent): paid, with nothing left to pay.
    await page.getByRole('heading', { name: 'Paid', exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('deposit-address').count()).toBe(0);
    const shot = await screenshot(page, 'rehearsal-checkout-paid-1280.png');
    console.info(`the paid checkout: ${shot}`);
    expect(logs.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
    expect(proxied).toContain(`/checkout/${intent.body.id}`);
    await context.close();
    expect(settled.status).toBe('SETTLED');
    const vaultBalance = await customer.readContract({
      address: NET.tokens.USDC.address,
      abi: [
        {
          type: 'function',
          name: 'balanceOf',
          stateMutability: 'view',
          inputs: [{ name: 'a', type: 'address' }],
          outputs: [{ name: '', type: 'uint256' }],
        },
      ] as const,
      functionName: 'balanceOf',
      args: [vault.address],
    });
    expect(vaultBalance).toBe(parseUnits('4.20', 6));
    await waitFor(
      async () => (received.some((e) => e.type === 'payment.completed' && e.id === intent.body.id) ? true : undefined),
      30_000,
      `payment.completed at the receiver (got ${received.map((e) => e.type).join(', ')})`,
    );
    expect(received.every((e) => e.signed)).toBe(true);
    lap(`paid and settled into the vault; the receiver got ${received.map((e) => e.type).join(', ')}`);
    for (const p of procs) expect(await stopTender(p)).toBe(0);
    lap('stopped');

    // 7. Doctor turns red, naming each fault.
    const red = async (what: string, overrides: Record<string, string>, expected: RegExp) => {
      const r = await tender(['doctor'], { ...env, ...overrides });
      console.info(`tender doctor (${what}):\n${r.out}`);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(expected);
    };
    await red(
      'wrong chain id',
      { RPC_URL_BASE_SEPOLIA: wrongChain.rpcUrl },
      /^fail\s+chain base-sepolia\s+RPC_URL_BASE_SEPOLIA answers chain id 84533, but base-sepolia is chain 84532/m,
    );
    await red(
      'missing factory',
      { DEPOSIT_FACTORY_ADDRESS: '0x000000000000000000000000000000000000dEaD' },
      /^fail\s+factory base-sepolia\s+no contract at DEPOSIT_FACTORY_ADDRESS 0x000000000000000000000000000000000000dEaD/m,
    );
    const relayer = accounts[RELAYER]!.address;
    const funded = await deployer.getBalance({ address: relayer });
    await anvilRequest(deployer, 'anvil_setBalance', [relayer, '0x0']);
    await red('relayer without gas', {}, /^fail\s+relayer base-sepolia\s+0x[0-9a-fA-F]{40} holds 0: gas for 0 sweeps/m);
    await anvilRequest(deployer, 'anvil_setBalance', [relayer, toHex(funded)]);
    await placePlainToken(deployer, NET.tokens.USDC.address, 'USDC', 18);
    await red(
      'wrong decimals',
      {},
      /^fail\s+USDC base-sepolia\s+the token at 0x036CbD53842c5426634e7929541eC2318f3dCF7e has 18 decimals, expected 6/m,
    );
    // In production, tender start refuses such a deployment.
    const refused = startTenderChild(env, { args: ['--role', 'api'], compiled: true });
    const exit = await refused.exited;
    expect(exit.code, refused.output()).toBe(1);
    expect(refused.output()).toContain('the deployment is not fit to take payments');
    expect(refused.output()).toContain('has 18 decimals, expected 6');
    lap('doctor red for each fault; tender start refused');
  }, 240_000);
});
