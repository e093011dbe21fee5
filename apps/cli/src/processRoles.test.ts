// `tender start --role`: api, workers and realtime each in a process of their own on one PostgreSQL database, the
// workers process running the devnet. A payment made through the api process is confirmed by the workers process,
// which delivers its webhook; an agent's email sent through the api process reaches its socket on the realtime
// process. The processes run the compiled build (bin/tender.mjs, as `npm start`), so it is tested end to end too.
import http from 'node:http';
import { devnetAccounts, createDevnetClient, transferToken } from '@tender/evm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseUnits, type Address } from 'viem';
import { TestClient } from '../../../apps/agents/src/realtime/_test/wsClient.ts';
import { bootRoles, devGatewayApi } from './_test/bootTender.ts';
import {
  removeHome,
  scratchDatabase,
  stopTender,
  tenderEnv,
  waitFor,
  type TenderChild,
} from './_test/tenderProcess.ts';
import { x402Agent } from './_test/x402Agent.ts';
import { buildCli } from '../scripts/buildCli.mjs';

/** Devnet accounts: 2 pays the gateway, 5 pays x402. */
const PAYER = 2;
const X402_PAYER = 5;

describe.skipIf(!process.env.DATABASE_URL)('process roles (PostgreSQL)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f().catch(() => undefined);
  });

  it('api, workers and realtime in three processes pay, deliver a webhook and notify an agent socket', async () => {
    const db = await scratchDatabase();
    cleanup.push(() => db.drop());
    const received: { type: string; paymentId?: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const e = JSON.parse(body) as { type: string; data?: { object?: { id?: string } } };
        received.push({ type: e.type, paymentId: e.data?.object?.id });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => receiver.close(r)));

    // One home (the dev secret keys, dev.json): the workers process locks it and runs the devnet.
    const shared = { DATABASE_URL: db.url, WEBHOOK_TEST_ALLOW_LOOPBACK: 'true', DEVNET_BLOCK_TIME: '1' };
    const workersEnv = await tenderEnv(shared);
    cleanup.push(() => removeHome(workersEnv.TENDER_HOME!));
    const apiEnv = await tenderEnv({ ...shared, TENDER_HOME: workersEnv.TENDER_HOME! });
    const realtimeEnv = await tenderEnv({ ...shared, TENDER_HOME: workersEnv.TENDER_HOME! });
    const procs: TenderChild[] = [];
    cleanup.push(() => Promise.all(procs.map((t) => stopTender(t))));
    // Built once before the processes start (three stale checks at once would each rebuild it).
    await buildCli();
    const roles = [
      ['workers', workersEnv],
      ['api', apiEnv],
      ['realtime', realtimeEnv],
    ] as const;
    await bootRoles(roles, procs, 180_000);
    for (const [role, env] of roles) {
      const ready = await (await fetch(`http://127.0.0.1:${env.GATEWAY_PORT}/readyz`)).json();
      expect(ready).toEqual({ status: 'ready', database: 'ok', roles: [role] });
    }
    // Only the api process serves the APIs; the realtime process serves only its socket.
    expect((await fetch(`http://127.0.0.1:${workersEnv.GATEWAY_PORT}/v1/payment-intents`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${realtimeEnv.AGENTS_PORT}/api/v1/services`)).status).toBe(404);

    const { dev, api } = await devGatewayApi(workersEnv.TENDER_HOME!);
    expect(dev.gateway.url).toBe(`http://127.0.0.1:${apiEnv.GATEWAY_PORT}`);

    // Pay: the intent is created by the api process, detected on the devnet and delivered by the workers process.
    const port = (receiver.address() as { port: number }).port;
    const endpoint = await api('POST', '/v1/webhook-endpoints', {
      url: `http://127.0.0.1:${port}/hooks`,
      enabled_events: ['*'],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    const intent = await api('POST', '/v1/payment-intents', { amount: '3.00', networks: ['devnet'] });
    expect(intent.status, JSON.stringify(intent.body)).toBe(201);
    const deposit = (intent.body.networks as { deposit_address: Address }[])[0]!.deposit_address;
    const payer = createDevnetClient(dev.devnet.rpcUrl, { account: devnetAccounts()[PAYER]! });
    await transferToken(payer, dev.devnet.tokens.USDC!, deposit, parseUnits('3', 6));
    await waitFor(
      async () => received.find((e) => e.type === 'payment.confirmed' && e.paymentId === intent.body.id),
      90_000,
      'payment.confirmed at the receiver',
    );

    // Notify: an agent pays (x402) for a mailbox through the api process, listens on the realtime process, and
    // mails itself through the api process.
    const agentsUrl = `http://127.0.0.1:${apiEnv.AGENTS_PORT}`;
    const agent = x402Agent(() => agentsUrl, devnetAccounts(10)[X402_PAYER]!);
    const boot = agent.op('email.mailbox.create', '/api/v1/email/mailboxes', { localPart: 'roles', displayName: 'R' });
    await agent.finishAll(90_000);
    expect(boot.final?.status, JSON.stringify(boot.final?.body)).toBe(201);
    const mailbox = boot.final!.body.data as { mailboxId: string; address: string };
    const rt = await fetch(`${agentsUrl}/api/v1/events/realtime-token`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    const rtBody = (await rt.json()) as { data: { realtime: { token: string } } };
    expect(rt.status, JSON.stringify(rtBody)).toBe(200);
    const socket = await TestClient.open(
      `ws://127.0.0.1:${realtimeEnv.AGENTS_PORT}/api/v1/events/ws`,
      rtBody.data.realtime.token,
    );
    cleanup.push(async () => socket.ws.close());
    await socket.next((f) => f.type === 'session.replay.complete');
    const send = agent.op('email.message.send', '/api/v1/email/messages/send', {
      mailboxId: mailbox.mailboxId,
      to: [mailbox.address],
      subject: 'across roles',
      text: 'hello',
    });
    await agent.finishAll(90_000);
    expect(send.final?.status, JSON.stringify(send.final?.body)).toBe(201);
    // The inbound SMTP of the api process records the message; its event wakes the realtime process (NOTIFY).
    const delivery = await socket.next((f) => f.type === 'event.delivery' && f.event.type === 'email.received', 60_000);
    expect(delivery.event.resourceId).toBe(mailbox.mailboxId);

    for (const t of procs) expect(await stopTender(t)).toBe(0);
  }, 420_000);
});
