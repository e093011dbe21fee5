// Shared setup of the payment tests that run against a real chain: one anvil devnet (automine), a migrated test
// database, a network registry with the devnet at a shallow confirmation depth, a merchant with a devnet vault,
// and the chain watcher driven by hand (pollOnce) so that every test is deterministic.
import {
  createDevnetClient,
  devnetAccounts,
  mine,
  startDevnet,
  tokenBalance,
  transferToken,
  type Devnet,
  type DevnetClient,
} from '@tender/evm';
import { createLogger, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import type { Address } from 'viem';
import type { GatewayContext } from '../context.ts';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import { parseAmount } from '../money/amount.ts';
import { createNetworkRegistry, type GatewayNetwork, type NetworkRegistry } from '../networks/registry.ts';
import { createPaymentIntent, type CreateIntentInput } from '../payments/createPaymentIntent.ts';
import type { PaymentStatus } from '../payments/status.ts';
import { createRpcChainReader, type ChainReader } from '../watcher/chainReader.ts';
import { createChainWatcher, type ChainWatcher, type PollResult } from '../watcher/chainWatcher.ts';
import type { Tenant } from '../tenant.ts';
import { setProvenVault } from './provenVault.ts';

export interface ChainHarness {
  devnet: Devnet;
  db: Database & { schema?: string };
  ctx: GatewayContext;
  registry: NetworkRegistry;
  network: GatewayNetwork;
  tenant: Tenant;
  vault: Address;
  /** Account 2: a customer holding every devnet token. */
  payer: DevnetClient;
  reader: ChainReader;
  watcher: ChainWatcher;
  /** Moves the gateway clock (and, with `chain`, the devnet's clock) forward. */
  advance(seconds: number, opts?: { chain?: boolean }): Promise<void>;
  createIntent(input?: Partial<CreateIntentInput>): Promise<{ id: string; depositAddress: Address }>;
  pay(to: Address, amount: string, token?: 'USDC' | 'EURC' | 'bridgedUSDC' | 'plainERC20'): Promise<bigint>;
  mine(blocks?: number): Promise<void>;
  /** Polls the watcher until it has caught up with the head. */
  sync(): Promise<PollResult[]>;
  status(id: string): Promise<PaymentStatus>;
  balance(token: 'USDC' | 'EURC', owner: Address): Promise<bigint>;
  close(): Promise<void>;
}

export async function startChainHarness(opts: { confirmations?: number } = {}): Promise<ChainHarness> {
  const devnet = await startDevnet({ blockTime: 0 });
  try {
    const db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    const registry = createNetworkRegistry(
      { profile: 'dev' },
      { devnet: devnet.manifest, devnetOverrides: { confirmations: opts.confirmations ?? 2 } },
    );
    const network = registry.get('devnet')!;
    let offsetMs = 0;
    const ctx = createGatewayServices({
      db,
      logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      now: () => new Date(Date.now() + offsetMs),
      config: { publicUrl: 'http://gateway.test', profile: 'dev' },
      networkRegistry: registry,
    });
    const accounts = devnetAccounts();
    const vault = accounts[1]!.address;
    const tenant: Tenant = { merchantId: `mer_chain_${process.pid}`, environment: 'test' };
    await setProvenVault(db, ctx, tenant, accounts[1]!);
    const payer = createDevnetClient(devnet.rpcUrl, { account: accounts[2]! });
    const reader = createRpcChainReader(devnet.rpcUrl);
    const watcher = createChainWatcher(ctx, { network, reader, pollMs: 50, maxRange: 500, leaseMs: 60_000 });
    const tokens = devnet.manifest.tokens;

    const h: ChainHarness = {
      devnet,
      db,
      ctx,
      registry,
      network,
      tenant,
      vault,
      payer,
      reader,
      watcher,
      async advance(seconds, o = {}) {
        offsetMs += seconds * 1000;
        if (o.chain) {
          await payer.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
        }
      },
      async createIntent(input = {}) {
        const { id } = await createPaymentIntent(ctx, tenant, { amount: '10', networks: ['devnet'], ...input });
        const [d] = await db.query<{ address: Address }>(
          `select address from deposit_addresses where payment_id = $1 and network = 'devnet'`,
          [id],
        );
        return { id, depositAddress: d!.address };
      },
      async pay(to, amount, token = 'USDC') {
        const units = parseAmount(amount, 6);
        await transferToken(payer, tokens[token], to, units);
        return units;
      },
      async mine(blocks = 1) {
        await mine(payer, blocks);
      },
      async sync() {
        const out: PollResult[] = [];
        for (let i = 0; i < 100; i++) {
          const r = await watcher.pollOnce();
          out.push(r);
          if (!r.behind) return out;
        }
        throw new Error('watcher did not catch up in 100 polls');
      },
      async status(id) {
        const [r] = await db.query<{ status: PaymentStatus }>('select status from payment_intents where id = $1', [id]);
        return r!.status;
      },
      balance: (token, owner) => tokenBalance(payer, tokens[token], owner),
      async close() {
        await watcher.stop();
        await db.close();
        await devnet.stop();
      },
    };
    // The watcher starts a confirmation depth below the head; catch up once so tests begin at the head.
    await h.sync();
    return h;
  } catch (err) {
    await devnet.stop();
    throw err;
  }
}
