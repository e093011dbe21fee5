// The crash suite: `tender start` as a real process in a temporary TENDER_HOME, killed with SIGKILL at seeded random
// moments of the payment, sweep, webhook and x402 flows — the node process alone (anvil then dumps its state on its
// parent-death signal), anvil alone (tender stops and is restarted), or both at once (the process group: anvil
// writes nothing) — and restarted. After each restart, once the workers have caught up:
//   - the database agrees with the chain: every payment whose transfer is on the chain is SETTLED with exactly that
//     amount, every payment whose transfer is not on the chain shows nothing received;
//   - every confirmed payment ends in the vault exactly once (per deposit address and in the vault's total);
//   - every webhook delivery succeeded, and the receiver got its event with the same id;
//   - a payment announced as confirmed whose transfer the chain lost was announced as reversed, and the rollback
//     was logged; nothing is left as an open incident;
//   - x402: an agent paying the agents service of the same process (mailbox creations and message sends, each
//     retried after the restart with its Idempotency-Key and proof until it has a final answer) gets every operation
//     completed exactly once (one mailbox or one sent message per key), no paid request is left unfinished, every
//     EIP-3009 transfer to payTo on the chain is exactly one completed paid request, and the payer's balance fell by
//     exactly the prices of the completed operations. Refunds owed are printed (and fail the seed).
//
//   - refunds, invoices and payment links (the second describe): refund requests sent from the vault at seeded
//     moments shortly before the kill, invoices and link payments paid during it. After each restart: a refund whose
//     transfer is on the chain is completed and was announced exactly once, one whose transfer is not is pending and
//     was never announced; an invoice is paid exactly when its payment is settled, announced once; a link's payments
//     settle like any payment. At the end the merchant sends every refund the chain does not hold again, and each
//     completes with one refund.completed in all.
//
// Seeded and reproducible: CRASH_SEEDS=1,2,3 picks the seeds (default 3,4: both lose x402 settlements when the
// agents paywall records one before the devnet has it on disk), CRASH_RUNS the crashes per seed
// (default 2; run k of seed s kills kind (s + k) mod 3, so the defaults cover all three, at seeded moments). PGlite only: tender start keeps its
// database in the home (the PostgreSQL multi-process cases are in devnetOwnership.test.ts and the gateway's tests).
// The refund, invoice and link flows: CRASH_FLOW_SEEDS (default 11: its three runs kill node, anvil and both, and
// the old watcher, which persisted the devnet only for deposits, lost an announced refund in it) and
// CRASH_FLOW_RUNS (default 3).
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDevnetClient, devnetAccounts, testStablecoinAbi, transferToken } from '@tender/evm';
import { openDatabase } from '@tender/platform';
import { createPublicClient, erc20Abi, http as viemHttp, keccak256, parseUnits, toHex, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  devJsonOf,
  healthy,
  removeHome,
  startTenderChild,
  stopTender,
  tenderEnv,
  waitFor,
  type TenderChild,
} from './_test/tenderProcess.ts';
import { x402Agent, type X402Agent } from './_test/x402Agent.ts';

const SEEDS = (process.env.CRASH_SEEDS ?? '3,4').split(',').map((s) => Number(s.trim()));
const RUNS = Number(process.env.CRASH_RUNS ?? 2);
const FLOW_SEEDS = (process.env.CRASH_FLOW_SEEDS ?? '11').split(',').map((s) => Number(s.trim()));
const FLOW_RUNS = Number(process.env.CRASH_FLOW_RUNS ?? 3);
/** The dev profile's vault (gateway/payments/devSetup.ts DEV_VAULT_INDEX): refunds are sent from it. */
const DEV_VAULT = 1;
const KINDS = ['node', 'anvil', 'both'] as const;
type Kind = (typeof KINDS)[number];
const MAILBOXES = '/api/v1/email/mailboxes';
const SEND = '/api/v1/email/messages/send';
/** Devnet roles: 2 pays the gateway, 5 pays x402; payTo (7) as `tender start` configures it on the devnet. */
const X402_PAYER = 5;
const X402_PAY_TO = 7;

/** mulberry32: a small seeded PRNG, so that a failing seed replays the same moments and amounts. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Received {
  id: string;
  type: string;
  paymentId: string | undefined;
  headerId: string | undefined;
}

/** The merchant's webhook receiver: answers 200 to everything and keeps what arrived. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          type: string;
          data?: { object?: { id?: string } };
        };
        received.push({
          id: body.id,
          type: body.type,
          paymentId: body.data?.object?.id,
          headerId: req.headers['tender-event-id'] as string | undefined,
        });
      } catch {
        // not an event: ignored
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The anvil child of a tender process (setpriv execs anvil in place, so it is a direct child). */
function anvilPidOf(parent: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (Number(fields[1]) === parent && comm.startsWith('anvil')) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Intent {
  id: string;
  deposit: Address;
  units: bigint;
}

describe.skipIf(!!process.env.DATABASE_URL)('crash suite: kill -9 of node, anvil and both (PGlite)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  for (const seed of SEEDS) {
    it(
      `seed ${seed}: after every crash the database agrees with the chain, the vault holds every payment once, every webhook arrives`,
      async () => {
        const random = prng(seed);
        const rx = await startReceiver();
        cleanup.push(() => rx.close());
        const env = await tenderEnv({ WEBHOOK_TEST_ALLOW_LOOPBACK: 'true', DEVNET_BLOCK_TIME: '1' });
        cleanup.push(() => removeHome(env.TENDER_HOME!));
        let tender: TenderChild = startTenderChild(env, { detached: true });
        const all: TenderChild[] = [tender];
        cleanup.push(async () => {
          for (const t of all) {
            if (t.child.exitCode === null && t.child.signalCode === null) {
              try {
                process.kill(-t.child.pid!, 'SIGKILL');
              } catch {
                // gone
              }
            }
          }
        });
        await healthy(tender, env);
        let dev = await devJsonOf(env.TENDER_HOME!);
        const api = async (method: string, path: string, body?: unknown) => {
          const r = await fetch(`${dev.gateway.url}${path}`, {
            method,
            headers: {
              authorization: `Bearer ${dev.gateway.testApiKey}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
            signal: AbortSignal.timeout(10_000),
          });
          return { status: r.status, body: (await r.json()) as Record<string, unknown> };
        };
        const endpoint = await api('POST', '/v1/webhook-endpoints', { url: rx.url, enabled_events: ['*'] });
        expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
        const endpointId = endpoint.body.id as string;
        const vault = (dev.gateway as unknown as { vaults: { devnet: Address } }).vaults.devnet;
        const chainOf = () => createPublicClient({ transport: viemHttp(dev.devnet.rpcUrl) });
        const vaultStart = await chainOf().readContract({
          address: dev.devnet.tokens.USDC!,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [vault],
        });
        const intents: Intent[] = [];

        // x402: the agent bootstraps its mailbox and token first (a bootstrap whose answer a crash loses leaves the
        // agent without its token: the stored replay does not repeat it), then pays during the crashes.
        const agentsUrl = `http://127.0.0.1:${env.AGENTS_PORT}`;
        const agent = x402Agent(() => agentsUrl, devnetAccounts(10)[X402_PAYER]!);
        const usdt = dev.devnet.tokens.USDT!;
        const usdtBalance = () =>
          chainOf().readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [agent.address] });
        const x402Ms = { bootstrap: Date.now(), retries: 0, checks: 0 };
        const agentStart = await usdtBalance();
        const boot = agent.op('email.mailbox.create', MAILBOXES, { localPart: `crash-${seed}`, displayName: 'Crash' });
        await agent.finishAll(60_000);
        expect(boot.final?.status, JSON.stringify(boot.final?.body)).toBe(201);
        expect(agent.token).toBeTruthy();
        x402Ms.bootstrap = Date.now() - x402Ms.bootstrap;
        const home = boot.final!.body.data as { mailboxId: string; address: string };
        const xrandom = prng(seed + 1_000); // its own stream: the gateway flow's seeded moments stay as they were

        for (let run = 0; run < RUNS; run++) {
          // Seed s starts at kind s mod 3, so the default seeds 3 and 4 with two runs each cover all three kinds.
          const kind: Kind = KINDS[(seed + run) % KINDS.length]!;
          const killAfterMs = Math.round(2_000 + random() * 14_000);
          const count = 2 + Math.floor(random() * 3);
          const gaps = Array.from({ length: count }, () => Math.round(random() * 2_500));
          const amounts = Array.from({ length: count }, () => 1 + Math.floor(random() * 5));
          console.info(`seed ${seed} run ${run}: ${count} payments, kill -9 of ${kind} after ${killAfterMs} ms`);

          // The flow: intents created and paid one after another, while sweeps and webhooks of earlier ones run.
          const payer = createDevnetClient(dev.devnet.rpcUrl, { account: devnetAccounts()[2]! });
          let killed = false;
          const flow = (async () => {
            for (let i = 0; i < count && !killed; i++) {
              const r = await api('POST', '/v1/payment-intents', { amount: `${amounts[i]}.00`, networks: ['devnet'] });
              if (r.status !== 201) break;
              const networks = r.body.networks as { deposit_address: Address }[];
              const intent = { id: r.body.id as string, deposit: networks[0]!.deposit_address, units: 0n };
              intents.push(intent);
              const units = parseUnits(String(amounts[i]), 6);
              intent.units = units;
              await transferToken(payer, dev.devnet.tokens.USDC!, intent.deposit, units);
              await new Promise((r) => setTimeout(r, gaps[i]));
            }
          })().catch(() => undefined); // the kill cuts it short: what reached the chain is what counts
          // Each x402 operation starts at a seeded moment of the 2.5 s before the kill: a settlement takes one or two
          // devnet blocks, so the kill finds some before the challenge, some mid-settlement, some just completed.
          const xcount = 2 + Math.floor(xrandom() * 2);
          const xstarts = Array.from({ length: xcount }, () =>
            Math.max(0, killAfterMs - Math.round(xrandom() * 2_500)),
          );
          const x402Flow = Promise.all(
            xstarts.map(async (at, i) => {
              await new Promise((r) => setTimeout(r, at));
              if (killed) return;
              const op =
                (i + run) % 2 === 0
                  ? agent.op('email.message.send', SEND, {
                      mailboxId: home.mailboxId,
                      to: [home.address],
                      subject: `seed ${seed} run ${run} message ${i}`,
                      text: 'sent while the process may die',
                    })
                  : agent.op('email.mailbox.create', MAILBOXES, {
                      localPart: `crash-${seed}-${run}-${i}`,
                      displayName: `Crash ${run}.${i}`,
                    });
              await agent.attempt(op);
            }),
          );
          await new Promise((r) => setTimeout(r, killAfterMs));
          killed = true;
          const pid = tender.child.pid!;
          const anvil = anvilPidOf(pid);
          if (kind === 'node') process.kill(pid, 'SIGKILL');
          else if (kind === 'anvil') process.kill(anvil!, 'SIGKILL');
          else process.kill(-pid, 'SIGKILL');
          await Promise.all([flow, x402Flow]);
          // anvil alone: tender notices and stops with an error, as it should; give it the time to.
          const exit = await Promise.race([tender.exited, new Promise((r) => setTimeout(() => r('running'), 60_000))]);
          if (exit === 'running') throw new Error(`tender kept running without its devnet:\n${tender.output()}`);
          if (kind === 'anvil') expect(tender.output()).toMatch(/the devnet \(anvil\) exited unexpectedly/);
          if (anvil) await waitFor(async () => (alive(anvil) ? undefined : true), 30_000, 'anvil to exit');

          tender = startTenderChild(env, { detached: true });
          all.push(tender);
          await healthy(tender, env);
          dev = await waitFor(async () => {
            const d = await devJsonOf(env.TENDER_HOME!);
            return d.gateway.testApiKey ? d : undefined;
          }, 10_000);
          // The agent retries what has no final answer yet while the gateway's workers catch up.
          const retried = Date.now();
          await Promise.all([
            agent.finishAll(120_000).then(() => (x402Ms.retries += Date.now() - retried)),
            converge(run),
          ]);
        }

        /** Waits until the database agrees with the chain; fails with what still disagrees. */
        async function converge(run: number): Promise<void> {
          let problems: string[] = [];
          const until = Date.now() + 240_000;
          while (Date.now() < until) {
            problems = await disagreements();
            if (problems.length === 0) break;
            await new Promise((r) => setTimeout(r, 2_000));
          }
          expect(problems, `seed ${seed} run ${run}:\n${problems.join('\n')}\n${tender.output().slice(-4000)}`).toEqual(
            [],
          );
        }

        async function disagreements(): Promise<string[]> {
          const out: string[] = [];
          const chain = chainOf();
          const usdc = dev.devnet.tokens.USDC!;
          let paidTotal = 0n;
          for (const p of intents) {
            const [incoming, outgoing] = await Promise.all([
              chain.getLogs({
                address: usdc,
                event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
                args: { to: p.deposit },
                fromBlock: 0n,
              }),
              chain.getLogs({
                address: usdc,
                event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
                args: { from: p.deposit, to: vault },
                fromBlock: 0n,
              }),
            ]);
            const inUnits = incoming.reduce((a, l) => a + (l.args.value ?? 0n), 0n);
            const outUnits = outgoing.reduce((a, l) => a + (l.args.value ?? 0n), 0n);
            paidTotal += inUnits;
            const r = await api('GET', `/v1/payments/${p.id}`);
            const status = r.body.status as string;
            if (inUnits > 0n) {
              if (status !== 'SETTLED') out.push(`${p.id}: ${inUnits} units on the chain, status ${status}`);
              if (outUnits !== inUnits) out.push(`${p.id}: ${inUnits} units paid, ${outUnits} units in the vault`);
              if (String(r.body.amount_settled_units) !== inUnits.toString())
                out.push(`${p.id}: amount_settled_units ${String(r.body.amount_settled_units)}, chain ${inUnits}`);
            } else {
              if (String(r.body.amount_received_units) !== '0' || !['AWAITING_PAYMENT', 'EXPIRED'].includes(status))
                out.push(
                  `${p.id}: nothing on the chain, status ${status}, received ${String(r.body.amount_received_units)}`,
                );
              const types = rx.received.filter((e) => e.paymentId === p.id).map((e) => e.type);
              if (types.includes('payment.confirmed') && !types.includes('payment.reversed'))
                out.push(`${p.id}: announced confirmed, lost by the chain, never announced reversed`);
            }
          }
          const vaultNow = await chain.readContract({
            address: usdc,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [vault],
          });
          if (vaultNow - vaultStart !== paidTotal)
            out.push(`vault grew by ${vaultNow - vaultStart}, paid ${paidTotal}`);
          // Every delivery succeeded, and its event arrived with the same id (body and header).
          let cursor: string | null = null;
          do {
            const page = await api(
              'GET',
              `/v1/webhook-deliveries?endpoint_id=${endpointId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
            );
            for (const d of page.body.data as { id: string; event_id: string; status: string }[]) {
              if (d.status !== 'succeeded') out.push(`delivery ${d.id} of ${d.event_id}: ${d.status}`);
              else if (!rx.received.some((e) => e.id === d.event_id && e.headerId === d.event_id))
                out.push(`delivery ${d.id} succeeded but event ${d.event_id} never arrived`);
            }
            cursor = page.body.has_more ? (page.body.next_cursor as string) : null;
          } while (cursor);
          const st = (await (await fetch(`${dev.gateway.url}/public/status`)).json()) as { status: string };
          if (st.status !== 'operational') out.push(`/public/status: ${JSON.stringify(st)}`);
          return out;
        }

        x402Ms.checks = Date.now();
        const x402Chain = await x402ChainFacts(agent);
        expect(await stopTender(tender)).toBe(0);
        const x402Problems = await x402Disagreements(agent, x402Chain, agentStart);
        x402Ms.checks = Date.now() - x402Ms.checks;
        console.info(
          `seed ${seed} x402 time: bootstrap ${x402Ms.bootstrap} ms, checks ${x402Ms.checks} ms (with the stop), ` +
            `retries after restarts ${x402Ms.retries} ms (beside the gateway's convergence)`,
        );
        expect(x402Problems, `seed ${seed} x402:\n${x402Problems.join('\n')}`).toEqual([]);

        /** What the chain says the x402 payer paid: transfers to payTo, authorizations used, the balance now. */
        async function x402ChainFacts(a: X402Agent) {
          const chain = chainOf();
          const payTo = devnetAccounts(10)[X402_PAY_TO]!.address;
          const [transfers, used, balance] = await Promise.all([
            chain.getLogs({
              address: usdt,
              event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
              args: { from: a.address, to: payTo },
              fromBlock: 0n,
            }),
            chain.getLogs({
              address: usdt,
              event: testStablecoinAbi.find((e) => e.type === 'event' && e.name === 'AuthorizationUsed')!,
              args: { authorizer: a.address },
              fromBlock: 0n,
            }),
            usdtBalance(),
          ]);
          return {
            transfers: transfers.map((l) => ({ tx: l.transactionHash, value: l.args.value! })),
            used: used.map((l) => ({ tx: l.transactionHash, nonce: l.args.nonce!.toLowerCase() })),
            balance,
          };
        }

        /** The database (opened once the process stopped) against the operations and the chain. */
        async function x402Disagreements(
          a: X402Agent,
          chain: Awaited<ReturnType<typeof x402ChainFacts>>,
          startBalance: bigint,
        ): Promise<string[]> {
          const out: string[] = [];
          const db = await openDatabase({ dataDir: join(env.TENDER_HOME!, 'pglite') });
          try {
            const rows = await db.query<{
              id: string;
              idempotency_key: string;
              state: string;
              amount_units: string;
              nonce: string;
              made: number;
            }>(
              `select r.id, r.idempotency_key, r.state, r.amount_units::text as amount_units,
                      lower(r.payment_payload->'payload'->'authorization'->>'nonce') as nonce,
                      (select count(*) from agent_mailboxes m where m.created_by_request = r.id)::int +
                      (select count(*) from agent_email_messages e
                        where e.created_by_request = r.id and e.direction = 'outbound')::int as made
                 from agent_paid_requests r where r.wallet_address = $1`,
              [a.address],
            );
            const refunds = await db.query(`select * from agent_refunds_owed`);
            for (const r of refunds) out.push(`refund owed (irreconcilable): ${JSON.stringify(r)}`);
            for (const op of a.ops) {
              if (!op.final || op.final.status >= 300)
                out.push(`${op.key} (${op.serviceId}): final ${JSON.stringify(op.final)}`);
              const mine = rows.filter((r) => r.idempotency_key === op.key);
              if (mine.length !== 1 || mine[0]!.state !== 'completed')
                out.push(`${op.key}: paid requests ${JSON.stringify(mine)}`);
              else if (mine[0]!.made !== 1) out.push(`${op.key}: ${mine[0]!.made} mailboxes or messages made`);
            }
            for (const r of rows)
              if (r.state !== 'completed') out.push(`paid request ${r.id} (${r.idempotency_key}) left ${r.state}`);
            const completed = rows.filter((r) => r.state === 'completed');
            // Every transfer is one authorization used in its transaction, and that is one completed request.
            for (const t of chain.transfers) {
              const auth = chain.used.filter((u) => u.tx === t.tx);
              const paidBy = completed.filter((r) => auth.some((u) => u.nonce === r.nonce));
              if (auth.length !== 1 || paidBy.length !== 1 || BigInt(paidBy[0]!.amount_units) !== t.value)
                out.push(`transfer ${t.tx} of ${t.value}: ${auth.length} authorizations, requests ${paidBy.length}`);
            }
            for (const r of completed)
              if (chain.used.filter((u) => u.nonce === r.nonce).length !== 1)
                out.push(`completed request ${r.id} (${r.idempotency_key}): its authorization is not used on chain`);
            const charged = completed.reduce((s, r) => s + BigInt(r.amount_units), 0n);
            const transferred = chain.transfers.reduce((s, t) => s + t.value, 0n);
            if (startBalance - chain.balance !== charged || transferred !== charged)
              out.push(`payer paid ${startBalance - chain.balance}, transfers ${transferred}, completed ${charged}`);
            console.info(
              `seed ${seed} x402: ${a.ops.length} operations, ${completed.length} completed paid requests, ` +
                `${chain.transfers.length} transfers (${charged} units), ` +
                `${a.ops.reduce((s, o) => s + o.attempts, 0)} attempts (${a.ops.filter((o) => o.attempts > 1).length} operations retried after a crash), ${a.ops.reduce((s, o) => s + o.replays, 0)} replays, ` +
                `${refunds.length} refunds owed`,
            );
          } finally {
            await db.close();
          }
          return out;
        }

        const logs = all.map((t) => t.output()).join('\n');
        console.info(
          `seed ${seed}: ${intents.length} payments, ${rx.received.length} webhook requests, ` +
            `${new Set(rx.received.map((e) => e.id)).size} distinct events, ` +
            `${logs.split('THE DEVNET LOST').length - 1} devnet rollbacks reported, ` +
            `${rx.received.filter((e) => e.type.endsWith('.reversed')).length} reversal events`,
        );
      },
      RUNS * 420_000 + 180_000,
    );
  }
});

interface FlowPayment {
  id: string;
  deposit: Address;
  kind: 'invoice' | 'link';
  invoiceId?: string;
}

interface FlowRefund {
  id: string;
  recipient: Address;
  units: bigint;
}

describe.skipIf(!!process.env.DATABASE_URL)('crash suite: refunds, invoices and payment links (PGlite)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  for (const seed of FLOW_SEEDS) {
    it(
      `flow seed ${seed}: after every crash each refund is completed exactly when the chain holds it and announced once, invoices and links settle`,
      async () => {
        const started = Date.now();
        const random = prng(seed * 7_919);
        const rx = await startReceiver();
        cleanup.push(() => rx.close());
        const env = await tenderEnv({ WEBHOOK_TEST_ALLOW_LOOPBACK: 'true', DEVNET_BLOCK_TIME: '1' });
        cleanup.push(() => removeHome(env.TENDER_HOME!));
        let tender: TenderChild = startTenderChild(env, { detached: true });
        const all: TenderChild[] = [tender];
        cleanup.push(async () => {
          for (const t of all) {
            if (t.child.exitCode === null && t.child.signalCode === null) {
              try {
                process.kill(-t.child.pid!, 'SIGKILL');
              } catch {
                // gone
              }
            }
          }
        });
        await healthy(tender, env);
        let dev = await devJsonOf(env.TENDER_HOME!);
        const api = async (method: string, path: string, body?: unknown, auth = true) => {
          const r = await fetch(`${dev.gateway.url}${path}`, {
            method,
            headers: {
              ...(auth ? { authorization: `Bearer ${dev.gateway.testApiKey}` } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
            signal: AbortSignal.timeout(10_000),
          });
          return { status: r.status, body: (await r.json()) as Record<string, unknown> };
        };
        const created = (r: { status: number; body: Record<string, unknown> }) => {
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          return r.body;
        };
        created(await api('POST', '/v1/webhook-endpoints', { url: rx.url, enabled_events: ['*'] }));
        const vault = (dev.gateway as unknown as { vaults: { devnet: Address } }).vaults.devnet;
        expect(vault.toLowerCase()).toBe(devnetAccounts()[DEV_VAULT]!.address.toLowerCase());
        const chainOf = () => createPublicClient({ transport: viemHttp(dev.devnet.rpcUrl) });
        const usdc = () => dev.devnet.tokens.USDC!;
        const clientOf = (index: number) =>
          createDevnetClient(dev.devnet.rpcUrl, { account: devnetAccounts()[index]! });
        const statusOf = async (id: string) => (await api('GET', `/v1/payments/${id}`)).body.status as string;
        const depositOf = async (id: string) =>
          ((await api('GET', `/v1/payments/${id}`)).body.networks as { deposit_address: Address }[])[0]!
            .deposit_address;

        // The payment refunds are taken from: paid and settled before any crash.
        const refundable = created(
          await api('POST', '/v1/payment-intents', { amount: '100.00', networks: ['devnet'] }),
        );
        await transferToken(clientOf(2), usdc(), await depositOf(refundable.id as string), parseUnits('100', 6));
        await waitFor(
          async () => ((await statusOf(refundable.id as string)) === 'SETTLED' ? true : undefined),
          120_000,
          'the refundable payment to settle',
        );
        const link = created(
          await api('POST', '/v1/payment-links', { name: 'Crash ticket', amount: '2', networks: ['devnet'] }),
        );
        const payments: FlowPayment[] = [];
        const refunds: FlowRefund[] = [];
        let invoices = 0;
        const setupMs = Date.now() - started;

        for (let run = 0; run < FLOW_RUNS; run++) {
          const kind: Kind = KINDS[(seed + run) % KINDS.length]!;
          const killAfterMs = Math.round(8_000 + random() * 5_000);
          const invoiceAt = Math.round(random() * 1_500);
          const linkAt = Math.round(random() * 1_500);
          // Refunds go out in the last seconds before the kill: some complete (two blocks) and are announced before
          // it, some are mined and not yet final, some never reach the chain.
          const refundAts = Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
            Math.max(0, killAfterMs - Math.round(800 + random() * 4_200)),
          );
          console.info(
            `flow seed ${seed} run ${run}: kill -9 of ${kind} after ${killAfterMs} ms; invoice at ${invoiceAt} ms, ` +
              `link payment at ${linkAt} ms, refunds at ${refundAts.join(', ')} ms`,
          );
          let killed = false;
          const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
          const runStarted = Date.now();
          const flows = Promise.allSettled([
            (async () => {
              await sleep(invoiceAt);
              invoices++;
              const inv = created(
                await api('POST', '/v1/invoices', {
                  customer_name: `Crash ${seed}.${run}`,
                  customer_email: 'crash@example.com',
                  networks: ['devnet'],
                  line_items: [{ description: 'Work', quantity: 1 + (run % 2), unit_amount: '1.5' }],
                }),
              );
              const id = inv.payment_intent_id as string;
              const p: FlowPayment = { id, deposit: await depositOf(id), kind: 'invoice', invoiceId: inv.id as string };
              payments.push(p);
              if (killed) return;
              await transferToken(clientOf(2), usdc(), p.deposit, BigInt(inv.total_units as string));
            })(),
            (async () => {
              await sleep(linkAt);
              const start = created(await api('POST', `/public/payment-links/${link.id as string}/intents`, {}, false));
              const id = start.payment_intent_id as string;
              const open = await api('POST', `/public/payment-intents/${id}/open`, { network: 'devnet' }, false);
              expect(open.status, JSON.stringify(open.body)).toBe(200);
              const p: FlowPayment = { id, deposit: await depositOf(id), kind: 'link' };
              payments.push(p);
              if (killed) return;
              await transferToken(clientOf(3), usdc(), p.deposit, parseUnits('2', 6));
            })(),
            ...refundAts.map(async (at, i) => {
              // A recipient of its own: what the chain sent it is this request's refund.
              const recipient = privateKeyToAddress(keccak256(toHex(`crash ${seed} ${run} ${i}`)));
              const units = parseUnits(String(1 + Math.floor(random() * 3)), 6);
              const r = created(
                await api('POST', '/v1/refund-requests', {
                  payment_intent_id: refundable.id,
                  amount: (Number(units) / 1e6).toFixed(0),
                  recipient: recipient.toLowerCase(),
                }),
              );
              refunds.push({ id: r.id as string, recipient, units });
              await sleep(Math.max(0, at - (Date.now() - runStarted)));
              if (killed) return;
              await transferToken(clientOf(DEV_VAULT), usdc(), recipient, units);
            }),
          ]); // the kill cuts them short: what reached the chain is what counts
          await sleep(killAfterMs);
          killed = true;
          const pid = tender.child.pid!;
          const anvil = anvilPidOf(pid);
          if (kind === 'node') process.kill(pid, 'SIGKILL');
          else if (kind === 'anvil') process.kill(anvil!, 'SIGKILL');
          else process.kill(-pid, 'SIGKILL');
          await flows;
          const exit = await Promise.race([tender.exited, new Promise((r) => setTimeout(() => r('running'), 60_000))]);
          if (exit === 'running') throw new Error(`tender kept running without its devnet:\n${tender.output()}`);
          if (anvil) await waitFor(async () => (alive(anvil) ? undefined : true), 30_000, 'anvil to exit');
          tender = startTenderChild(env, { detached: true });
          all.push(tender);
          await healthy(tender, env);
          dev = await waitFor(async () => {
            const d = await devJsonOf(env.TENDER_HOME!);
            return d.gateway.testApiKey ? d : undefined;
          }, 10_000);
          await converge(`run ${run}`);
        }

        // The merchant sends again every refund the chain does not hold (lost with a crash or never sent): each
        // completes, announced once in all.
        const resent: string[] = [];
        for (const r of refunds) {
          if ((await refundedOnChain(r)) === 0n) {
            await transferToken(clientOf(DEV_VAULT), usdc(), r.recipient, r.units);
            resent.push(r.id);
          }
        }
        await converge('after the refunds were sent again', { allRefunded: true });
        expect(await stopTender(tender)).toBe(0);

        const logs = all.map((t) => t.output()).join('\n');
        console.info(
          `flow seed ${seed}: ${refunds.length} refunds (${resent.length} sent again), ${invoices} invoices, ` +
            `${payments.length} invoice and link payments, ${rx.received.length} webhook requests, ` +
            `${logs.split('THE DEVNET LOST').length - 1} devnet rollbacks reported; setup ${setupMs} ms, ` +
            `whole seed ${Date.now() - started} ms`,
        );

        async function refundedOnChain(r: FlowRefund): Promise<bigint> {
          const logs = await chainOf().getLogs({
            address: usdc(),
            event: erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!,
            args: { from: vault, to: r.recipient },
            fromBlock: 0n,
          });
          return logs.reduce((a, l) => a + (l.args.value ?? 0n), 0n);
        }

        async function converge(when: string, opts: { allRefunded?: boolean } = {}): Promise<void> {
          let problems: string[] = [];
          const until = Date.now() + 240_000;
          while (Date.now() < until) {
            problems = await disagreements(opts);
            if (problems.length === 0) break;
            await new Promise((r) => setTimeout(r, 2_000));
          }
          expect(
            problems,
            `flow seed ${seed} ${when}:\n${problems.join('\n')}\n${tender.output().slice(-4000)}`,
          ).toEqual([]);
        }

        async function disagreements(opts: { allRefunded?: boolean }): Promise<string[]> {
          const out: string[] = [];
          const chain = chainOf();
          const transfer = erc20Abi.find((e) => e.type === 'event' && e.name === 'Transfer')!;
          const announced = (objectId: string, type: string) =>
            new Set(rx.received.filter((e) => e.paymentId === objectId && e.type === type).map((e) => e.id)).size;
          for (const r of refunds) {
            const onChain = await refundedOnChain(r);
            const status = (await api('GET', `/v1/refund-requests/${r.id}`)).body.status as string;
            const completedEvents = announced(r.id, 'refund.completed');
            if (onChain > 0n) {
              if (status !== 'completed') out.push(`refund ${r.id}: on the chain, status ${status}`);
              if (status === 'completed' && completedEvents !== 1)
                out.push(`refund ${r.id}: completed, announced ${completedEvents} times (refund.completed)`);
            } else {
              if (opts.allRefunded) out.push(`refund ${r.id}: sent again, still not on the chain`);
              if (status !== 'pending') out.push(`refund ${r.id}: not on the chain, status ${status}`);
              if (completedEvents > 0)
                out.push(`refund ${r.id}: announced completed, but the chain does not hold its transfer`);
            }
          }
          for (const p of payments) {
            const [incoming, outgoing] = await Promise.all([
              chain.getLogs({ address: usdc(), event: transfer, args: { to: p.deposit }, fromBlock: 0n }),
              chain.getLogs({ address: usdc(), event: transfer, args: { from: p.deposit, to: vault }, fromBlock: 0n }),
            ]);
            const inUnits = incoming.reduce((a, l) => a + (l.args.value ?? 0n), 0n);
            const outUnits = outgoing.reduce((a, l) => a + (l.args.value ?? 0n), 0n);
            const r = await api('GET', `/v1/payments/${p.id}`);
            const status = r.body.status as string;
            const types = rx.received.filter((e) => e.paymentId === p.id).map((e) => e.type);
            if (inUnits > 0n) {
              if (status !== 'SETTLED') out.push(`${p.kind} payment ${p.id}: ${inUnits} units on the chain, ${status}`);
              if (outUnits !== inUnits)
                out.push(`${p.kind} payment ${p.id}: paid ${inUnits}, in the vault ${outUnits}`);
            } else {
              if (
                String(r.body.amount_received_units) !== '0' ||
                !['CREATED', 'AWAITING_PAYMENT', 'EXPIRED'].includes(status)
              )
                out.push(
                  `${p.kind} payment ${p.id}: nothing on the chain, ${status}, received ${String(r.body.amount_received_units)}`,
                );
              if (types.includes('payment.confirmed') && !types.includes('payment.reversed'))
                out.push(`${p.kind} payment ${p.id}: announced confirmed, lost by the chain, never announced reversed`);
            }
            if (p.invoiceId) {
              const inv = (await api('GET', `/v1/invoices/${p.invoiceId}`)).body;
              const paid = announced(p.invoiceId, 'invoice.paid');
              if ((inv.status === 'paid') !== inUnits > 0n)
                out.push(`invoice ${p.invoiceId}: ${String(inv.status)}, ${inUnits} units on the chain`);
              if (inv.status === 'paid' && paid !== 1)
                out.push(`invoice ${p.invoiceId}: paid, announced ${paid} times`);
              if (inUnits === 0n && paid > 0)
                out.push(`invoice ${p.invoiceId}: announced paid, the chain holds nothing`);
            }
          }
          // Every delivery succeeded, and its event arrived with the same id.
          let cursor: string | null = null;
          do {
            const page = await api('GET', `/v1/webhook-deliveries?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
            for (const d of page.body.data as { id: string; event_id: string; status: string }[]) {
              if (d.status !== 'succeeded') out.push(`delivery ${d.id} of ${d.event_id}: ${d.status}`);
              else if (!rx.received.some((e) => e.id === d.event_id && e.headerId === d.event_id))
                out.push(`delivery ${d.id} succeeded but event ${d.event_id} never arrived`);
            }
            cursor = page.body.has_more ? (page.body.next_cursor as string) : null;
          } while (cursor);
          const st = (await (await fetch(`${dev.gateway.url}/public/status`)).json()) as { status: string };
          if (st.status !== 'operational') out.push(`/public/status: ${JSON.stringify(st)}`);
          return out;
        }
      },
      FLOW_RUNS * 360_000 + 300_000,
    );
  }
});
