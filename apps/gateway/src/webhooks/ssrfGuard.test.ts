import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, excerptOf } from './sender.ts';
import {
  checkWebhookUrl,
  classifyAddress,
  guardedLookup,
  parseWebhookUrl,
  urlPolicy,
  WebhookUrlError,
  type Resolver,
} from './ssrfGuard.ts';

const live = urlPolicy('live', true);
const testLoopback = urlPolicy('test', true);
const testStrict = urlPolicy('test', false);

describe('address classification', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:81a::200e', 'public'],
  ])('%s is %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('refuses what is not an address', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
    expect(() => classifyAddress('1::2::3')).toThrow(TypeError);
    expect(() => classifyAddress('1.2.3.256')).toThrow(TypeError);
  });
});

describe('webhook URLs', () => {
  const resolver =
    (table: Record<string, string[]>): Resolver =>
    async (host) => {
      const addrs = table[host];
      if (!addrs) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const dns = resolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'internal.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
    localhost: ['127.0.0.1', '::1'],
  });
  const reason = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'accepted';
    } catch (err) {
      if (!(err instanceof WebhookUrlError)) throw err;
      return `${err.reason}: ${err.message}`;
    }
  };

  it('live: https to public addresses only', async () => {
    expect(await reason(checkWebhookUrl('https://hooks.example.com/tender', live, dns))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://hooks.example.com/tender', live, dns))).toMatch(
      /^scheme: must use https/,
    );
    expect(await reason(checkWebhookUrl('https://internal.example.com/', live, dns))).toMatch(
      /^address: .*10\.0\.0\.5, a private/,
    );
    // One private address among public ones is enough to refuse: the socket could pick it.
    expect(await reason(checkWebhookUrl('https://mixed.example.com/', live, dns))).toMatch(/192\.168\.0\.10/);
    expect(await reason(checkWebhookUrl('https://localhost/', live, dns))).toMatch(/loopback/);
    expect(await reason(checkWebhookUrl('https://169.254.169.254/latest/meta-data', live, dns))).toMatch(/link-local/);
    expect(await reason(checkWebhookUrl('https://[::ffff:127.0.0.1]/', live, dns))).toMatch(/loopback/);
    // WHATWG URL parsing turns these spellings of 127.0.0.1 into the dotted form before the check.
    expect(await reason(checkWebhookUrl('https://2130706433/', live, dns))).toMatch(/loopback/);
    expect(await reason(checkWebhookUrl('https://0x7f.1/', live, dns))).toMatch(/loopback/);
    expect(await reason(checkWebhookUrl('https://nowhere.example.com/', live, dns))).toMatch(/^dns: .*ENOTFOUND/);
  });

  it('refuses credentials, fragments and other schemes in every mode', async () => {
    expect(() => parseWebhookUrl('https://u:p@hooks.example.com/', testLoopback)).toThrow(/credentials/);
    expect(() => parseWebhookUrl('https://hooks.example.com/#x', testLoopback)).toThrow(/fragment/);
    expect(() => parseWebhookUrl('ftp://hooks.example.com/', testLoopback)).toThrow(/http or https/);
    expect(() => parseWebhookUrl('file:///etc/passwd', testLoopback)).toThrow(/http or https/);
    expect(() => parseWebhookUrl('not a url', testLoopback)).toThrow(/absolute URL/);
  });

  it('test mode: http allowed; loopback only where the deployment allows it; private never', async () => {
    expect(await reason(checkWebhookUrl('http://localhost:3000/hooks', testLoopback, dns))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://127.0.0.1:3000/hooks', testLoopback, dns))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://[::1]:3000/hooks', testLoopback, dns))).toBe('accepted');
    expect(await reason(checkWebhookUrl('http://localhost:3000/hooks', testStrict, dns))).toMatch(/loopback/);
    expect(await reason(checkWebhookUrl('http://internal.example.com/', testLoopback, dns))).toMatch(/private/);
    expect(await reason(checkWebhookUrl('http://hooks.example.com/', testStrict, dns))).toBe('accepted');
  });
});

describe('guarded connections (DNS rebinding)', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('reached');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('connects to the vetted address, and refuses when the name re-resolves to a forbidden one', async () => {
    // First answer public-looking loopback (allowed by this policy), then a private address: the rebinding case.
    const answers = [['127.0.0.1'], ['10.0.0.7']];
    let calls = 0;
    const rebinding: Resolver = async () =>
      (answers[Math.min(calls++, answers.length - 1)] ?? []).map((address) => ({ address, family: 4 }));
    const sender = createWebhookSender({ resolver: rebinding });
    try {
      const send = () =>
        sender.send({
          url: `http://rebind.test:${port}/x`,
          body: '{}',
          headers: { 'content-type': 'application/json', connection: 'close' },
          policy: testLoopback,
          timeoutMs: 2_000,
        });
      const first = await send();
      expect(first).toMatchObject({ ok: true, statusCode: 200, excerpt: 'reached' });
      const second = await send();
      expect(second.ok).toBe(false);
      expect(second.statusCode).toBeNull();
      expect(second.error).toMatch(/10\.0\.0\.7, a private address/);
      expect(hits).toBe(1);
    } finally {
      sender.close();
    }
  });

  it('the lookup hands out only vetted addresses, for `all` and single answers', async () => {
    const lookup = guardedLookup(live, async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const all = await new Promise((resolve, reject) =>
      lookup('x.test', { all: true }, (err, a) => (err ? reject(err) : resolve(a))),
    );
    expect(all).toHaveLength(2);
    const v6 = await new Promise((resolve, reject) =>
      lookup('x.test', { family: 6 }, (err, a) => (err ? reject(err) : resolve(a))),
    );
    expect(v6).toBe('2606:2800:220:1::1');
    const refused = await new Promise<Error | null>((resolve) =>
      guardedLookup(live, async () => [{ address: '127.0.0.1', family: 4 }])('x.test', {}, (err) => resolve(err)),
    );
    expect(refused?.message).toMatch(/loopback/);
  });

  it('an IP-literal URL is vetted before connecting (Node skips lookup for literals)', async () => {
    const sender = createWebhookSender();
    try {
      const r = await sender.send({
        url: `https://127.0.0.1:${port}/x`,
        body: '{}',
        headers: {},
        policy: live,
        timeoutMs: 2_000,
      });
      expect(r).toMatchObject({ ok: false, statusCode: null });
      expect(r.error).toMatch(/loopback/);
    } finally {
      sender.close();
    }
  });
});

describe('response excerpts', () => {
  it('keep at most 1 KiB of UTF-8, cut at a character boundary, without NUL', () => {
    expect(excerptOf(Buffer.from('hello'))).toBe('hello');
    const euro = excerptOf(Buffer.from('€'.repeat(1000))); // 3 bytes each
    expect(Buffer.byteLength(euro)).toBe(1023);
    expect(euro).toBe('€'.repeat(341));
    const binary = excerptOf(Buffer.alloc(4000, 0xff));
    expect(Buffer.byteLength(binary)).toBeLessThanOrEqual(1024);
    expect(excerptOf(Buffer.from('a\0b'))).toBe('a\uFFFDb');
  });
});
