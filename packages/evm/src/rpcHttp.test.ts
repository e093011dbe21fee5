import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcHttp } from './rpcHttp.ts';

// A JSON-RPC server whose answer each test picks by method name.
let server: http.Server;
let url = '';
const answers: Record<string, (res: http.ServerResponse) => void> = {
  eth_chainId: (res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: '0x539' }),
  eth_blockNumber: (res) => json(res, 500, { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'node is down' } }),
  eth_gasPrice: (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>bad gateway</h1>'),
  eth_getBalance: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(11 * 1024 * 1024)),
  eth_getCode: () => {}, // never answers
};
const seen: { method: string; contentType: string | undefined }[] = [];

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { method } = JSON.parse(body) as { method: string };
      seen.push({ method, contentType: req.headers['content-type'] });
      answers[method]!(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('rpcHttp (viem over undici)', () => {
  const client = () => createPublicClient({ transport: rpcHttp(url, { retryCount: 0, timeout: 500 }) });

  it('carries a JSON-RPC call and its answer, as application/json', async () => {
    expect(await client().getChainId()).toBe(1337);
    expect(seen.at(-1)).toEqual({ method: 'eth_chainId', contentType: 'application/json' });
  });

  it('an RPC error in a non-2xx answer stays an RPC error; a non-JSON answer is an HTTP error with its status', async () => {
    const rpcError = await client()
      .getBlockNumber()
      .catch((e: unknown) => e);
    expect((rpcError as Error).cause ?? rpcError).toBeInstanceOf(RpcRequestError);
    expect(String(rpcError)).toContain('node is down');
    const httpError = await client()
      .getGasPrice()
      .catch((e: unknown) => e);
    expect(httpError).toBeInstanceOf(HttpRequestError);
    expect((httpError as HttpRequestError).status).toBe(502);
  });

  it('refuses an answer longer than 10 MiB, and times out on a node that never answers', async () => {
    const long = await client()
      .getBalance({ address: '0x0000000000000000000000000000000000000001' })
      .catch((e: unknown) => e);
    expect(String(long)).toContain('longer than');
    const slow = await client()
      .getCode({ address: '0x0000000000000000000000000000000000000001' })
      .catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(TimeoutError);
  });
});
