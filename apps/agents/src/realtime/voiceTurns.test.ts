import type { AddressInfo } from 'node:net';
import type { App, Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness, createAgentsTestServer } from '../_test/agentsTestKit.ts';
import { makeTenant } from '../events/_test/eventsKit.ts';
import { TestClient } from './_test/wsClient.ts';
import { createRealtimeGateway, type RealtimeGateway } from './gateway.ts';
import { REALTIME_PATH } from './protocol.ts';
import { issueRealtimeToken } from './realtimeTokens.ts';
import type { VoiceTurnRequest } from './voiceTurns.ts';

// Live voice turns with a fake caller (the telephony side): `requestVoiceTurn` on one gateway, the agent's socket on
// the same gateway or on a second gateway (another "process": its own registry and process id, the NOTIFY bus).
let db: Database;
let h: AgentsHarness;
let other: { app: App; realtime: RealtimeGateway };
let urlA: string;
let urlB: string;

beforeAll(async () => {
  db = await openAgentsDb();
  h = await startAgents({ db, env: { VOICE_MAX_PENDING_TURNS: '2' } });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  const realtime = createRealtimeGateway({
    db,
    logger: h.ctx.logger,
    publicUrl: 'http://127.0.0.1',
    policy: h.ctx.config.events,
    settings: h.ctx.config.realtime,
  });
  const app = await createAgentsTestServer({ ...h.ctx, realtime }, { rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  other = { app, realtime };
  const url = (a: App) => `ws://127.0.0.1:${(a.server.address() as AddressInfo).port}${REALTIME_PATH}`;
  urlA = url(h.app);
  urlB = url(app);
});
afterAll(async () => {
  await other?.app.close();
  await h?.close();
  await db?.close();
});

async function agent(url: string) {
  const t = await makeTenant(db);
  const r = await call(h.app, 'GET', '/api/v1/events/realtime-token', {
    headers: { authorization: `Bearer ${t.token}` },
  });
  return { tenantId: t.id, token: t.token, client: await TestClient.open(url, r.body.data.realtime.token as string) };
}
/** Another socket for an existing tenant (a realtime token issued for it directly). */
async function reconnect(tenantId: string, accessToken: string, url: string) {
  const { token } = await issueRealtimeToken(db, { tenantId, authorization: `Bearer ${accessToken}` });
  return TestClient.open(url, token);
}
const turn = (tenantId: string, timeoutMs = 3_000): VoiceTurnRequest => ({
  tenantId,
  callId: 'call-1',
  phoneNumberId: 'pn-1',
  providerCallId: 'CA123',
  direction: 'inbound',
  fromNumber: '+15551230000',
  toNumber: '+15559870000',
  transcript: 'What are your opening hours?',
  timeoutMs,
});

describe('voice turns', () => {
  it('routes a turn to the socket on the same process; the first answer wins and extra fields are dropped', async () => {
    const { tenantId, client } = await agent(urlA);
    const outcome = h.ctx.realtime.requestVoiceTurn(turn(tenantId));
    const t = await client.next((f) => f.type === 'voice.turn');
    expect(t).toMatchObject({
      callId: 'call-1',
      phoneNumberId: 'pn-1',
      providerCallId: 'CA123',
      direction: 'inbound',
      fromNumber: '+15551230000',
      toNumber: '+15559870000',
      transcript: 'What are your opening hours?',
    });
    expect(t.turnId).toMatch(/^vt_/);
    expect(Date.parse(t.deadline)).toBe(t.deadlineMs);
    client.send({
      type: 'voice.response',
      turnId: t.turnId,
      text: 'Nine to five.',
      hangup: false,
      digits: '12#',
      secret: 'x',
    });
    expect(await outcome).toEqual({
      turnId: t.turnId,
      answered: true,
      response: { text: 'Nine to five.', hangup: false, digits: '12#' },
    });
    client.send({ type: 'voice.response', turnId: t.turnId, text: 'again' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'TURN_CLOSED', turnId: t.turnId });
    client.send({ type: 'event.ack', eventId: t.turnId });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    await client.close();
  });

  it('routes a turn to the process holding the socket (offer, assign, result over NOTIFY)', async () => {
    const { tenantId, client } = await agent(urlB);
    // Larger than one NOTIFY payload both ways (four-byte characters): the bus chunks and reassembles.
    const transcript = '📞'.repeat(5_000);
    const text = '🙂'.repeat(2_000);
    const outcome = h.ctx.realtime.requestVoiceTurn({ ...turn(tenantId), transcript });
    const t = await client.next((f) => f.type === 'voice.turn');
    expect(t.transcript).toBe(transcript);
    client.send({ type: 'voice.response', turnId: t.turnId, text, action: 'hangup' });
    expect(await outcome).toMatchObject({ answered: true, response: { text, hangup: true, action: 'hangup' } });
    // An action the call cannot perform is refused precisely (never accepted and dropped); the caller hears the
    // fallback line.
    const refused = h.ctx.realtime.requestVoiceTurn(turn(tenantId));
    const t2 = await client.next((f) => f.type === 'voice.turn');
    client.send({ type: 'voice.response', turnId: t2.turnId, text: 'Transferring.', action: 'transfer:sales' });
    const err = await client.next((f) => f.type === 'error');
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', turnId: t2.turnId });
    expect(err.message).toContain('action must be one of speak, hangup, sendDigits (got "transfer:sales")');
    expect(await refused).toMatchObject({ answered: false, reason: 'invalid_response' });
    await client.close();
  });

  it('the next turn goes straight to the last holder; when the socket moved, the holder declines and offers decide', async () => {
    const { tenantId, token, client } = await agent(urlB);
    const answer = async (c: TestClient, text: string) => {
      const t = await c.next((f) => f.type === 'voice.turn');
      c.send({ type: 'voice.response', turnId: t.turnId, text });
    };
    const first = h.ctx.realtime.requestVoiceTurn(turn(tenantId));
    await answer(client, 'one');
    expect(await first).toMatchObject({ answered: true, response: { text: 'one' } });
    const second = h.ctx.realtime.requestVoiceTurn(turn(tenantId));
    await answer(client, 'two');
    expect(await second).toMatchObject({ answered: true, response: { text: 'two' } });
    expect(other.realtime.stats().heldTurns).toBe(0);

    // The agent reconnects to the other process: the remembered holder declines, the new one gets the turn.
    await client.close();
    const moved = await reconnect(tenantId, token, urlA);
    const third = h.ctx.realtime.requestVoiceTurn(turn(tenantId));
    await answer(moved, 'three');
    expect(await third).toMatchObject({ answered: true, response: { text: 'three' } });
    await moved.close();
    // Nobody connected: the remembered holder declines and no process offers (no_socket, not a timeout).
    const started = Date.now();
    expect(await h.ctx.realtime.requestVoiceTurn(turn(tenantId, 10_000))).toMatchObject({
      answered: false,
      reason: 'no_socket',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('deadline: voice.timeout to the socket, fallback to the caller, the late answer is rejected', async () => {
    const { tenantId, client } = await agent(urlB);
    const started = Date.now();
    const outcome = await Promise.all([
      h.ctx.realtime.requestVoiceTurn(turn(tenantId, 300)),
      client.next((f) => f.type === 'voice.timeout'),
    ]);
    expect(outcome[0]).toMatchObject({ answered: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_500);
    client.send({ type: 'voice.response', turnId: outcome[1].turnId, text: 'late' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'TURN_CLOSED' });
    await client.close();
  });

  it('rejects answers from another tenant and invalid answers (fallback), honours cancel and socket drops', async () => {
    const a = await agent(urlA);
    const b = await agent(urlA);
    const p1 = h.ctx.realtime.requestVoiceTurn(turn(a.tenantId));
    const t1 = await a.client.next((f) => f.type === 'voice.turn');
    b.client.send({ type: 'voice.response', turnId: t1.turnId, text: 'hijack' });
    expect(await b.client.next((f) => f.type === 'error')).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    a.client.send({ type: 'voice.response', turnId: t1.turnId, text: 'y'.repeat(2001) });
    expect(await a.client.next((f) => f.type === 'error')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await p1).toMatchObject({ answered: false, reason: 'invalid_response' });

    const p2 = h.ctx.realtime.requestVoiceTurn(turn(a.tenantId));
    const t2 = await a.client.next((f) => f.type === 'voice.turn');
    a.client.send({ type: 'voice.cancel', turnId: t2.turnId });
    expect(await p2).toMatchObject({ answered: false, reason: 'cancelled' });

    const p3 = h.ctx.realtime.requestVoiceTurn(turn(a.tenantId));
    await a.client.next((f) => f.type === 'voice.turn');
    await a.client.close();
    expect(await p3).toMatchObject({ answered: false, reason: 'socket_closed' });
    await b.client.close();
  });

  it('no socket anywhere: fallback no_socket; open turns per tenant are bounded', async () => {
    const nobody = await makeTenant(db);
    const started = Date.now();
    expect(await h.ctx.realtime.requestVoiceTurn(turn(nobody.id))).toMatchObject({
      answered: false,
      reason: 'no_socket',
    });
    expect(Date.now() - started).toBeLessThan(2_000); // the offer window, not the whole deadline

    const { tenantId, client } = await agent(urlA);
    const open = [h.ctx.realtime.requestVoiceTurn(turn(tenantId)), h.ctx.realtime.requestVoiceTurn(turn(tenantId))];
    expect(await h.ctx.realtime.requestVoiceTurn(turn(tenantId))).toMatchObject({ answered: false, reason: 'busy' });
    const turns = [
      await client.next((f) => f.type === 'voice.turn'),
      await client.next((f) => f.type === 'voice.turn'),
    ];
    for (const t of turns) client.send({ type: 'voice.response', turnId: t.turnId, text: 'ok' });
    expect((await Promise.all(open)).every((o) => o.answered)).toBe(true);
    await expect(h.ctx.realtime.requestVoiceTurn({ ...turn(tenantId), fromNumber: '555' })).rejects.toThrow(/E.164/);
    await client.close();
  });
});
