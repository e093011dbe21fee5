import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { DEV_VAULT_INDEX, setUpDevPayments } from '../payments/devSetup.ts';
import { getSettlementSettings } from './settlementSettings.ts';

const accounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as `0x${string}`[];

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw?.close());

describe('dev payments set-up', () => {
  it('gives the dev merchant a devnet vault once, and keeps one the developer set', async () => {
    const t = { merchantId: 'acct_dev', environment: 'test' as const };
    expect(await setUpDevPayments(gw.ctx, { merchantId: t.merchantId, manifest: { accounts } })).toEqual({
      vaults: { devnet: accounts[DEV_VAULT_INDEX] },
    });
    const mine = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    await gw.db.query(`update merchant_vaults set address = lower($1) where merchant_id = 'acct_dev'`, [mine]);
    expect(await setUpDevPayments(gw.ctx, { merchantId: t.merchantId, manifest: { accounts } })).toEqual({
      vaults: { devnet: mine },
    });
    const s = await getSettlementSettings(gw.ctx, t);
    expect(s.vaults.map((v) => v.address)).toEqual([mine]);
    expect(s.default_expires_in_seconds).toBe(1200);
  });
});
