// A vault belongs to whoever proves it: PUT /v1/vaults/{network} against a real devnet, with the address's own
// signature (EIP-191), a smart-contract wallet's (EIP-1271), and every way a proof is refused.
import { createDevnetClient, devnetAccounts, startDevnet, type Devnet } from '@tender/evm';
import { getAddress, type LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestGateway, insertVault, signUp, type TestGateway } from '../_test/testGateway.ts';
import { APPROVING_WALLET_CODE, REFUSING_WALLET_CODE } from '../_test/walletContracts.ts';
import { createNetworkRegistry } from '../networks/registry.ts';

let chain: Devnet;
let gw: TestGateway;
const accounts = devnetAccounts();
const APPROVING = getAddress('0x00000000000000000000000000000000000a1271');
const REFUSING = getAddress('0x00000000000000000000000000000000000b1271');

beforeAll(async () => {
  chain = await startDevnet({ blockTime: 0 });
  gw = await createTestGateway();
  gw.ctx.networkRegistry = createNetworkRegistry({ profile: 'dev' }, { devnet: chain.manifest });
  const client = createDevnetClient(chain.rpcUrl);
  for (const [address, code] of [
    [APPROVING, APPROVING_WALLET_CODE],
    [REFUSING, REFUSING_WALLET_CODE],
  ]) {
    await client.request({ method: 'anvil_setCode' as never, params: [address, code] as never });
  }
});
afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

interface Merchant {
  token: string;
  merchantId: string;
}
const merchant = async (): Promise<Merchant> => signUp(gw.app);

const challenge = async (m: Merchant, address: string, network = 'devnet') =>
  gw.app.inject({ method: 'GET', url: `/v1/vaults/${network}/challenge?address=${address}`, headers: bearer(m.token) });
const put = (m: Merchant, payload: Record<string, unknown>) =>
  gw.app.inject({ method: 'PUT', url: '/v1/vaults/devnet', headers: bearer(m.token), payload });
/** `m`'s challenge for `address`, signed by `signer`. */
async function proof(m: Merchant, address: string, signer: LocalAccount) {
  const { message } = (await challenge(m, address)).json() as { message: string };
  return { message, signature: await signer.signMessage({ message }) };
}
const vaults = async (m: Merchant) =>
  (await gw.app.inject({ method: 'GET', url: '/v1/settlement-settings', headers: bearer(m.token) })).json().vaults as {
    network: string;
    address: string;
    verified: boolean;
    verified_at: string | null;
  }[];

describe(`vault proofs (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the challenge names the deployment, address, merchant, network, chain id and environment', async () => {
    const a = await merchant();
    const r = await challenge(a, accounts[1]!.address.toLowerCase());
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      object: 'vault_challenge',
      livemode: false,
      network: 'devnet',
      chain_id: 31337,
      address: accounts[1]!.address,
      merchant_id: a.merchantId,
    });
    expect(new Date(body.expires_at).getTime() - new Date(body.issued_at).getTime()).toBe(7 * 86_400_000);
    for (const line of [
      'URI: http://gateway.test',
      `Address: ${accounts[1]!.address}`,
      `Merchant: ${a.merchantId}`,
      'Network: devnet',
      'Chain ID: 31337',
      'Environment: test',
      `Issued At: ${body.issued_at}`,
    ]) {
      expect(body.message.split('\n')).toContain(line);
    }
    const live = await gw.app.inject({
      method: 'GET',
      url: `/v1/vaults/base/challenge?address=${accounts[1]!.address}`,
      headers: bearer(a.token),
    });
    expect(live.json().error.code).toBe('NETWORK_NOT_SUPPORTED');
    const bad = await challenge(a, '0x1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('an account proves its vault with its EIP-191 signature, and the vault is listed verified', async () => {
    const a = await merchant();
    const r = await put(a, { address: accounts[3]!.address, ...(await proof(a, accounts[3]!.address, accounts[3]!)) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ object: 'vault', address: accounts[3]!.address, verified: true });
    expect(r.json().verified_at).toEqual(expect.any(String));
    expect(await vaults(a)).toMatchObject([{ network: 'devnet', address: accounts[3]!.address, verified: true }]);
    const [audit] = await gw.db.query<{ data: Record<string, unknown> }>(
      `select data from audit_events where action = 'vault.set' and merchant_id = $1`,
      [a.merchantId],
    );
    expect(audit!.data).toMatchObject({ verified: true, signature: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
  });

  it('refuses a vault without a proof, or with half of one, with a precise 400 that says how to prove it', async () => {
    const a = await merchant();
    const none = await put(a, { address: accounts[4]!.address });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      code: 'VAULT_PROOF_REQUIRED',
      details: [{ path: 'message' }, { path: 'signature' }],
    });
    expect(none.json().error.message).toContain(`GET /v1/vaults/devnet/challenge?address=${accounts[4]!.address}`);
    const { message } = await proof(a, accounts[4]!.address, accounts[4]!);
    const half = await put(a, { address: accounts[4]!.address, message });
    expect(half.json().error).toMatchObject({ code: 'VAULT_PROOF_REQUIRED', details: [{ path: 'signature' }] });
    expect(await vaults(a)).toEqual([]);
  });

  it('refuses a signature by another account, naming the signer, and one that is not a signature', async () => {
    const a = await merchant();
    const wrong = await put(a, {
      address: accounts[5]!.address,
      ...(await proof(a, accounts[5]!.address, accounts[6]!)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'VAULT_PROOF_WRONG_SIGNER',
      details: [{ path: 'signature', message: 'Signature is signed by another address' }],
    });
    expect(wrong.json().error.message).toContain(`signed by ${accounts[6]!.address}`);
    const { message } = await proof(a, accounts[5]!.address, accounts[5]!);
    const garbage = await put(a, { address: accounts[5]!.address, message, signature: `0x${'ab'.repeat(65)}` });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toMatchObject({ code: 'VAULT_PROOF_INVALID', details: [{ path: 'signature' }] });
    const notHex = await put(a, { address: accounts[5]!.address, message, signature: 'signed!' });
    expect(notHex.json().error.code).toBe('VALIDATION_FAILED');
    expect(await vaults(a)).toEqual([]);
  });

  it("refuses another merchant's proof replayed (it names that merchant), and a message edited or expired", async () => {
    const a = await merchant();
    const b = await merchant();
    const address = accounts[7]!.address;
    const aProof = await proof(a, address, accounts[7]!);
    const replay = await put(b, { address, ...aProof });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({
      code: 'VAULT_PROOF_INVALID',
      details: [{ path: 'message', message: 'Message names another merchant' }],
    });
    expect(replay.json().error.message).toContain(`names merchant ${a.merchantId}, not ${b.merchantId}`);
    // Another address's proof of A, or the same text with a word changed.
    const other = await put(a, { address: accounts[8]!.address, ...aProof });
    expect(other.json().error.details).toEqual([{ path: 'message', message: 'Message names another address' }]);
    const edited = aProof.message.replace('costs nothing', 'costs little');
    const reworded = await put(a, {
      address,
      message: edited,
      signature: await accounts[7]!.signMessage({ message: edited }),
    });
    expect(reworded.json().error.details).toEqual([
      { path: 'message', message: 'Message differs from the vault proof text' },
    ]);
    // Issued 8 days ago: expired; an hour ahead: dated in the future.
    for (const [shift, detail] of [
      [-8 * 86_400_000, 'has expired'],
      [3600_000, 'is dated in the future'],
    ] as const) {
      const issued = /Issued At: (.*)$/m.exec(aProof.message)![1]!;
      const moved = aProof.message.replace(issued, new Date(new Date(issued).getTime() + shift).toISOString());
      const r = await put(a, {
        address,
        message: moved,
        signature: await accounts[7]!.signMessage({ message: moved }),
      });
      expect(r.json().error.details).toEqual([{ path: 'message', message: `Message ${detail}` }]);
    }
    expect(await vaults(b)).toEqual([]);
    expect((await put(a, { address, ...aProof })).statusCode).toBe(200);
  });

  it('one proven address per network and environment: a second merchant, even holding the key, gets 409', async () => {
    const a = await merchant();
    const b = await merchant();
    const address = accounts[9]!.address;
    expect((await put(a, { address, ...(await proof(a, address, accounts[9]!)) })).statusCode).toBe(200);
    const taken = await put(b, { address, ...(await proof(b, address, accounts[9]!)) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'VAULT_ADDRESS_TAKEN', details: [{ path: 'address' }] });
    expect(await vaults(b)).toEqual([]);
    // Released when A moves to another vault.
    const next = accounts[2]!.address;
    expect((await put(a, { address: next, ...(await proof(a, next, accounts[2]!)) })).statusCode).toBe(200);
    expect((await put(b, { address, ...(await proof(b, address, accounts[9]!)) })).statusCode).toBe(200);
  });

  it('a smart-contract wallet proves its vault through EIP-1271 on the network, and one that refuses cannot', async () => {
    const a = await merchant();
    // Any key signs: the wallet contract decides.
    const yes = await put(a, {
      address: APPROVING,
      smart_contract_wallet: true,
      ...(await proof(a, APPROVING, accounts[0]!)),
    });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toMatchObject({ address: APPROVING, smart_contract_wallet: true, verified: true });
    const b = await merchant();
    const no = await put(b, {
      address: REFUSING,
      smart_contract_wallet: true,
      ...(await proof(b, REFUSING, accounts[0]!)),
    });
    expect(no.statusCode).toBe(400);
    expect(no.json().error).toMatchObject({
      code: 'VAULT_PROOF_INVALID',
      details: [{ path: 'signature', message: 'Signature is not accepted by the wallet contract' }],
    });
    expect(no.json().error.message).toContain('EIP-1271');
    expect(await vaults(b)).toEqual([]);
  });

  it('a vault set before proofs keeps working and is listed unproven until its owner signs', async () => {
    const a = await merchant();
    const b = await merchant();
    const address = accounts[1]!.address;
    // Data from before this change: both merchants named the same address.
    await insertVault(gw.db, a.merchantId, address);
    await insertVault(gw.db, b.merchantId, address);
    expect(await vaults(a)).toMatchObject([{ address, verified: false, verified_at: null }]);
    // The same vault again changes nothing and needs no proof; it stays unproven.
    const same = await put(a, { address });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ address, verified: false });
    const intent = await gw.app.inject({
      method: 'POST',
      url: '/v1/payment-intents',
      headers: bearer(a.token),
      payload: { amount: '1', networks: ['devnet'] },
    });
    expect(intent.statusCode).toBe(201);
    expect(intent.json().networks[0].vault_address).toBe(address);
    // A proves it; B, who cannot sign for it, can no longer prove it either.
    expect((await put(a, { address, ...(await proof(a, address, accounts[1]!)) })).json()).toMatchObject({
      verified: true,
    });
    expect((await put(b, { address, ...(await proof(b, address, accounts[1]!)) })).statusCode).toBe(409);
    expect(await vaults(b)).toMatchObject([{ address, verified: false }]);
  });
});
