import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentRequirements } from '@x402/core/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerClient, startChain, type Chain } from '../_test/agentsTestKit.ts';
import { codeOnce, holdBroadcast, inSettlement, prepareAhead, preparedOnce } from './settlementScope.ts';
import { createBuiltInFacilitator } from './facilitator.ts';

// The built-in facilitator's settlement started with its broadcast held, on the devnet: nothing reaches the chain
// until settle(), and an abandoned one never does, nor does it take a relayer nonce (the next settlement goes through).
let chain: Chain;
let facilitator: ReturnType<typeof createBuiltInFacilitator>;
let requirements: PaymentRequirements;

beforeAll(async () => {
  chain = await startChain();
  const network = `eip155:${chain.devnet.chainId}` as const;
  facilitator = createBuiltInFacilitator({
    network,
    rpcUrl: chain.devnet.rpcUrl,
    relayerPrivateKey: chain.relayerKey,
    pollingMs: 20,
  });
  requirements = {
    scheme: 'exact',
    network,
    asset: chain.usdt,
    amount: '10000',
    payTo: chain.payTo.address,
    maxTimeoutSeconds: 300,
    extra: { name: 'USDT0', version: '1' },
  };
});
afterAll(async () => {
  await chain?.devnet.stop();
});

async function signed() {
  const { payload } = await payerClient(chain.payers[0]!).pay(
    Buffer.from(
      JSON.stringify({ x402Version: 2, resource: { url: 'http://agents.localhost/x' }, accepts: [requirements] }),
    ).toString('base64'),
  );
  return payload;
}

describe('a settlement with its broadcast held', () => {
  it('broadcasts only after settle(); abandoned, it never does and leaves no nonce gap', async () => {
    const start = await chain.balance(chain.payTo.address);

    const held = holdBroadcast(async () => facilitator.settle(await signed(), requirements));
    // Long enough for the verification and the gas estimate, which run at once.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await chain.balance(chain.payTo.address)).toBe(start);
    let broadcast: string | null = null;
    void held.broadcast.then((hash) => (broadcast = hash));
    await new Promise((r) => setImmediate(r));
    expect(broadcast).toBeNull();
    const settled = await held.settle();
    expect(settled).toMatchObject({ success: true });
    expect(await chain.balance(chain.payTo.address)).toBe(start + 10_000n);
    expect(broadcast).toBe(settled.transaction); // the transfer settle() reports

    const abandoned = holdBroadcast(async () => facilitator.settle(await signed(), requirements));
    await new Promise((r) => setTimeout(r, 1_000));
    abandoned.abandon();
    expect(await abandoned.settle()).toMatchObject({ success: false });
    expect(await chain.balance(chain.payTo.address)).toBe(start + 10_000n);
    expect(await Promise.race([abandoned.broadcast, new Promise((r) => setTimeout(() => r('none'), 50))])).toBe('none');

    // The relayer's nonce was not taken by the abandoned one: a plain settlement is mined at once.
    expect(await facilitator.settle(await signed(), requirements)).toMatchObject({ success: true });
    expect(await chain.balance(chain.payTo.address)).toBe(start + 20_000n);
  });

  it('two prepared side by side get a nonce each when they broadcast (not the one their gas estimate saw)', async () => {
    const start = await chain.balance(chain.payTo.address);
    const [a, b] = [signed(), signed()].map((p) =>
      holdBroadcast(async () => facilitator.settle(await p, requirements)),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await Promise.all([a!.settle(), b!.settle()])).toMatchObject([{ success: true }, { success: true }]);
    expect(await chain.balance(chain.payTo.address)).toBe(start + 20_000n);
  });
});

describe('codeOnce', () => {
  it('reads an address once per settlement (whatever its case), anew in the next, and again after a failed read', async () => {
    let reads = 0;
    let fail = false;
    const read = async () => {
      reads++;
      if (fail) throw new Error('node unreachable');
      return '0x' as const;
    };
    const one = () => inSettlement(async () => [await codeOnce('0xAb', read), await codeOnce('0xaB', read)]);
    expect(await one()).toEqual(['0x', '0x']);
    expect(reads).toBe(1);
    await one();
    expect(reads).toBe(2);
    await Promise.all([codeOnce('0xab', read), codeOnce('0xab', read)]); // outside a settlement: as is
    expect(reads).toBe(4);
    fail = true;
    await inSettlement(async () => {
      await expect(codeOnce('0xab', read)).rejects.toThrow('node unreachable');
      fail = false;
      expect(await codeOnce('0xab', read)).toBe('0x');
    });
    expect(reads).toBe(6);
  });
});

describe('prepareAhead and preparedOnce', () => {
  it('hand the preparation started ahead to the send it names, once; any other send prepares its own', async () => {
    let prepared = 0;
    const prepare = async () => ++prepared;
    await inSettlement(async () => {
      prepareAhead('transfer', prepare);
      expect(prepared).toBe(1); // started at once
      expect(await preparedOnce('another', prepare)).toBe(2);
      expect(await preparedOnce('transfer', prepare)).toBe(1); // the one started ahead
      expect(await preparedOnce('transfer', prepare)).toBe(3); // taken once
    });
    prepareAhead('transfer', prepare); // outside a settlement: nothing starts
    expect(await preparedOnce('transfer', prepare)).toBe(4);
    expect(prepared).toBe(4);
  });

  it("prepares again when the preparation ahead failed: the error is the chain's answer of now", async () => {
    let calls = 0;
    const prepare = async () => {
      calls++;
      if (calls === 1) throw new Error('execution reverted');
      return 'prepared';
    };
    await inSettlement(async () => {
      prepareAhead('transfer', prepare);
      expect(await preparedOnce('transfer', prepare)).toBe('prepared');
    });
    expect(calls).toBe(2);
  });
});

describe('the built-in settlement prepares its transfer beside its verification', () => {
  it("asks for the transfer's gas estimate before the payer's code is read, once per settlement", async () => {
    // A JSON-RPC proxy in front of the devnet that holds every eth_getCode answer until the transaction's
    // preparation has been asked for (at most 2 s): x402 checks the signature only once the payer's code is known,
    // so a preparation made after the verification would arrive only once the hold gave up.
    const log: string[] = [];
    let asked!: () => void;
    const preparing = new Promise<void>((resolve) => (asked = resolve));
    const prepares = (method: string) => method === 'eth_fillTransaction' || method === 'eth_estimateGas';
    const proxy = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString();
        const { method } = JSON.parse(body) as { method: string };
        log.push(method);
        if (prepares(method)) asked();
        const answer = await fetch(chain.devnet.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const text = await answer.text();
        if (method === 'eth_getCode') {
          await Promise.race([preparing, new Promise((r) => setTimeout(r, 2_000))]);
          log.push('eth_getCode answered');
        }
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const proxied = createBuiltInFacilitator({
        network: requirements.network as `eip155:${number}`,
        rpcUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        relayerPrivateKey: chain.relayerKey,
        pollingMs: 20,
      });
      const start = await chain.balance(chain.payTo.address);
      expect(await proxied.settle(await signed(), requirements)).toMatchObject({ success: true });
      expect(await chain.balance(chain.payTo.address)).toBe(start + 10_000n);
      const preparation = log.findIndex(prepares);
      expect(preparation).toBeGreaterThanOrEqual(0);
      expect(preparation).toBeLessThan(log.indexOf('eth_getCode answered'));
      expect(log.filter(prepares)).toHaveLength(1); // the send took the preparation made ahead
    } finally {
      await new Promise((r) => proxy.close(r));
    }
  });
});
