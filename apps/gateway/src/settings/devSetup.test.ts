import { recoverMessageAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineRegistry } from '../_test/devnetRegistry.ts';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { DEV_VAULT_INDEX, setUpDevPayments } from './devSetup.ts';
import { getSettlementSettings } from './settlementSettings.ts';

const accounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as `0x${string}`[];

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
  gw.ctx.networkRegistry = offlineRegistry();
});
afterAll(() => gw?.close());

const proofOf = async (merchantId: string) =>
  (
    await gw.db.query<{ proof_message: string; proof_signature: Hex }>(
      `select proof_message, proof_signature from merchant_vaults where merchant_id = $1`,
      [merchantId],
    )
  )[0]!;

describe('dev payments set-up', () => {
  it('gives the dev merchant a devnet vault once, proven with the devnet key, and keeps one the developer set', async () => {
    const t = { merchantId: 'acct_dev', environment: 'test' as const };
    expect(await setUpDevPayments(gw.ctx, { merchantId: t.merchantId, manifest: { accounts } })).toEqual({
      vaults: { devnet: accounts[DEV_VAULT_INDEX] },
    });
    expect((await getSettlementSettings(gw.ctx, t)).vaults).toMatchObject([{ verified: true }]);
    const proof = await proofOf(t.merchantId);
    expect(proof.proof_message).toContain(`Merchant: ${t.merchantId}`);
    expect(await recoverMessageAddress({ message: proof.proof_message, signature: proof.proof_signature })).toBe(
      accounts[DEV_VAULT_INDEX],
    );
    const mine = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    await gw.db.query(`update merchant_vaults set address = lower($1) where merchant_id = 'acct_dev'`, [mine]);
    expect(await setUpDevPayments(gw.ctx, { merchantId: t.merchantId, manifest: { accounts } })).toEqual({
      vaults: { devnet: mine },
    });
    const s = await getSettlementSettings(gw.ctx, t);
    expect(s.vaults.map((v) => v.address)).toEqual([mine]);
    expect(s.default_expires_in_seconds).toBe(1200);
  });

  it('proves a dev vault set before proofs existed, when it is the devnet account', async () => {
    await gw.db.query(
      `insert into merchant_vaults (merchant_id, environment, network, address) values ('acct_old', 'test', 'devnet', lower($1))`,
      [accounts[DEV_VAULT_INDEX]],
    );
    const t = { merchantId: 'acct_old', environment: 'test' as const };
    expect((await getSettlementSettings(gw.ctx, t)).vaults).toMatchObject([{ verified: false }]);
    await gw.db.query(`delete from merchant_vaults where merchant_id = 'acct_dev'`);
    expect(await setUpDevPayments(gw.ctx, { merchantId: t.merchantId, manifest: { accounts } })).toEqual({
      vaults: { devnet: accounts[DEV_VAULT_INDEX] },
    });
    expect((await getSettlementSettings(gw.ctx, t)).vaults).toMatchObject([
      { address: accounts[DEV_VAULT_INDEX], verified: true },
    ]);
  });
});
