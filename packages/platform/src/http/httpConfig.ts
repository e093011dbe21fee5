import { isIP } from 'node:net';
import { field, int, type ConfigOf } from '../config/configSpec.ts';

/**
 * Which proxies are trusted to say who the client is (X-Forwarded-For, X-Forwarded-Proto): false (none: the
 * socket's address is the client), a hop count (the last n proxies in front of Tender), or a list of addresses
 * and CIDR ranges of the proxies.
 */
export type TrustProxy = false | number | string[];

/** Timeouts and proxy trust of a listening HTTP server. */
export interface HttpTransport {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  trustProxy: TrustProxy;
}

export const DEFAULT_TRANSPORT: HttpTransport = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 72_000,
  trustProxy: false,
};

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` for one TLS proxy or load balancer in front), or a comma-separated
 * list of proxy addresses and CIDR ranges (`10.0.0.0/8,192.168.1.7`). `true` is refused: trusting every hop lets
 * any client that reaches the port directly choose its own address, and its own rate-limit bucket.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const v = raw.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'must be false, a hop count (e.g. 1) or a list of proxy addresses/CIDRs; true would trust any client',
    );
  }
  if (/^\d+$/.test(v)) return int(1, 10)(v);
  const entries = v.split(',').map((s) => s.trim());
  for (const e of entries) {
    const [ip, bits, extra] = e.split('/');
    const family = isIP(ip ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new Error(`must be false, a hop count or a list of IP addresses/CIDRs, got "${e}"`);
    }
  }
  return entries;
}

/** The fragment both services' HTTP servers read. */
export const httpConfigSpec = {
  httpRequestTimeoutMs: field({
    env: 'HTTP_REQUEST_TIMEOUT_MS',
    doc: 'A request (headers and body) must arrive whole within this time, or it is answered 408 and its connection closed',
    parse: int(1000, 600_000),
    default: DEFAULT_TRANSPORT.requestTimeoutMs,
  }),
  httpHeadersTimeoutMs: field({
    env: 'HTTP_HEADERS_TIMEOUT_MS',
    doc: 'Time to receive the request line and headers (at most HTTP_REQUEST_TIMEOUT_MS)',
    parse: int(1000, 600_000),
    default: DEFAULT_TRANSPORT.headersTimeoutMs,
  }),
  httpKeepAliveTimeoutMs: field({
    env: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    doc: 'An idle keep-alive connection is closed after this time (keep it above your proxy’s idle timeout)',
    parse: int(1000, 600_000),
    default: DEFAULT_TRANSPORT.keepAliveTimeoutMs,
  }),
  trustProxy: field<TrustProxy>({
    env: 'TRUST_PROXY',
    doc:
      'Proxies trusted for X-Forwarded-For (the client address that rate limits key on): `false`, a hop count ' +
      '(`1` behind one TLS proxy) or proxy IPs/CIDRs, comma-separated',
    parse: parseTrustProxy,
    default: false,
  }),
} as const;

/** The transport of a loaded configuration that includes httpConfigSpec. */
export function httpTransportOf(config: ConfigOf<typeof httpConfigSpec>): HttpTransport {
  return {
    requestTimeoutMs: config.httpRequestTimeoutMs,
    headersTimeoutMs: Math.min(config.httpHeadersTimeoutMs, config.httpRequestTimeoutMs),
    keepAliveTimeoutMs: config.httpKeepAliveTimeoutMs,
    trustProxy: config.trustProxy,
  };
}
