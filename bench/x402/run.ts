/**
 * x402 paid-request latency: Tender's paywall beside `@x402/express`, in one run, on one devnet, with the same
 * local facilitator instance (the built-in one: x402's exact EVM scheme settling EIP-3009 with the relayer key).
 *
 * The operation is the same on both sides: create one mailbox for the paying wallet (tenant upsert, address
 * claim, mailbox insert, in one transaction) in a database of the same kind (PGlite in memory, or PostgreSQL when
 * DATABASE_URL is set). Tender additionally keeps its idempotency/settlement record and stored response, checks
 * ownership/availability and handles the access token; express does none of that.
 *
 * Each sample times one paid request (PAYMENT-SIGNATURE already signed) over real HTTP on 127.0.0.1, from send to
 * the full response. The two servers alternate request by request so that chain and machine noise hit both; each of
 * the rounds (bench/_lib/rounds.ts) gives one p50 ratio, judged on their median.
 *
 *   npx tsx bench/x402/run.ts [--samples=20 (per round and side)] [--rounds=5 | --quick]
 *   env: BENCH_CPU_PROFILE=file.cpuprofile (V8 profile of this process over the rounds: both servers, the shared
 *        facilitator and the clients), BENCH_VERBOSE=1 (each sample with the facilitator's share)
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { ExactEvmScheme as ExactEvmClientScheme } from '@x402/evm/exact/client';
import { ExactEvmScheme as ExactEvmServerScheme } from '@x402/evm/exact/server';
import { devnetAccounts, startDevnet } from '@tender/evm';
import { createLogger, loadConfig, openDatabase, migrate, platformMigrations, type Database } from '@tender/platform';
import { toHex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { agentsConfigSpec, agentsMigrations, createAgents } from '../../apps/agents/src/index.ts';
import { createMailbox } from '../../apps/agents/src/email/mailboxes.ts';
import { createBuiltInFacilitator } from '../../apps/agents/src/facilitator/facilitator.ts';
import { ensureTenant } from '../../apps/agents/src/tenants/tenants.ts';
import { startCpuProfile } from '../_lib/cpuProfile.ts';
import { printTable } from '../_lib/printTable.ts';
import { reportFigures } from '../_lib/reportFigures.ts';
import { judge, loadLine, loadNow, printJudged, roundsOption, sizeOption, type Round } from '../_lib/rounds.ts';

const SAMPLES = sizeOption('samples', 20, 8);
const ROUNDS = roundsOption();
const WARMUP = 5;
const PRICE_UNITS = '250000';

/** A migrated database of the kind the run uses; `drop` removes it (its PostgreSQL schema) when the run ends. */
async function freshDb(): Promise<{ db: Database; drop(): Promise<void> }> {
  const schema = process.env.DATABASE_URL
    ? `bench_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
    : undefined;
  const db = await openDatabase({ url: process.env.DATABASE_URL, schema });
  await migrate(db, [...(await platformMigrations()), ...(await agentsMigrations())]);
  return {
    db,
    async drop() {
      if (schema) await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
      await db.close();
    },
  };
}

function client(account: HDAccount) {
  return x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmClientScheme(account) }],
    spendControls: false,
  });
}

async function main() {
  console.log(loadLine('before the run'));
  const devnet = await startDevnet({ blockTime: 0 });
  const accounts = devnetAccounts(10);
  const network = `eip155:${devnet.chainId}` as const;
  const usdt = devnet.manifest.tokens.USDT;
  const payTo = accounts[8]!.address;
  const logger = createLogger({ level: 'silent' });
  const pollingMs = 20;
  const builtIn = createBuiltInFacilitator({
    network,
    rpcUrl: devnet.rpcUrl,
    relayerPrivateKey: toHex(accounts[9]!.getHdKey().privateKey!),
    pollingMs,
  });
  // Time spent inside the shared facilitator per request, to separate it from each server's own overhead. Tender starts
  // its settlement beside its claim with the broadcast held (holdsBroadcast, spread from builtIn), so its `settle` time
  // also counts the wait at the gate while the claim commits: Tender's own time is then total - settle + that wait.
  const facTime = { verify: 0, settle: 0 };
  const facilitator = {
    ...builtIn,
    async verify(...a: Parameters<typeof builtIn.verify>) {
      const t = performance.now();
      try {
        return await builtIn.verify(...a);
      } finally {
        facTime.verify += performance.now() - t;
      }
    },
    async settle(...a: Parameters<typeof builtIn.settle>) {
      const t = performance.now();
      try {
        return await builtIn.settle(...a);
      } finally {
        facTime.settle += performance.now() - t;
      }
    },
  };

  // Tender.
  const tenderStore = await freshDb();
  const tenderDb = tenderStore.db;
  const config = loadConfig(agentsConfigSpec, {
    EMAIL_DOMAIN: 'agents.localhost',
    X402_NETWORK: network,
    X402_USDT_ADDRESS: usdt,
    X402_PAY_TO: payTo,
    AGENTS_RPC_URL: devnet.rpcUrl,
    AGENTS_RPC_POLLING_MS: String(pollingMs),
  });
  const runtime = await createAgents(config, {
    db: tenderDb,
    logger,
    facilitator,
    roles: ['api', 'realtime'],
    smtp: { host: '127.0.0.1', port: 0 },
    rateLimit: false,
  });
  const tender = runtime.server!;
  const tenderUrl = await tender.listen({ port: 0, host: '127.0.0.1' });

  // The same operation behind @x402/express, with the same facilitator instance.
  const expressStore = await freshDb();
  const expressDb = expressStore.db;
  const resourceServer = new x402ResourceServer(facilitator).register(network, new ExactEvmServerScheme());
  const app = express();
  app.use(express.json());
  app.use(
    paymentMiddleware(
      {
        'POST /mailboxes': {
          accepts: {
            scheme: 'exact',
            network,
            payTo,
            price: { asset: usdt, amount: PRICE_UNITS, extra: { name: 'USDT0', version: '1' } },
            maxTimeoutSeconds: 300,
          },
          description: 'Create one mailbox',
          mimeType: 'application/json',
        },
      },
      resourceServer,
    ),
  );
  const mailCtx = runtime.services;
  app.post('/mailboxes', async (req, res) => {
    try {
      const payer = String(req.header('x-bench-payer'));
      const tenant = await ensureTenant(expressDb, payer);
      const outcome = await createMailbox(mailCtx, {
        serviceId: 'email.mailbox.create',
        tenant,
        input: req.body,
        requestId: 'bench',
        ref: null,
      });
      const data = await expressDb.tx((tx) => outcome.write!(tx));
      res.status(201).json({ data });
    } catch (err) {
      res.status(500).json({ error: String(err) });
    }
  });
  const expressServer = app.listen(0, '127.0.0.1');
  await new Promise((r) => expressServer.once('listening', r));
  const expressUrl = `http://127.0.0.1:${(expressServer.address() as AddressInfo).port}`;

  const tenderPayer = accounts[1]!;
  const expressPayer = accounts[2]!;
  const tenderClient = client(tenderPayer);
  const expressClient = client(expressPayer);

  async function sample(kind: 'tender' | 'express', i: number): Promise<number> {
    const url = kind === 'tender' ? `${tenderUrl}/api/v1/email/mailboxes` : `${expressUrl}/mailboxes`;
    const payer = kind === 'tender' ? tenderPayer : expressPayer;
    const body = JSON.stringify({ localPart: `${kind}-${i}`, displayName: `Bench ${i}` });
    const base = { 'content-type': 'application/json', 'x-bench-payer': payer.address };
    const key = `b-${kind}-${i}`;
    // Tender refuses a paid POST without Idempotency-Key before the challenge; the express baseline ignores it.
    const challenge = await fetch(url, { method: 'POST', headers: { ...base, 'idempotency-key': key }, body });
    if (challenge.status !== 402)
      throw new Error(`${kind}: expected 402, got ${challenge.status} ${await challenge.text()}`);
    const required: PaymentRequired = decodePaymentRequiredHeader(challenge.headers.get('payment-required') ?? '');
    const payload = await (kind === 'tender' ? tenderClient : expressClient).createPaymentPayload(required);
    const headers = {
      ...base,
      'payment-signature': encodePaymentSignatureHeader(payload),
      'idempotency-key': key,
    };
    facTime.verify = 0;
    facTime.settle = 0;
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (process.env.BENCH_VERBOSE)
      console.log(kind, ms.toFixed(1), 'verify', facTime.verify.toFixed(1), 'settle', facTime.settle.toFixed(1));
    if (res.status !== 201 || !res.headers.get('payment-response')) throw new Error(`${kind}: ${res.status} ${text}`);
    return ms;
  }

  for (let i = 0; i < WARMUP; i++) for (const kind of ['tender', 'express'] as const) await sample(kind, i);
  // Rounds of SAMPLES paid requests per side, interleaved request by request inside the round (alternating which
  // goes first, so neither always follows the other's block); each round judged on its own p50 ratio.
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
    return { p50: q(0.5), p90: q(0.9), mean: s.reduce((a, b) => a + b, 0) / s.length, min: s[0]! };
  };
  const stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROFILE);
  const rounds: Round[] = [];
  const all: Record<'tender' | 'express', number[]> = { tender: [], express: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const load = loadNow();
    const times: Record<'tender' | 'express', number[]> = { tender: [], express: [] };
    for (let i = 0; i < SAMPLES; i++) {
      const order: ('tender' | 'express')[] = (i + r) % 2 ? ['express', 'tender'] : ['tender', 'express'];
      for (const kind of order) times[kind].push(await sample(kind, WARMUP + r * SAMPLES + i));
    }
    all.tender.push(...times.tender);
    all.express.push(...times.express);
    const [t, e] = [stats(times.tender), stats(times.express)];
    rounds.push({
      round: r + 1,
      sides: { tender: { 'p50 ms': t.p50, 'mean ms': t.mean }, express: { 'p50 ms': e.p50, 'mean ms': e.mean } },
      load: { both: load },
    });
    console.log(
      `round ${r + 1}/${ROUNDS} (load ${load.toFixed(2)}): tender p50 ${t.p50.toFixed(1)} ms, express p50 ${e.p50.toFixed(1)} ms, ratio ${(t.p50 / e.p50).toFixed(2)}`,
    );
  }

  await stopProfile();
  const t = stats(all.tender);
  const e = stats(all.express);
  console.log(
    `\nx402 paid request latency, ${ROUNDS} rounds of ${SAMPLES} samples each (after ${WARMUP} warm-up), devnet (anvil automine), ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, built-in facilitator shared; all samples:\n`,
  );
  printTable(
    ['server', 'p50 ms', 'p90 ms', 'mean ms', 'min ms'],
    [
      ['Tender (Fastify paywall)', t.p50, t.p90, t.mean, t.min],
      ['@x402/express', e.p50, e.p90, e.mean, e.min],
    ],
  );
  console.log('');
  const ratio = judge(rounds, 'x402.p50.vsExpress', 'tender / express p50 (same round)', 'lower', (r) => {
    return (r.sides.tender?.['p50 ms'] ?? NaN) / (r.sides.express?.['p50 ms'] ?? NaN);
  });
  printJudged([
    judge(rounds, '', 'tender p50 ms', 'lower', (r) => r.sides.tender?.['p50 ms']),
    judge(rounds, '', 'express p50 ms', 'lower', (r) => r.sides.express?.['p50 ms']),
    judge(rounds, '', 'tender / express mean', 'lower', (r) => {
      return (r.sides.tender?.['mean ms'] ?? NaN) / (r.sides.express?.['mean ms'] ?? NaN);
    }),
    ratio,
  ]);
  reportFigures([ratio]);
  console.log(loadLine('after the run'));

  await new Promise((r) => expressServer.close(r));
  await runtime.close();
  await tenderStore.drop();
  await expressStore.drop();
  await devnet.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
