// The crash suite: `tender start` as a real process in a temporary TENDER_HOME, killed with SIGKILL at seeded random
// moments of the payment, sweep and webhook flows — the node process alone (anvil then dumps its state on its
// parent-death signal), anvil alone (tender stops and is restarted), or both at once (the process group: anvil
// writes nothing) — and restarted. After each restart, once the workers have caught up:
//   - the database agrees with the chain: every payment whose transfer is on the chain is SETTLED with exactly that
//     amount, every payment whose transfer is not on the chain shows nothing received;
//   - every confirmed payment ends in the vault exactly once (per deposit address and in the vault's total);
//   - every webhook delivery succeeded, and the receiver got its event with the same id;
//   - a payment announced as confirmed whose transfer the chain lost was announced as reversed, and the rollback
//     was logged; nothing is left as an open incident.
//
// Seeded and reproducible: CRASH_SEEDS=1,2,3 picks the seeds (default 1,2), CRASH_RUNS the crashes per seed
// (default 2; run k of seed s kills kind (s + k) mod 3, so the defaults cover all three, at seeded moments). PGlite only: tender start keeps its
// database in the home (the PostgreSQL multi-process cases are in devnetOwnership.test.ts and the gateway's tests).
import http from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { createDevnetClient, devnetAccounts, transferToken } from '@tender/evm';
import { createPublicClient, erc20Abi, http as viemHttp, parseUnits, type Address } from 'viem';
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

const SEEDS = (process.env.CRASH_SEEDS ?? '1,2').split(',').map((s) => Number(s.trim()));
const RUNS = Number(process.env.CRASH_RUNS ?? 2);
const KINDS = ['node', 'anvil', 'both'] as const;
type Kind = (typeof KINDS)[number];

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

        for (let run = 0; run < RUNS; run++) {
          // Seed s starts at kind s mod 3, so the default seeds 1 and 2 with two runs each cover all three kinds.
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
          await new Promise((r) => setTimeout(r, killAfterMs));
          killed = true;
          const pid = tender.child.pid!;
          const anvil = anvilPidOf(pid);
          if (kind === 'node') process.kill(pid, 'SIGKILL');
          else if (kind === 'anvil') process.kill(anvil!, 'SIGKILL');
          else process.kill(-pid, 'SIGKILL');
          await flow;
          // anvil alone: tender notices and stops with an error, as it should; give it the time to.
          const exit = await Promise.race([tender.exited, new Promise((r) => setTimeout(() => r('running'), 30_000))]);
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
          await converge(run);
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

        expect(await stopTender(tender)).toBe(0);
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
