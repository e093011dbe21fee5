// PUT /v1/vaults/{network} against a real devnet: what may and may not become a vault.
import { createDevnetClient, devnetAccounts, startDevnet, type Devnet } from '@tender/evm';
import { getAddress, type LocalAccount } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestGateway, markEmailVerified, signUp, type TestGateway } from '../_test/testGateway.ts';
import { APPROVING_WALLET_CODE } from '../_test/walletContracts.ts';
import { createNetworkRegistry } from '../networks/registry.ts';

let chain: Devnet;
let gw: TestGateway;
let owner: string;
/** An address with code that is neither a token nor the factory, as a deployed smart account would be. */
const WALLET_CONTRACT = '0x5afe00000000000000000000000000000000cafe';

beforeAll(async () => {
  chain = await startDevnet({ blockTime: 0 });
  gw = await createTestGateway();
  gw.ctx.networkRegistry = createNetworkRegistry({ profile: 'dev' }, { devnet: chain.manifest });
  const s = await signUp(gw.app);
  owner = s.token;
  await markEmailVerified(gw.db, s.userId);
  const client = createDevnetClient(chain.rpcUrl);
  await client.request({ method: 'anvil_setCode' as never, params: [WALLET_CONTRACT, APPROVING_WALLET_CODE] as never });
});
afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

const put = (payload: object, network = 'devnet') =>
  gw.app.inject({ method: 'PUT', url: `/v1/vaults/${network}`, headers: bearer(owner), payload });
/** The challenge of `address`, signed by `signer` (for a wallet contract, any key: the contract decides). */
async function proof(address: string, signer: LocalAccount = devnetAccounts()[1]!) {
  const r = await gw.app.inject({
    method: 'GET',
    url: `/v1/vaults/devnet/challenge?address=${address}`,
    headers: bearer(owner),
  });
  const { message } = r.json() as { message: string };
  return { message, signature: await signer.signMessage({ message }) };
}
const currentVault = async () =>
  (await gw.app.inject({ method: 'GET', url: '/v1/settlement-settings', headers: bearer(owner) })).json().vaults as {
    network: string;
    address: string;
    smart_contract_wallet: boolean;
  }[];

describe(`vault addresses (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  const eoa = devnetAccounts()[1]!.address;

  it('accepts an account without code, checksummed or all lowercase', async () => {
    const lower = await put({ address: eoa.toLowerCase(), ...(await proof(eoa)) });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ address: eoa, smart_contract_wallet: false, verified: true });
    expect((await put({ address: eoa })).statusCode).toBe(200);
  });

  it('refuses a wrong EIP-55 checksum with a precise 400 instead of normalising it, and changes nothing', async () => {
    // Flip the case of one letter of a valid checksummed address.
    const i = [...eoa].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
    const c = eoa[i]!;
    const wrong = eoa.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + eoa.slice(i + 1);
    const r = await put({ address: wrong });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'address', message: 'Address has a wrong EIP-55 checksum' }],
    });
    expect(r.json().error.message).toContain(`${wrong} has a wrong EIP-55 checksum`);
    expect((await currentVault()).find((v) => v.network === 'devnet')?.address).toBe(eoa);
  });

  it.each([
    ['the official USDC token', () => chain.manifest.tokens.USDC, 'is a token contract'],
    ['the deposit factory', () => chain.manifest.contracts.depositFactory, 'is the deposit factory'],
  ])('refuses %s, even declared a smart-contract wallet', async (_, address, detail) => {
    for (const smart_contract_wallet of [false, true]) {
      const r = await put({ address: address(), smart_contract_wallet });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatchObject({
        code: 'VAULT_ADDRESS_REJECTED',
        details: [{ path: 'address', message: `Address ${detail}` }],
      });
    }
  });

  it('refuses another token contract: it has code, and declared a wallet it still answers totalSupply()', async () => {
    const token = chain.manifest.tokens.plainERC20;
    const undeclared = await put({ address: token });
    expect(undeclared.json().error).toMatchObject({
      code: 'VAULT_ADDRESS_REJECTED',
      details: [{ message: 'Address has code and is not declared a smart-contract wallet' }],
    });
    const declared = await put({ address: token, smart_contract_wallet: true });
    expect(declared.json().error).toMatchObject({
      code: 'VAULT_ADDRESS_REJECTED',
      details: [{ message: 'Address is a token contract' }],
    });
  });

  it('accepts an address with code only when declared a smart-contract wallet, and shows the declaration', async () => {
    const undeclared = await put({ address: WALLET_CONTRACT });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().error.message).toContain('set smart_contract_wallet: true');
    const declared = await put({
      address: WALLET_CONTRACT,
      smart_contract_wallet: true,
      ...(await proof(WALLET_CONTRACT)),
    });
    expect(declared.statusCode).toBe(200);
    expect(declared.json()).toMatchObject({ address: getAddress(WALLET_CONTRACT), smart_contract_wallet: true });
    expect((await currentVault()).find((v) => v.network === 'devnet')).toMatchObject({
      address: getAddress(WALLET_CONTRACT),
      smart_contract_wallet: true,
    });
    const [audit] = await gw.db.query<{ data: Record<string, unknown> }>(
      `select data from audit_events where action = 'vault.set' and data->>'address' = $1`,
      [getAddress(WALLET_CONTRACT)],
    );
    expect(audit!.data).toMatchObject({ smart_contract_wallet: true });
  });

  it('answers 503 and keeps the vault when the chain cannot be read: an address is never accepted unchecked', async () => {
    const registry = gw.ctx.networkRegistry;
    gw.ctx.networkRegistry = createNetworkRegistry(
      { profile: 'dev' },
      { devnet: { ...chain.manifest, rpcUrl: 'http://127.0.0.1:9' } },
    );
    try {
      const r = await put({ address: eoa });
      expect(r.statusCode).toBe(503);
      expect(r.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      gw.ctx.networkRegistry = registry;
    }
    expect((await currentVault()).find((v) => v.network === 'devnet')?.address).toBe(getAddress(WALLET_CONTRACT));
  });
});
