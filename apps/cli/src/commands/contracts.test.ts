// `tender contracts deploy|verify` against two anvils with different chain ids: one CREATE2 deployment gives the
// DepositFactory the same address on both, a second deploy sends nothing, and verify checks every configured chain.
import { launchAnvil, type AnvilProcess, deterministicFactoryAddress } from '@tender/evm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from 'viem';
import { devnetAccounts } from '@tender/evm';
import { runContractsCommand } from './contracts.ts';

const anvils: AnvilProcess[] = [];
let baseSepolia: AnvilProcess;
let sepolia: AnvilProcess;
const KEY = toHex(devnetAccounts(1)[0]!.getHdKey().privateKey!);

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  [baseSepolia, sepolia] = await Promise.all([
    launchAnvil({ chainId: 84532, genesisTimestamp: now }),
    launchAnvil({ chainId: 11155111, genesisTimestamp: now }),
  ]);
  anvils.push(baseSepolia, sepolia);
});
afterAll(async () => {
  await Promise.all(anvils.map((a) => a.stop()));
});

async function run(argv: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = await runContractsCommand(argv, { DEPLOYER_PRIVATE_KEY: KEY, ...env }, (l) => lines.push(l));
  return { code, lines, text: lines.join('\n') };
}

describe('tender contracts', () => {
  it('deploys the factory at one address on two chains, idempotently, and verifies it', async () => {
    const a = await run(['deploy', '--network', 'base-sepolia', '--rpc-url', baseSepolia.rpcUrl]);
    expect(a.code, a.text).toBe(0);
    expect(a.text).toMatch(
      /deployed the DepositFactory at 0x[0-9a-fA-F]{40} in 0x[0-9a-f]{64} \(runtime code verified\)/,
    );
    const b = await run(['deploy', '--network', 'sepolia'], { RPC_URL_SEPOLIA: sepolia.rpcUrl });
    expect(b.code, b.text).toBe(0);
    const line = (r: { lines: string[] }) => r.lines.find((l) => l.startsWith('DEPOSIT_FACTORY_ADDRESS='));
    expect(line(a)).toBe(`DEPOSIT_FACTORY_ADDRESS=${deterministicFactoryAddress()}`);
    expect(line(b)).toBe(line(a));
    console.info(`${a.text}\n${b.text}`);

    const again = await run(['deploy', '--network', 'base-sepolia', '--rpc-url', baseSepolia.rpcUrl]);
    expect(again.code).toBe(0);
    expect(again.text).toContain('already deployed');

    const env = { RPC_URL_BASE_SEPOLIA: baseSepolia.rpcUrl, RPC_URL_SEPOLIA: sepolia.rpcUrl };
    const ok = await run(['verify'], env);
    expect(ok.code, ok.text).toBe(0);
    expect(ok.lines.filter((l) => l.startsWith('ok'))).toHaveLength(2);
    console.info(ok.text);
  }, 60_000);

  it('refuses a chain that is not the named network, and verify names an address without the factory', async () => {
    const wrong = await run(['deploy', '--network', 'base', '--rpc-url', baseSepolia.rpcUrl]);
    expect(wrong.code).toBe(1);
    expect(wrong.text).toContain('the RPC URL answers chain id 84532, base is 8453');
    const missing = await run(['verify', '--address', '0x000000000000000000000000000000000000dEaD'], {
      RPC_URL_BASE_SEPOLIA: baseSepolia.rpcUrl,
    });
    expect(missing.code).toBe(1);
    expect(missing.text).toContain('fail  base-sepolia: no contract at 0x000000000000000000000000000000000000dEaD');
    const usage = await run(['deploy']);
    expect(usage.code).toBe(2);
  }, 60_000);
});
