import { defineChain } from 'viem';
import { describe, expect, it } from 'vitest';
import { createRpcPublicClient } from './rpcPublicClient.ts';

describe('createRpcPublicClient', () => {
  it('builds an HTTP client with exactly the retry count, timeout and chain it was given', () => {
    const c = createRpcPublicClient('http://127.0.0.1:1', { retryCount: 0, timeoutMs: 4_000 });
    expect(c.transport).toMatchObject({ type: 'http', url: 'http://127.0.0.1:1', retryCount: 0, timeout: 4_000 });
    expect(c.chain).toBeUndefined();
    const chain = defineChain({
      id: 31337,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    });
    const d = createRpcPublicClient('http://127.0.0.1:1', { retryCount: 1, timeoutMs: 10_000, chain });
    expect(d.transport).toMatchObject({ retryCount: 1, timeout: 10_000 });
    expect(d.chain?.id).toBe(31337);
  });
});
