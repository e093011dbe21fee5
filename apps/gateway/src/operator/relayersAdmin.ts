// The console's relayers: per network, the account that signs sweeps, its balance against the gas of the sweeps ahead
// (the gas watch's reading, fresh), its nonces on the node, the next nonce the gateway will use, and its transactions
// still in flight (sweeps submitted, not yet mined).
import { formatEther } from 'viem';
import type { GatewayContext } from '../context.ts';
import { readRelayerGas } from '../settlement/relayerGas.ts';
import { readRelayerNonces, rpcFailure } from './chainRpc.ts';

export async function listRelayers(ctx: GatewayContext) {
  const nets = ctx.networkRegistry.all.filter((n) => n.relayer);
  const [stored, pending] = await Promise.all([
    ctx.db.query<{ network: string; address: string; next_nonce: string }>(
      'select network, address, next_nonce::text from relayer_nonces',
    ),
    ctx.db.query<{
      id: string;
      network: string;
      relayer: string | null;
      payment_id: string;
      nonce: string | null;
      tx_hash: string | null;
      submitted_at: Date | null;
    }>(
      `select id, network, relayer, payment_id, nonce::text, tx_hash, submitted_at from settlements
        where state = 'submitted' order by submitted_at nulls last, id limit 500`,
    ),
  ]);
  return Promise.all(
    nets.map(async (n) => {
      const address = n.relayer!.address;
      const same = (a: string | null) => a?.toLowerCase() === address.toLowerCase();
      let chain: {
        balance: string;
        balanceWei: string;
        sweepsAffordable: number;
        lowOnGas: boolean;
        nonceLatest: number;
        noncePending: number;
      } | null = null;
      let chainError: string | null = null;
      if (n.available && n.rpcUrl) {
        try {
          const [gas, s] = await Promise.all([
            readRelayerGas(n, ctx.networkRegistry.relayerMinSweeps),
            readRelayerNonces(n.rpcUrl, address),
          ]);
          chain = {
            balance: formatEther(gas!.balanceWei),
            balanceWei: gas!.balanceWei.toString(),
            sweepsAffordable: gas!.sweepsAffordable,
            lowOnGas: gas!.low,
            nonceLatest: s.nonceLatest,
            noncePending: s.noncePending,
          };
        } catch (err) {
          chainError = rpcFailure(err);
        }
      } else {
        chainError = n.unavailableReason ?? 'the network is unavailable';
      }
      return {
        network: n.id,
        address,
        chain,
        chainError,
        storedNextNonce: stored.find((s) => s.network === n.id && same(s.address))?.next_nonce ?? null,
        pendingTransactions: pending
          .filter((s) => s.network === n.id && same(s.relayer))
          .map((s) => ({
            settlementId: s.id,
            paymentId: s.payment_id,
            nonce: s.nonce,
            txHash: s.tx_hash,
            submittedAt: s.submitted_at?.toISOString() ?? null,
          })),
      };
    }),
  );
}
