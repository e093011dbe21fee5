// Another merchant cannot capture your refunds. Merchant A holds its proven vault (the harness's, devnet account 1);
// merchant B names A's address as its own vault, or did before proofs existed, and files a refund to the same
// recipient first. A's transfer must complete A's request, never B's, through the watcher and through a proof.
import { createDevnetClient, devnetAccounts, transferToken } from '@tender/evm';
import { DeferJobError } from '@tender/platform';
import { generatePrivateKey, privateKeyToAddress, type LocalAccount } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { setProvenVault } from '../_test/provenVault.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import { GatewayError } from '../http/errors.ts';
import { createPaymentIntent } from '../payments/createPaymentIntent.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { getSettlementSettings, setVault } from '../settings/settlementSettings.ts';
import { signVaultProof } from '../settings/vaultProof.ts';
import type { Tenant } from '../tenant.ts';
import { createRefundRequest } from './createRefundRequest.ts';
import { submitRefundProof } from './submitRefundProof.ts';

let h: ChainHarness;
const accounts = devnetAccounts();
const fresh = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;

async function merchant(name: string): Promise<Tenant> {
  const t: Tenant = { merchantId: `${h.tenant.merchantId}_${name}`, environment: 'test' };
  await h.db.query(`insert into merchants (id, business_name) values ($1, $2)`, [t.merchantId, name]);
  return t;
}

/** A vault row as it stood before proofs existed (unproven). */
const legacyVault = (t: Tenant, address: Address) =>
  h.db.query(
    `insert into merchant_vaults (merchant_id, environment, network, address) values ($1, 'test', 'devnet', lower($2))
     on conflict (merchant_id, environment, network) do update set address = excluded.address, verified_at = null,
       proof_message = null, proof_signature = null`,
    [t.merchantId, address],
  );

/** An intent of `t` paid in full with final funds (refundable); answers its id and deposit address. */
async function paidIntent(t: Tenant, amount = '10'): Promise<{ id: string; depositAddress: Address }> {
  const { id } = await createPaymentIntent(h.ctx, t, { amount, networks: ['devnet'] });
  const [d] = await h.db.query<{ address: Address }>(
    `select address from deposit_addresses where payment_id = $1 and network = 'devnet'`,
    [id],
  );
  await h.pay(d!.address, amount);
  await h.mine(1);
  await h.sync();
  return { id, depositAddress: d!.address };
}

const requestRefund = (t: Tenant, paymentId: string, recipient: Address, amount = '1') =>
  h.db.tx((tx) => createRefundRequest(h.ctx, tx, t, SYSTEM_ACTOR, { payment_intent_id: paymentId, amount, recipient }));

/** `vault` sends `units` of USDC to `to` and the watcher processes the block. */
async function sendFrom(vault: LocalAccount, to: Address, units = 1_000_000n): Promise<Hex> {
  const client = createDevnetClient(h.devnet.rpcUrl, { account: vault });
  const receipt = await transferToken(client, h.devnet.manifest.tokens.USDC, to, units);
  await h.sync();
  return receipt.transactionHash;
}

const statusOf = async (refundId: string) =>
  (await h.db.query<{ status: string }>('select status from refund_requests where id = $1', [refundId]))[0]!.status;

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (err instanceof GatewayError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  await h.db.query(`insert into merchants (id, business_name) values ($1, 'A') on conflict do nothing`, [
    h.tenant.merchantId,
  ]);
});
afterAll(() => h?.close());

describe(`refunds count only for the merchant that holds the vault (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  const a = () => h.tenant;
  const aVault = () => accounts[1]!;

  it("B cannot name A's vault: no proof, A's proof replayed and B's own key are all refused", async () => {
    const b = await merchant('b_names');
    const noProof = await refusal(setVault(h.db, h.ctx, b, 'devnet', h.vault));
    expect(noProof.code).toBe('VAULT_PROOF_REQUIRED');
    const aProof = await signVaultProof(h.ctx, a(), h.network, aVault());
    expect((await refusal(setVault(h.db, h.ctx, b, 'devnet', h.vault, aProof))).code).toBe('VAULT_PROOF_INVALID');
    // B's own message for A's address, signed with a key B holds.
    const { message } = await signVaultProof(h.ctx, b, h.network, accounts[3]!);
    const forA = message.replaceAll(accounts[3]!.address, h.vault);
    const byB = { message: forA, signature: await accounts[3]!.signMessage({ message: forA }) };
    expect((await refusal(setVault(h.db, h.ctx, b, 'devnet', h.vault, byB))).code).toBe('VAULT_PROOF_WRONG_SIGNER');
    expect((await getSettlementSettings(h.ctx, b)).vaults).toEqual([]);
  });

  it("B naming A's proven vault from before proofs files first: A's transfer completes A's request, and B's proof of it is refused", async () => {
    const b = await merchant('b_legacy');
    await legacyVault(b, h.vault);
    const recipient = fresh();
    const bPaid = await paidIntent(b);
    const bRefund = await requestRefund(b, bPaid.id, recipient);
    const aPaid = await paidIntent(a());
    const aRefund = await requestRefund(a(), aPaid.id, recipient);

    const tx = await sendFrom(aVault(), recipient);
    expect(await statusOf(aRefund.id)).toBe('confirming');
    expect(await statusOf(bRefund.id)).toBe('pending');
    const bProof = await refusal(submitRefundProof(h.ctx, b, SYSTEM_ACTOR, bRefund.id, { tx_hash: tx }));
    expect(bProof.code).toBe('REFUND_WRONG_SENDER');
    expect(bProof.message).toContain('another merchant holds as its vault');
    // A's own proof of its transfer is answered with its request (never REFUND_TX_ALREADY_USED).
    const aProof = await submitRefundProof(h.ctx, a(), SYSTEM_ACTOR, aRefund.id, { tx_hash: tx });
    expect(aProof).toMatchObject({ id: aRefund.id, status: 'confirming', transfer: { tx_hash: tx } });
    await h.mine(1);
    await h.sync();
    expect(await statusOf(aRefund.id)).toBe('completed');
    expect(await statusOf(bRefund.id)).toBe('pending');
  });

  it("B, now with its own proven vault, cannot capture A's refund with an old payment made to A's unproven address", async () => {
    // A2 holds an unproven vault from before proofs (devnet account 5); B named the same address then, and has
    // since proven a vault of its own (account 6). B's old payment still commits to A2's address.
    const a2 = await merchant('a2');
    const b = await merchant('b_moved');
    const shared = accounts[5]!;
    await legacyVault(a2, shared.address);
    await legacyVault(b, shared.address);
    const recipient = fresh();
    const bPaid = await paidIntent(b);
    await setProvenVault(h.db, h.ctx, b, accounts[6]!);
    const bRefund = await requestRefund(b, bPaid.id, recipient);
    const a2Paid = await paidIntent(a2);
    const a2Refund = await requestRefund(a2, a2Paid.id, recipient);

    await sendFrom(shared, recipient);
    expect(await statusOf(a2Refund.id)).toBe('confirming');
    expect(await statusOf(bRefund.id)).toBe('pending');
    // B's own vault still refunds B's new payments.
    const bNew = await paidIntent(b);
    const bNewRefund = await requestRefund(b, bNew.id, recipient);
    await sendFrom(accounts[6]!, recipient);
    expect(await statusOf(bNewRefund.id)).toBe('confirming');
    expect(await statusOf(bRefund.id)).toBe('pending');
  });

  it('an unproven vault from before proofs still settles, refunds, and is listed unproven', async () => {
    const c = await merchant('c_legacy');
    const vault = accounts[7]!;
    await legacyVault(c, vault.address);
    const paid = await paidIntent(c, '4');
    const [s] = await h.db.query<{ id: string }>(
      `select id from settlements where payment_id = $1 and purpose = 'payment'`,
      [paid.id],
    );
    for (let i = 0; ; i++) {
      try {
        await runSweep(h.ctx, s!.id, { checkEveryMs: 10 });
        break;
      } catch (err) {
        if (!(err instanceof DeferJobError) || i > 20) throw err;
      }
    }
    await h.sync();
    await h.mine(1);
    await h.sync();
    expect(await h.status(paid.id)).toBe('SETTLED');
    const refund = await requestRefund(c, paid.id, fresh());
    await sendFrom(vault, refund.recipient as Address);
    expect(await statusOf(refund.id)).toBe('confirming');
    expect((await getSettlementSettings(h.ctx, c)).vaults).toMatchObject([
      { network: 'devnet', address: vault.address, verified: false, verified_at: null },
    ]);
    expect((await getSettlementSettings(h.ctx, a())).vaults).toMatchObject([{ address: h.vault, verified: true }]);
  });
});
