// bench/events, the baseline: NATS JetStream on the same host (file storage, durable pull consumers, explicit acks).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { AckPolicy, connect, RetentionPolicy, StorageType, type JsMsg, type NatsConnection } from 'nats';
import type { Side } from '../_lib/rounds.ts';
import {
  connectAll,
  IN_FLIGHT,
  mb,
  now,
  paced,
  pct,
  rssOf,
  settledRss,
  socketMemory,
  type SocketMemory,
  sleep,
  unsettled,
  until,
  type EventsConfig,
} from './common.ts';

/**
 * A nats-server of its own for the memory figure, as Tender's figure is of a gateway process of its own: the
 * machine's shared server keeps memory from earlier runs' connections, and its readings moved between 1 and 18 KB
 * per connection from one run to the next (once below zero).
 */
async function startOwnNatsServer(): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const url = `nats://127.0.0.1:${port}`;
  await until('nats-server (own) accepting connections', async () => {
    try {
      await (await connect({ servers: url })).close();
      return true;
    } catch {
      return false;
    }
  });
  return { url, pid: child.pid!, stop: () => void child.kill('SIGKILL') };
}

export interface NatsBench {
  side: Side;
  /**
   * RSS growth of a nats-server of its own per idle connection holding one subscription (the server runs without
   * auth here).
   */
  bytesPerIdleSocket(sockets: number): Promise<SocketMemory>;
  close(): Promise<void>;
}

/**
 * One connection and one durable pull consumer per tenant, at most IN_FLIGHT unacknowledged (like Tender's
 * REALTIME_MAX_IN_FLIGHT); acks count once the server confirmed them (ackAck). The producer publishes with up to
 * 1,000 PubAcks outstanding (JetStream has no multi-message publish).
 */
export async function openNats(cfg: EventsConfig): Promise<NatsBench> {
  const tag = randomBytes(4).toString('hex');
  const stream = `BENCH_EVENTS_${tag}`;
  const subject = `bench.events.${tag}`;
  const pub = await connect({ servers: cfg.natsUrl });
  const jsm = await pub.jetstreamManager();
  const js = pub.jetstream();
  const conns: NatsConnection[] = [];
  await jsm.streams.add({
    name: stream,
    subjects: [`${subject}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
  });
  let confirmed = 0;
  const latencies: number[] = [];
  let measuring = false;
  for (let i = 0; i < cfg.tenants; i++) {
    await jsm.consumers.add(stream, {
      durable_name: `t${i}`,
      filter_subject: `${subject}.t${i}`,
      ack_policy: AckPolicy.Explicit,
      max_ack_pending: IN_FLIGHT,
    });
    const nc = await connect({ servers: cfg.natsUrl });
    conns.push(nc);
    const consumer = await nc.jetstream().consumers.get(stream, `t${i}`);
    await consumer.consume({
      max_messages: IN_FLIGHT,
      callback: (m: JsMsg) => {
        if (measuring) {
          const t = JSON.parse(new TextDecoder().decode(m.data)).t;
          if (typeof t === 'number') latencies.push(now() - t);
        }
        void m.ackAck().then((ok) => {
          if (ok) confirmed++;
        });
      },
    });
  }

  return {
    side: {
      name: 'nats',
      async run() {
        confirmed = 0;
        const t0 = performance.now();
        let outstanding = 0;
        for (let i = 0; i < cfg.events; i++) {
          while (outstanding >= 1_000) await sleep(0);
          outstanding++;
          void js.publish(`${subject}.t${i % cfg.tenants}`, JSON.stringify({ i })).finally(() => outstanding--);
        }
        await until('nats: publishes acknowledged', () => outstanding === 0);
        await until('nats: all acknowledged', () => confirmed >= cfg.events);
        const totalMs = performance.now() - t0;

        confirmed = 0;
        latencies.length = 0;
        measuring = true;
        const pace = await paced(cfg.rate, cfg.seconds, (i) =>
          js.publish(`${subject}.t${i % cfg.tenants}`, JSON.stringify({ t: now() })),
        );
        await until('nats: paced messages acknowledged', () => confirmed >= pace.sent);
        measuring = false;
        return {
          'events/s': cfg.events / (totalMs / 1000),
          'p50 ms': pct(latencies, 50),
          'p99 ms': pct(latencies, 99),
          'rate/s': pace.rate,
        };
      },
    },

    async bytesPerIdleSocket(sockets) {
      await Promise.all(conns.splice(0).map((c) => c.close()));
      const own = await startOwnNatsServer();
      try {
        const open = async (i: number) => {
          const nc = await connect({ servers: own.url, pingInterval: 60_000 });
          nc.subscribe(`${subject}.idle.${i}`);
          await nc.flush();
          return nc;
        };
        const half = Math.floor(sockets / 2);
        const before = await settledRss(() => rssOf(own.pid));
        conns.push(...(await connectAll(half, 250, open)));
        const mid = await settledRss(() => rssOf(own.pid));
        conns.push(...(await connectAll(sockets - half, 250, (i) => open(half + i))));
        const after = await settledRss(() => rssOf(own.pid));
        await Promise.all(conns.splice(0).map((c) => c.close().catch(() => {})));
        console.log(
          `nats: ${sockets} idle connections: nats-server (its own) RSS ${mb(before.rss)} → ${mb(mid.rss)} (${half}) → ${mb(after.rss)} MiB${unsettled(before, mid, after)}`,
        );
        return socketMemory(sockets, half, before.rss, mid.rss, after.rss);
      } finally {
        own.stop();
      }
    },

    async close() {
      await Promise.all(conns.map((c) => c.close().catch(() => {})));
      await jsm.streams.delete(stream).catch(() => {});
      await pub.close();
    },
  };
}
