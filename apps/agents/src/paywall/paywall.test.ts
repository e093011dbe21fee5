import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from '@x402/core/http';
import { authorizationTypes } from '@x402/evm';
import { createLogger, type Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  TEST_DOMAIN,
  type AgentsHarness,
  type Chain,
  type Payer,
} from '../_test/agentsTestKit.ts';
import { revokeToken } from '../tenants/tenants.ts';
import { ProviderTemporaryFailure } from './providerFailure.ts';
import { listRefundsOwed, markRefunded } from './refundsOwed.ts';

// One devnet, one database and one agents service for the file: the x402 flow end to end on a real chain, with
// the built-in facilitator settling EIP-3009 transfers of the devnet USDT stand-in.
let chain: Chain;
let db: Database;
let h: AgentsHarness;
let alice: Payer;
let bob: Payer;
let settlements = 0;
let failNextSend = 0;
let storageRefusesNextSend = 0;

const MAILBOXES = '/api/v1/email/mailboxes';

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({
    db,
    chain,
    wrapFacilitator: (f) => ({
      ...f,
      verify: f.verify,
      settle: async (p, r) => {
        settlements++;
        return f.settle(p, r);
      },
    }),
    wrapMail: (m) => ({
      ...m,
      canDeliver: m.canDeliver,
      send: async (msg) => {
        if (storageRefusesNextSend > 0) {
          storageRefusesNextSend--;
          // A real refusal by the database (22021 on both drivers), as storing an unstorable value would give.
          await db.query('select $1::text', ['refused\u0000value']);
        }
        if (failNextSend > 0) {
          failNextSend--;
          throw new ProviderTemporaryFailure('injected: relay connection refused');
        }
        return m.send(msg);
      },
    }),
  });
  alice = payerClient(chain.payers[0]!);
  bob = payerClient(chain.payers[1]!);
});

afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

let aliceToken = '';
let aliceMailbox = '';
let alice2Mailbox = '';

describe('x402 bootstrap on the devnet', () => {
  it('402 → pay → 201 with the token once → replay gives already_issued, settling once', async () => {
    const before = await chain.balance(alice.address);
    const payToBefore = await chain.balance(chain.payTo.address);
    const body = { localPart: 'alice', displayName: 'Alice Agent', outboundSignature: 'Alice, an agent' };

    const challenge = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'idempotency-key': 'alice-first' } });
    expect(challenge.status).toBe(402);
    expect(challenge.body.error.code).toBe('PAYMENT_REQUIRED');
    expect(challenge.body.guides).toEqual({
      llms: '/llms.txt',
      serviceCatalog: '/api/v1/services',
      openapi: '/openapi.json',
    });
    const required = decodePaymentRequiredHeader(String(challenge.headers['payment-required']));
    expect(required.x402Version).toBe(2);
    expect(required.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'eip155:31337',
      amount: '250000',
      maxTimeoutSeconds: 300,
      extra: { name: 'USDT0', version: '1' },
    });
    expect(required.accepts[0]!.asset.toLowerCase()).toBe(chain.usdt.toLowerCase());
    expect(required.accepts[0]!.payTo.toLowerCase()).toBe(chain.payTo.address.toLowerCase());

    const { header } = await alice.pay(String(challenge.headers['payment-required']));
    const headers = { 'payment-signature': header, 'idempotency-key': 'alice-first' };
    const paid = await call(h.app, 'POST', MAILBOXES, { body, headers });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      localPart: 'alice',
      address: `alice@${TEST_DOMAIN}`,
      displayName: 'Alice Agent',
    });
    expect(paid.body.requestId).toMatch(/^req_/);
    expect(paid.body.guide).toBe('/docs#email.mailbox.create');
    expect(paid.body.authentication).toMatchObject({ status: 'issued', walletAddress: alice.address });
    aliceToken = paid.body.authentication.accessToken;
    aliceMailbox = paid.body.data.mailboxId;
    expect(aliceToken).toMatch(/^at_v1_[0-9A-Za-z]{40}$/);
    const settled = decodePaymentResponseHeader(String(paid.headers['payment-response']));
    expect(settled).toMatchObject({ success: true, network: 'eip155:31337' });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await chain.balance(alice.address)).toBe(before - 250_000n);
    expect(await chain.balance(chain.payTo.address)).toBe(payToBefore + 250_000n);

    // One payment.completed event in the payer's new inbox, its fields read from the completed row.
    const [event] = await db.query<{ event_id: string; tenant_id: string; payload: Record<string, unknown> }>(
      `select e.event_id, e.tenant_id, e.payload from agent_events e join agent_tenants t on t.id = e.tenant_id
        where e.type = 'payment.completed' and t.wallet_address = $1`,
      [alice.address.toLowerCase()],
    );
    const [paidRow] = await db.query<{ id: string }>(
      `select id from agent_paid_requests where idempotency_key = 'alice-first'`,
    );
    expect(event!.payload).toEqual({
      type: 'payment.completed',
      eventId: event!.event_id,
      paidRequestId: paidRow!.id,
      serviceId: 'email.mailbox.create',
      amount: '0.25',
      amountUnits: '250000',
      currency: 'USDT',
      network: 'eip155:31337',
      asset: chain.usdt.toLowerCase(),
      payer: alice.address.toLowerCase(),
      transaction: settled.transaction,
      responseStatus: 201,
    });

    const replay = await call(h.app, 'POST', MAILBOXES, { body, headers });
    expect(replay.status).toBe(201);
    expect(replay.body.data).toEqual(paid.body.data);
    expect(replay.body.authentication).toEqual({
      status: 'already_issued',
      accessToken: null,
      walletAddress: alice.address,
      guide: '/docs#authentication',
    });
    expect(decodePaymentResponseHeader(String(replay.headers['payment-response'])).transaction).toBe(
      settled.transaction,
    );
    expect(await chain.balance(alice.address)).toBe(before - 250_000n);

    // Only the SHA-256 of the token is stored.
    const stored = await db.query<{ token_hash: string }>('select token_hash from agent_access_tokens');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.query('select * from agent_paid_requests'))).not.toContain(aliceToken);
  });

  it('a second provisioning by the same wallet carries no new token', async () => {
    const r = await paidCall(h.app, alice, 'POST', MAILBOXES, { localPart: 'alice2', displayName: 'Alice 2' });
    expect(r.paid.status).toBe(201);
    expect(r.paid.body.authentication).toMatchObject({ status: 'already_issued', accessToken: null });
    alice2Mailbox = r.paid.body.data.mailboxId;
  });
});

describe('authentication and onboarding', () => {
  it('428 ONBOARDING_REQUIRED for a secondary paid call without token, with no challenge', async () => {
    const r = await call(h.app, 'POST', '/api/v1/email/messages/send', {
      body: { mailboxId: aliceMailbox, to: [`x@${TEST_DOMAIN}`], subject: 's', text: 't' },
    });
    expect(r.status).toBe(428);
    expect(r.headers['payment-required']).toBeUndefined();
    expect(r.body.error).toMatchObject({
      code: 'ONBOARDING_REQUIRED',
      startHere: {
        serviceId: 'email.mailbox.create',
        method: 'POST',
        endpoint: MAILBOXES,
        price: '0.25',
        requiredInput: expect.stringContaining('localPart'),
        guide: '/docs#email.mailbox.create',
      },
      guidePaths: expect.objectContaining({ llms: '/llms.txt' }),
    });
  });

  it('AUTH_REQUIRED without token on a free endpoint, INVALID_TOKEN for a wrong one', async () => {
    const none = await call(h.app, 'GET', '/api/v1/email/mailboxes/query');
    expect([none.status, none.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
    const bad = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer at_v1_${'x'.repeat(40)}` },
    });
    expect([bad.status, bad.body.error.code]).toEqual([401, 'INVALID_TOKEN']);
    const junk = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', { headers: { authorization: 'Basic abc' } });
    expect(junk.body.error.code).toBe('INVALID_TOKEN');
    const ok = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mailboxes.map((m: { localPart: string }) => m.localPart)).toEqual(['alice', 'alice2']);
  });

  it("RESOURCE_NOT_OWNED for another tenant's mailbox and RESOURCE_NOT_FOUND for an unknown one, before any challenge", async () => {
    const b = await paidCall(h.app, bob, 'POST', MAILBOXES, { localPart: 'bob', displayName: 'Bob' });
    expect(b.paid.status).toBe(201);
    const bobToken = b.paid.body.authentication.accessToken as string;
    const stolen = await call(h.app, 'POST', '/api/v1/email/mailboxes/update', {
      body: { mailboxId: aliceMailbox, displayName: 'mine now' },
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect([stolen.status, stolen.body.error.code]).toEqual([403, 'RESOURCE_NOT_OWNED']);
    expect(stolen.headers['payment-required']).toBeUndefined();
    const unknown = await call(h.app, 'POST', '/api/v1/email/mailboxes/delete', {
      body: { mailboxId: '00000000-0000-4000-8000-000000000000' },
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    // The address of another tenant is taken before any challenge too.
    const taken = await call(h.app, 'POST', MAILBOXES, {
      body: { localPart: 'alice', displayName: 'x' },
      headers: { authorization: `Bearer ${bobToken}` },
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'ADDRESS_TAKEN']);
  });

  it('PAYER_MISMATCH when the x402 payer is not the wallet of the token', async () => {
    const body = { mailboxId: aliceMailbox, displayName: 'Alice renamed' };
    const auth = { authorization: `Bearer ${aliceToken}` };
    const ch = await call(h.app, 'POST', '/api/v1/email/mailboxes/update', {
      body,
      headers: { ...auth, 'idempotency-key': 'mismatch' },
    });
    expect(ch.status).toBe(402);
    const { header } = await bob.pay(String(ch.headers['payment-required']));
    const r = await call(h.app, 'POST', '/api/v1/email/mailboxes/update', {
      body,
      headers: { ...auth, 'payment-signature': header, 'idempotency-key': 'mismatch' },
    });
    expect([r.status, r.body.error.code]).toEqual([403, 'PAYER_MISMATCH']);
  });
});

describe('payment proofs and idempotency', () => {
  it('IDEMPOTENCY_KEY_REQUIRED, PAYMENT_INVALID (tampered, wrong amount), IDEMPOTENCY_CONFLICT, PROOF_ALREADY_USED', async () => {
    const body = { localPart: 'carol', displayName: 'Carol' };
    // Spec step 1: the plain first request, without a key, gets the 402 challenge; its body says the replay must
    // carry Idempotency-Key.
    const first = await call(h.app, 'POST', MAILBOXES, { body });
    expect([first.status, first.body.error.code]).toEqual([402, 'PAYMENT_REQUIRED']);
    expect(first.headers['payment-required']).toBeDefined();
    expect(first.body.error.message).toContain('PAYMENT-SIGNATURE and Idempotency-Key (the replay must carry it');
    expect(first.body.error.idempotencyKey).toMatchObject({ header: 'Idempotency-Key', requiredOnReplay: true });
    const llms = await h.app.inject({ method: 'GET', url: '/llms.txt' });
    expect(llms.body).toContain('the paid replay must carry it');
    const ch = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'idempotency-key': 'carol' } });
    expect(ch.status).toBe(402);
    const { header, payload } = await alice.pay(String(ch.headers['payment-required']));

    // A signed replay without a key: 400 before anything is claimed or settled; the message shows the header.
    const settledBefore = settlements;
    const balanceBefore = await chain.balance(alice.address);
    const paidRows = async () => (await db.query(`select 1 from agent_paid_requests`)).length;
    const rowsBefore = await paidRows();
    const noKey = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'payment-signature': header } });
    expect([noKey.status, noKey.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(noKey.body.error.message).toContain(
      'Idempotency-Key: <a new UUID per logical operation; the same on the paid replay>',
    );
    expect(noKey.body.error.message).toMatch(/Idempotency-Key: [0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(noKey.body.error).toMatchObject({ header: 'Idempotency-Key' });
    const xPayment = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'x-payment': header } });
    expect([xPayment.status, xPayment.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect(settlements).toBe(settledBefore);
    expect(await chain.balance(alice.address)).toBe(balanceBefore);
    expect(await paidRows()).toBe(rowsBefore);
    // A malformed key is refused as such, before the challenge as well as on the paid replay.
    const long = 'k'.repeat(5000);
    const variants: Record<string, string>[] = [
      { 'idempotency-key': long },
      { 'idempotency-key': long, 'payment-signature': header },
    ];
    for (const headers of variants) {
      const tooLong = await call(h.app, 'POST', MAILBOXES, { body, headers });
      expect([tooLong.status, tooLong.body.error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
      expect(tooLong.body.error.message).toContain('has 5000 characters (at most 255)');
      expect(tooLong.headers['payment-required']).toBeUndefined();
    }

    // A payer who lowers the amount in the signed authorization: the signature no longer matches (or the amount).
    const auth = (payload.payload as { authorization: Record<string, string> }).authorization;
    const cheap = encodePaymentSignatureHeader({
      ...payload,
      accepted: { ...payload.accepted, amount: '1' },
      payload: { ...payload.payload, authorization: { ...auth, value: '1' } },
    });
    const tampered = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': cheap, 'idempotency-key': 'cheap' },
    });
    expect([tampered.status, tampered.body.error.code, tampered.body.error.reason]).toEqual([
      402,
      'PAYMENT_INVALID',
      'amount_mismatch',
    ]);
    expect(tampered.headers['payment-required']).toBeDefined();
    const forged = encodePaymentSignatureHeader({
      ...payload,
      payload: { ...payload.payload, authorization: { ...auth, from: chain.payers[2]!.address } },
    });
    const forgedR = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': forged, 'idempotency-key': 'forged' },
    });
    // Caught by the facilitator before any transfer; the row is dropped, nothing is charged.
    expect([forgedR.status, forgedR.body.error.code]).toEqual([402, 'PAYMENT_INVALID']);
    expect(forgedR.body.error.reason).toMatch(/signature/);
    expect(await db.query(`select 1 from agent_paid_requests where idempotency_key = 'forged'`)).toHaveLength(0);
    const garbage = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': 'bm90IGpzb24=', 'idempotency-key': 'garbage' },
    });
    expect([garbage.status, garbage.body.error.reason]).toEqual([402, 'invalid_payload']);

    const ok = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': header, 'idempotency-key': 'carol' },
    });
    expect(ok.status).toBe(201);

    // The completed request's proof with a signature that is not the payer's: no stored response for it.
    const other0 = await alice.pay(String(ch.headers['payment-required']));
    const spoofed = encodePaymentSignatureHeader({
      ...payload,
      payload: { ...payload.payload, signature: other0.payload.payload.signature },
    });
    const spoof = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': spoofed, 'idempotency-key': 'carol' },
    });
    expect([spoof.status, spoof.body.error.code, spoof.body.error.reason]).toEqual([
      402,
      'PAYMENT_INVALID',
      'invalid_signature',
    ]);
    expect(spoof.body.data).toBeUndefined();

    // Same key, other body.
    const ch2 = await call(h.app, 'POST', MAILBOXES, {
      body: { localPart: 'carol2', displayName: 'C' },
      headers: { 'idempotency-key': 'carol2' },
    });
    const other = await alice.pay(String(ch2.headers['payment-required']));
    const conflict = await call(h.app, 'POST', MAILBOXES, {
      body: { localPart: 'carol2', displayName: 'C' },
      headers: { 'payment-signature': other.header, 'idempotency-key': 'carol' },
    });
    expect([conflict.status, conflict.body.error.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    // Same key and body, another proof.
    const otherProof = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': other.header, 'idempotency-key': 'carol' },
    });
    expect([otherProof.status, otherProof.body.error.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    // Same proof, another key: a proof pays for one request only.
    const reused = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': header, 'idempotency-key': 'carol-again' },
    });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'PROOF_ALREADY_USED']);
  });

  it('50 concurrent replays of one proof settle once; the rest are PAYMENT_PENDING or the stored response', async () => {
    const body = { localPart: 'dave', displayName: 'Dave' };
    const ch = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'idempotency-key': 'dave-concurrent' } });
    const { header } = await alice.pay(String(ch.headers['payment-required']));
    const before = await chain.balance(alice.address);
    const settledBefore = settlements;
    const headers = { 'payment-signature': header, 'idempotency-key': 'dave-concurrent' };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(h.app, 'POST', MAILBOXES, { body, headers })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      if (r.status !== 201) expect([r.status, r.body.error.code]).toEqual([409, 'PAYMENT_PENDING']);
    }
    expect(results.some((r) => r.status === 409 && r.headers['retry-after'] === '1')).toBe(true);
    expect(settlements - settledBefore).toBe(1);
    expect(await chain.balance(alice.address)).toBe(before - 250_000n);
    const mailboxIds = new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.mailboxId));
    expect(mailboxIds.size).toBe(1);
    const final = await call(h.app, 'POST', MAILBOXES, { body, headers });
    expect(final.status).toBe(201);
    expect(mailboxIds.has(final.body.data.mailboxId)).toBe(true);
    expect(await db.query(`select id from agent_mailboxes where local_part = 'dave'`)).toHaveLength(1);
  });

  it('a settlement started beside the claim is never broadcast when a check fails after the claim', async () => {
    // Alice signs for a free name; Bob takes it before her paid replay. Her settlement is verified and prepared
    // while her request is claimed, then the name check fails: nothing moves, then or later.
    const body = { localPart: 'erin', displayName: 'Erin' };
    const ch = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'idempotency-key': 'erin-alice' } });
    expect(ch.status).toBe(402);
    const { header } = await alice.pay(String(ch.headers['payment-required']));
    const bobs = await paidCall(h.app, bob, 'POST', MAILBOXES, body);
    expect(bobs.paid.status).toBe(201);
    const before = await chain.balance(alice.address);
    const headers = { 'payment-signature': header, 'idempotency-key': 'erin-alice' };
    const refused = await call(h.app, 'POST', MAILBOXES, { body, headers });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'ADDRESS_TAKEN']);
    await new Promise((r) => setTimeout(r, 500));
    expect(await chain.balance(alice.address)).toBe(before);
    expect(await db.query(`select 1 from agent_paid_requests where idempotency_key = 'erin-alice'`)).toHaveLength(0);
  });
});

describe('email through the paywall', () => {
  it('sends from one owned mailbox to another over SMTP and reads the message back; a provider failure after settlement retries without a second charge', async () => {
    const auth = { authorization: `Bearer ${aliceToken}` };
    const send = { mailboxId: aliceMailbox, to: [`bob@${TEST_DOMAIN}`], subject: 'Hello Bob', text: 'Meet at noon.' };
    const ch = await call(h.app, 'POST', '/api/v1/email/messages/send', {
      body: send,
      headers: { ...auth, 'idempotency-key': 'send-1' },
    });
    expect(ch.status).toBe(402);
    expect(decodePaymentRequiredHeader(String(ch.headers['payment-required'])).accepts[0]!.amount).toBe('20000');
    const { header } = await alice.pay(String(ch.headers['payment-required']));
    const headers = { ...auth, 'payment-signature': header, 'idempotency-key': 'send-1' };
    const before = await chain.balance(alice.address);
    const settledBefore = settlements;

    failNextSend = 1;
    const failed = await call(h.app, 'POST', '/api/v1/email/messages/send', { body: send, headers });
    expect([failed.status, failed.body.error.code]).toEqual([502, 'PROVIDER_TEMPORARY_FAILURE']);
    expect(failed.headers['payment-response']).toBeDefined();
    expect(await chain.balance(alice.address)).toBe(before - 20_000n);

    const sent = await call(h.app, 'POST', '/api/v1/email/messages/send', { body: send, headers });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      from: `alice@${TEST_DOMAIN}`,
      to: [`bob@${TEST_DOMAIN}`],
      subject: 'Hello Bob',
    });
    expect(sent.body.data.delivery.accepted).toEqual([`bob@${TEST_DOMAIN}`]);
    expect(settlements - settledBefore).toBe(1);
    // The completing retry carries the settlement the failed attempt knew (not an empty reconciled one), and so
    // does the payment.completed event.
    const settledTx = decodePaymentResponseHeader(String(failed.headers['payment-response'])).transaction;
    expect(settledTx).toMatch(/^0x[0-9a-f]{64}$/);
    const completing = decodePaymentResponseHeader(String(sent.headers['payment-response']));
    expect(completing).toMatchObject({ success: true, transaction: settledTx });
    expect((completing as { reconciled?: boolean }).reconciled).toBeUndefined();
    const completed = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from agent_events where type = 'payment.completed' and resource_id = $1`,
      [(await db.query<{ id: string }>(`select id from agent_paid_requests where idempotency_key = 'send-1'`))[0]!.id],
    );
    expect(completed).toHaveLength(1);
    expect(completed[0]!.payload).toMatchObject({ transaction: settledTx });
    expect(await chain.balance(alice.address)).toBe(before - 20_000n);

    // Bob reads it: the inbound server stored it in his mailbox with the signature appended.
    const bobToken = (await db.query<{ n: number }>(`select count(*)::int as n from agent_access_tokens`))[0]!.n;
    expect(bobToken).toBe(2);
    const bobBox = (
      await db.query<{ id: string; tenant_id: string }>(
        `select id, tenant_id from agent_mailboxes where local_part = 'bob'`,
      )
    )[0]!;
    const stored = await db.query<{ id: string; text_body: string; message_id_header: string }>(
      `select id, text_body, message_id_header from agent_email_messages where mailbox_id = $1 and direction = 'inbound'`,
      [bobBox.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.text_body).toContain('Meet at noon.\n\n-- \nAlice, an agent');
    expect(`<${stored[0]!.message_id_header}>`).toBe(sent.body.data.messageId);
    const events = await db.query<{ type: string; payload: Record<string, unknown>; status: string }>(
      `select type, payload, status from agent_events where tenant_id = $1 and type = 'email.received'`,
      [bobBox.tenant_id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      type: 'email.received',
      mailboxId: bobBox.id,
      emailId: stored[0]!.id,
      subject: 'Hello Bob',
    });
    expect(JSON.stringify(events[0]!.payload)).not.toContain('Meet at noon');

    // Alice's own copy is listed and readable in full.
    const list = await call(h.app, 'GET', `/api/v1/email/messages/query?mailboxId=${aliceMailbox}`, { headers: auth });
    expect(list.status).toBe(200);
    expect(list.body.data.messages[0]).toMatchObject({ direction: 'outbound', subject: 'Hello Bob' });
    const one = await call(h.app, 'GET', `/api/v1/email/messages/query?messageId=${sent.body.data.emailId}`, {
      headers: auth,
    });
    expect(one.body.data.message.text).toContain('Meet at noon.');
    // Bob's message is not Alice's.
    const notOwned = await call(h.app, 'GET', `/api/v1/email/messages/query?messageId=${stored[0]!.id}`, {
      headers: auth,
    });
    expect([notOwned.status, notOwned.body.error.code]).toEqual([403, 'RESOURCE_NOT_OWNED']);
  });

  it('a failure after settlement that can never succeed records a refund owed to the payer and answers 422 REFUND_OWED on every replay', async () => {
    const auth = { authorization: `Bearer ${aliceToken}` };
    const send = { mailboxId: alice2Mailbox, to: [`bob@${TEST_DOMAIN}`], subject: 'Doomed', text: 'never stored' };
    const ch = await call(h.app, 'POST', '/api/v1/email/messages/send', {
      body: send,
      headers: { ...auth, 'idempotency-key': 'send-doomed' },
    });
    const { header } = await alice.pay(String(ch.headers['payment-required']));
    const headers = { ...auth, 'payment-signature': header, 'idempotency-key': 'send-doomed' };
    const before = await chain.balance(alice.address);
    const settledBefore = settlements;
    const lines: Record<string, unknown>[] = [];
    const logger = h.ctx.logger;
    h.ctx.logger = createLogger({
      level: 'info',
      destination: { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) },
    });
    storageRefusesNextSend = 1;
    let failed;
    try {
      failed = await call(h.app, 'POST', '/api/v1/email/messages/send', { body: send, headers });
    } finally {
      h.ctx.logger = logger;
    }
    expect([failed.status, failed.body.error.code]).toEqual([422, 'REFUND_OWED']);
    expect(failed.body.error.message).toContain('recorded as a refund owed');
    const settlement = decodePaymentResponseHeader(String(failed.headers['payment-response']));
    expect(await chain.balance(alice.address)).toBe(before - 20_000n);

    const owed = await listRefundsOwed(db);
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({
      id: failed.body.error.refund.id,
      walletAddress: alice.address,
      amountUnits: '20000',
      asset: chain.usdt.toLowerCase(),
      network: 'eip155:31337',
      settlementTx: settlement.transaction,
      serviceId: 'email.message.send',
      requestId: failed.body.error.requestId,
      refundedAt: null,
    });
    expect(owed[0]!.reason).toContain('22021');
    const logged = lines.find(
      (l) => l.msg === 'refund owed: a paid operation failed after settlement and cannot succeed',
    );
    expect(logged).toMatchObject({ level: 50, refund: { id: owed[0]!.id, walletAddress: alice.address } });
    expect(JSON.stringify(lines)).not.toContain('refused');

    // Every replay gets the same answer; nothing settles or is owed twice.
    const again = await call(h.app, 'POST', '/api/v1/email/messages/send', { body: send, headers });
    expect([again.status, again.body.error.code, again.body.error.refund.id]).toEqual([
      422,
      'REFUND_OWED',
      owed[0]!.id,
    ]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(settlements - settledBefore).toBe(1);
    expect(await listRefundsOwed(db)).toHaveLength(1);

    const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(
      `tender_agents_refunds_owed{network="eip155:31337",asset="${chain.usdt.toLowerCase()}"} 1`,
    );
    expect(metrics).toContain(
      `tender_agents_refunds_owed_units{network="eip155:31337",asset="${chain.usdt.toLowerCase()}"} 20000`,
    );

    // The operator pays it back and records the transaction; it leaves the worklist.
    expect(await markRefunded(db, owed[0]!.id, `0x${'ab'.repeat(32)}`)).toBe(true);
    expect(await markRefunded(db, owed[0]!.id, `0x${'ab'.repeat(32)}`)).toBe(false);
    expect(await listRefundsOwed(db)).toHaveLength(0);
    expect(await listRefundsOwed(db, { outstandingOnly: false })).toHaveLength(1);
  });

  it('update and delete owned mailboxes (paid with the token); delete removes the stored messages', async () => {
    const auth = { authorization: `Bearer ${aliceToken}` };
    const upd = await paidCall(
      h.app,
      alice,
      'POST',
      '/api/v1/email/mailboxes/update',
      { mailboxId: aliceMailbox, displayName: 'Alice Prime', outboundSignature: null },
      { token: aliceToken },
    );
    expect(upd.paid.status).toBe(200);
    expect(upd.paid.body.data).toMatchObject({ displayName: 'Alice Prime', outboundSignature: null });
    expect(decodePaymentRequiredHeader(String(upd.challenge.headers['payment-required'])).accepts[0]!.amount).toBe(
      '10000',
    );

    const del = await paidCall(
      h.app,
      alice,
      'POST',
      '/api/v1/email/mailboxes/delete',
      { mailboxId: aliceMailbox },
      { token: aliceToken },
    );
    expect(del.paid.status).toBe(200);
    expect(del.paid.body.data).toMatchObject({ mailboxId: aliceMailbox, deleted: true, messagesRemoved: 1 });
    expect(await db.query(`select 1 from agent_email_messages where mailbox_id = $1`, [aliceMailbox])).toHaveLength(0);
    // The replay returns the stored answer although the mailbox is gone now.
    const again = await call(h.app, 'POST', '/api/v1/email/mailboxes/delete', {
      body: { mailboxId: aliceMailbox },
      headers: { ...auth, 'payment-signature': del.signature, 'idempotency-key': del.key },
    });
    expect([again.status, again.body.data.messagesRemoved]).toEqual([200, 1]);
    const gone = await call(h.app, 'POST', '/api/v1/email/mailboxes/update', {
      body: { mailboxId: aliceMailbox, displayName: 'x' },
      headers: auth,
    });
    expect([gone.status, gone.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    // The address stays Alice's: Bob cannot take it, Alice can create it again.
    const back = await paidCall(
      h.app,
      alice,
      'POST',
      MAILBOXES,
      { localPart: 'alice', displayName: 'Alice again' },
      { token: aliceToken },
    );
    expect(back.paid.status).toBe(201);
  });

  it('refuses before any challenge: reserved names, undeliverable recipients, an expired authorization', async () => {
    const reserved = await call(h.app, 'POST', MAILBOXES, { body: { localPart: 'postmaster', displayName: 'P' } });
    expect([reserved.status, reserved.body.error.code, reserved.headers['payment-required']]).toEqual([
      400,
      'VALIDATION_FAILED',
      undefined,
    ]);
    const mailbox = (await db.query<{ id: string }>(`select id from agent_mailboxes where local_part = 'alice2'`))[0]!
      .id;
    const external = await call(h.app, 'POST', '/api/v1/email/messages/send', {
      body: { mailboxId: mailbox, to: ['someone@example.com'], subject: 's', text: 't' },
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect([external.status, external.body.error.code, external.headers['payment-required']]).toEqual([
      422,
      'RECIPIENT_NOT_DELIVERABLE',
      undefined,
    ]);

    // An authorization whose validBefore has passed (signed correctly, so only the window is wrong).
    const body = { localPart: 'late', displayName: 'Late' };
    const ch = await call(h.app, 'POST', MAILBOXES, { body, headers: { 'idempotency-key': 'late' } });
    const required = decodePaymentRequiredHeader(String(ch.headers['payment-required']));
    const accepted = required.accepts[0]!;
    const now = Math.floor(Date.now() / 1000);
    const signer = chain.payers[2]!;
    const authorization = {
      from: signer.address,
      to: accepted.payTo as `0x${string}`,
      value: accepted.amount,
      validAfter: String(now - 600),
      validBefore: String(now - 10),
      nonce: `0x${'ab'.repeat(32)}` as `0x${string}`,
    };
    const signature = await signer.signTypedData({
      domain: { name: 'USDT0', version: '1', chainId: 31337, verifyingContract: accepted.asset as `0x${string}` },
      types: authorizationTypes,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
    });
    const late = {
      header: encodePaymentSignatureHeader({
        x402Version: 2,
        resource: required.resource,
        accepted,
        payload: { authorization, signature },
      }),
    };
    const lateR = await call(h.app, 'POST', MAILBOXES, {
      body,
      headers: { 'payment-signature': late.header, 'idempotency-key': 'late' },
    });
    expect([lateR.status, lateR.body.error.code]).toEqual([402, 'PAYMENT_INVALID']);
    expect(lateR.body.error.reason).toBe('authorization_expired');
    expect(await db.query(`select 1 from agent_paid_requests where idempotency_key = 'late'`)).toHaveLength(0);
  });

  it('a revoked token is AUTH_REQUIRED', async () => {
    expect(await revokeToken(db, aliceToken)).toBe(true);
    const r = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect([r.status, r.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
  });

  it("refuses to advertise payment when the token's EIP-712 domain on chain differs from the configured one", async () => {
    const mismatched = await startAgents({ db, chain, env: { X402_USDT_EIP712_NAME: 'USD₮0' } });
    try {
      const rec = mismatched.ctx.catalog.find('email.mailbox.create')!;
      expect(rec).toMatchObject({ available: false, x402Price: null });
      expect(rec.unavailableReason).toContain('"USDT0"');
      const r = await call(mismatched.app, 'POST', MAILBOXES, { body: { localPart: 'zed', displayName: 'Z' } });
      expect([r.status, r.headers['payment-required']]).toEqual([503, undefined]);
    } finally {
      await mismatched.close();
    }
  });

  it('unavailable services answer 503 before any challenge', async () => {
    const phone = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body: { agentName: 'a', areaCode: '415' },
    });
    expect([phone.status, phone.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    expect(phone.headers['payment-required']).toBeUndefined();
    const domain = await call(h.app, 'POST', '/api/v1/domains/register', { body: { domain: 'x.com' } });
    expect([domain.status, domain.headers['payment-required']]).toEqual([503, undefined]);
  });
});
