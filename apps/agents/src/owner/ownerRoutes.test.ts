import { randomUUID } from 'node:crypto';
import type { Database } from '@tender/platform';
import { createTestClient, http } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { HDAccount } from 'viem/accounts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
} from '../_test/agentsTestKit.ts';
import { ensureTenant } from '../tenants/tenants.ts';
import { OWNER_ANSWERS } from './ownerAnswers.ts';
import { pruneOwnerCredentials } from './ownerSignIn.ts';

// The owner dashboard API end to end on the devnet: an agent pays (token issued once), its owner signs in with the
// wallet (EIP-4361), sees the mailbox and the payment, replaces the token; the old one is refused at once.
let chain: Chain;
let db: Database;
let h: AgentsHarness;
let owner: HDAccount;
let stranger: HDAccount;
let agentToken = '';
let mailboxId = '';

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
  owner = chain.payers[0]!;
  stranger = chain.payers[1]!;
  const { paid } = await paidCall(h.app, payerClient(owner), 'POST', '/api/v1/email/mailboxes', {
    localPart: 'owned',
    displayName: 'Owned',
  });
  expect(paid.status).toBe(201);
  agentToken = paid.body.authentication.accessToken;
  mailboxId = paid.body.data.mailboxId;
}, 60_000);

afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

/** An owner route's answer; a success's `data` is checked against the route's closed schema (OWNER_ANSWERS). */
async function ownerCall(method: 'GET' | 'POST', path: string, opts?: Parameters<typeof call>[3]) {
  const r = await call(h.app, method, path, opts);
  const schema = OWNER_ANSWERS[`${method} ${path.split('?')[0]}`];
  expect(schema, `${method} ${path}`).toBeDefined();
  if (r.status === 200) expect([...Value.Errors(schema!, r.body.data)], `${method} ${path}`).toEqual([]);
  return r;
}

type NonceData = {
  nonce: string;
  domain: string;
  uri: string;
  chainId: number;
  statement: string;
  issuedAt: string;
  expirationTime: string;
};

async function nonce(): Promise<NonceData> {
  const r = await ownerCall('POST', '/owner/api/sign-in/nonce');
  expect(r.status).toBe(200);
  return r.body.data as NonceData;
}

function message(n: NonceData, address: `0x${string}`, over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    address,
    domain: n.domain,
    uri: n.uri,
    chainId: n.chainId,
    version: '1',
    nonce: n.nonce,
    statement: n.statement,
    issuedAt: new Date(n.issuedAt),
    expirationTime: new Date(n.expirationTime),
    ...over,
  });
}

async function signIn(signer: HDAccount, msg: string) {
  const signature = await signer.signMessage({ message: msg });
  return ownerCall('POST', '/owner/api/sign-in', { body: { message: msg, signature } });
}

describe('owner sign-in (EIP-4361)', () => {
  it('the nonce names our domain, our chain and the dashboard URL', async () => {
    const n = await nonce();
    expect(n.domain).toBe('agents.test');
    expect(n.chainId).toBe(chain.devnet.chainId);
    expect(n.uri).toBe('http://agents.test/owner/');
    expect(n.nonce).toMatch(/^[0-9A-Za-z]{24}$/);
  });

  it("refuses a signature from another wallet than the message's address", async () => {
    const n = await nonce();
    const r = await signIn(stranger, message(n, owner.address));
    expect([r.status, r.body.error.code]).toEqual([401, 'SIGN_IN_REJECTED']);
    expect(r.body.error.message).toMatch(/signature/);
  });

  it('refuses a reused nonce: a message signs in once', async () => {
    const n = await nonce();
    const msg = message(n, owner.address);
    const first = await signIn(owner, msg);
    expect(first.status).toBe(200);
    const again = await signIn(owner, msg);
    expect([again.status, again.body.error.code]).toEqual([401, 'SIGN_IN_REJECTED']);
    expect(again.body.error.message).toMatch(/nonce/);
  });

  it('refuses an expired message, another domain, another chain and an unknown nonce', async () => {
    const n = await nonce();
    const expired = await signIn(
      owner,
      message(n, owner.address, {
        issuedAt: new Date(Date.now() - 120_000),
        expirationTime: new Date(Date.now() - 1_000),
      }),
    );
    expect([expired.status, expired.body.error.code]).toEqual([401, 'SIGN_IN_REJECTED']);
    expect(expired.body.error.message).toMatch(/expired/);
    const domain = await signIn(owner, message(n, owner.address, { domain: 'evil.test' }));
    expect(domain.body.error.message).toMatch(/evil\.test/);
    const chainId = await signIn(owner, message(n, owner.address, { chainId: 1 }));
    expect(chainId.body.error.message).toMatch(/chain 1/);
    const unknown = await signIn(owner, message({ ...n, nonce: 'abcdefgh12345678ABCDEFGH' }, owner.address));
    expect(unknown.body.error.message).toMatch(/nonce/);
    // None of those consumed the nonce: the genuine message still signs in.
    expect((await signIn(owner, message(n, owner.address))).status).toBe(200);
  });

  it('refuses a nonce that expired even when the message has not', async () => {
    const n = await nonce();
    await db.query(`update agent_owner_nonces set expires_at = now() - interval '1 second'`);
    const r = await signIn(owner, message(n, owner.address));
    expect(r.body.error.message).toMatch(/nonce is unknown, expired or already used/);
    await pruneOwnerCredentials(db); // expired a second ago: kept for a day
    expect((await db.query(`select 1 from agent_owner_nonces`)).length).toBeGreaterThan(0);
  });

  it('sign-in attempts are rate limited per client address', async () => {
    const n = await nonce();
    const body = { message: message(n, owner.address), signature: '0x00' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/owner/api/sign-in',
        payload: body,
        remoteAddress: '10.7.7.7',
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('a contract wallet signs in through EIP-1271 when it approves the signature, and not when it refuses', async () => {
    // Runtime code of two one-line wallets: isValidSignature answers the EIP-1271 magic value, or zero.
    const approves = '0x631626ba7e60e01b60005260206000f3';
    const refuses = '0x60206000f3';
    const anvil = createTestClient({ mode: 'anvil', transport: http(chain.devnet.rpcUrl) });
    const signInAs = async (wallet: `0x${string}`, code: `0x${string}`) => {
      await anvil.setCode({ address: wallet, bytecode: code });
      await ensureTenant(db, wallet);
      const n = await nonce();
      const msg = message(n, wallet);
      const signature = await owner.signMessage({ message: msg }); // any bytes: the contract decides
      return ownerCall('POST', '/owner/api/sign-in', { body: { message: msg, signature } });
    };
    const yes = await signInAs('0x00000000000000000000000000000000000a1271', approves);
    expect(yes.status).toBe(200);
    expect(yes.body.data.walletAddress).toBe('0x00000000000000000000000000000000000a1271');
    const no = await signInAs('0x00000000000000000000000000000000000b1271', refuses);
    expect(no.body.error.code).toBe('SIGN_IN_REJECTED');
  });

  it('a wallet that never paid has nothing to sign in to', async () => {
    const n = await nonce();
    const r = await signIn(chain.payers[2]!, message(n, chain.payers[2]!.address));
    expect(r.body.error.code).toBe('SIGN_IN_REJECTED');
  });

  it('agent tokens do not open the dashboard and owner sessions do not call the agent API', async () => {
    const dash = await ownerCall('GET', '/owner/api/overview', {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect([dash.status, dash.body.error.code]).toEqual([401, 'OWNER_SESSION_REQUIRED']);
    const n = await nonce();
    const session = (await signIn(owner, message(n, owner.address))).body.data.session.token as string;
    const api = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer ${session}` },
    });
    expect(api.body.error.code).toBe('INVALID_TOKEN');
  });
});

describe('owner dashboard API', () => {
  let session = '';
  const as = () => ({ headers: { authorization: `Bearer ${session}` } });

  beforeAll(async () => {
    const n = await nonce();
    session = (await signIn(owner, message(n, owner.address))).body.data.session.token;
  });

  it("shows the tenant's mailboxes, messages, events and every payment with its transaction", async () => {
    const sent = await paidCall(
      h.app,
      payerClient(owner),
      'POST',
      '/api/v1/email/messages/send',
      { mailboxId, to: ['owned@agents.localhost'], subject: 'note to self', text: 'hello' },
      { token: agentToken },
    );
    expect(sent.paid.status).toBe(201);
    const mailboxes = await ownerCall('GET', '/owner/api/mailboxes', as());
    expect(mailboxes.body.data.mailboxes).toMatchObject([
      { mailboxId, address: 'owned@agents.localhost', status: 'active' },
    ]);
    const messages = await ownerCall('GET', '/owner/api/messages', as());
    expect(messages.body.data.messages.some((m: { subject: string }) => m.subject === 'note to self')).toBe(true);
    const payments = await ownerCall('GET', '/owner/api/payments', as());
    const list = payments.body.data.payments as { serviceId: string; amount: string; transaction: string }[];
    expect(list.map((p) => [p.serviceId, p.amount]).sort()).toEqual([
      ['email.mailbox.create', '0.25'],
      ['email.message.send', '0.02'],
    ]);
    for (const p of list) expect(p.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const events = await ownerCall('GET', '/owner/api/events', as());
    expect(events.status).toBe(200);
    const phone = await ownerCall('GET', '/owner/api/phone', as());
    expect(phone.body.data).toMatchObject({ available: false, numbers: [], calls: [] });
  });

  it("shows the tenant's numbers, calls and transcripts through the telephony views, never another tenant's", async () => {
    const mine = await ensureTenant(db, owner.address);
    const theirs = await ensureTenant(db, stranger.address);
    const now = Date.now();
    const at = (s: number) => new Date(now + s * 1000);
    const seed = async (tenantId: string, e164: string, to: string) => {
      const numberId = randomUUID();
      await db.query(
        `insert into agent_phone_numbers (id, tenant_id, country, e164, provider, provider_sid, agent_name, area_code,
           created_by_request, created_at, expires_at, inbound_seconds)
         values ($1, $2, 'US', $3, 'test', $4, 'Front desk', '415', $5, $6, $7, 600)`,
        [numberId, tenantId, e164, `PN${numberId}`, randomUUID(), at(-86_400), at(29 * 86_400)],
      );
      const callId = randomUUID();
      await db.query(
        `insert into agent_phone_calls (id, tenant_id, phone_number_id, direction, from_e164, to_e164,
           authorised_seconds, created_at, connected_at, ended_at, duration_seconds)
         values ($1, $2, $3, 'inbound', $4, $5, 600, $6, $7, $8, 90)`,
        [callId, tenantId, numberId, to, e164, at(-300), at(-290), at(-200)],
      );
      await db.query(
        `insert into agent_phone_transcript (call_id, seq, speaker, text, at)
         values ($1, 1, 'caller', $2, $3), ($1, 2, 'agent', 'Noted.', $4)`,
        [callId, `Hello from ${to}`, at(-280), at(-270)],
      );
      return { numberId, callId };
    };
    const own = await seed(mine.id, '+14155550100', '+12025550111');
    const other = await seed(theirs.id, '+14155550199', '+12025550999');

    const r = await ownerCall('GET', '/owner/api/phone', as());
    expect(r.status).toBe(200);
    const data = r.body.data;
    expect(data.numbers).toMatchObject([
      {
        phoneNumberId: own.numberId,
        number: '+14155550100',
        status: 'active',
        expiresAt: at(29 * 86_400).toISOString(),
        inboundSecondsPurchased: 600,
        inboundAllowanceSeconds: 510, // 600 minus the ended 90-second inbound call
      },
    ]);
    expect(data.calls).toMatchObject([
      {
        callId: own.callId,
        phoneNumberId: own.numberId,
        direction: 'inbound',
        fromNumber: '+12025550111',
        toNumber: '+14155550100',
        authorisedSeconds: 600,
        status: 'ended',
        durationSeconds: 90,
        hasTranscript: true,
      },
    ]);
    expect(data.transcripts).toEqual([
      {
        callId: own.callId,
        entries: [
          { seq: 1, speaker: 'caller', text: 'Hello from +12025550111', at: at(-280).toISOString() },
          { seq: 2, speaker: 'agent', text: 'Noted.', at: at(-270).toISOString() },
        ],
      },
    ]);
    const body = JSON.stringify(r.body);
    for (const id of [other.numberId, other.callId, '+14155550199', '+12025550999']) expect(body).not.toContain(id);
  });

  it('replaces the access token: shown once, the old one answers AUTH_REQUIRED at once, the new one works', async () => {
    const r = await ownerCall('POST', '/owner/api/access-token/replace', as());
    expect(r.status).toBe(200);
    const fresh = r.body.data.accessToken as string;
    expect(fresh).toMatch(/^at_v1_[0-9A-Za-z]{40}$/);
    expect(r.body.data.revokedTokenIds).toHaveLength(1);
    const old = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect([old.status, old.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
    const now = await call(h.app, 'GET', '/api/v1/email/mailboxes/query', {
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(now.status).toBe(200);
    const overview = await ownerCall('GET', '/owner/api/overview', as());
    expect(overview.body.data.accessTokens.map((t: { status: string }) => t.status)).toEqual(['active', 'revoked']);
    expect(JSON.stringify(overview.body)).not.toContain(fresh);
    agentToken = fresh;
  });

  it('sign-out ends the session', async () => {
    expect((await ownerCall('POST', '/owner/api/sign-out', as())).status).toBe(200);
    const after = await ownerCall('GET', '/owner/api/overview', as());
    expect(after.body.error.code).toBe('OWNER_SESSION_REQUIRED');
  });
});
