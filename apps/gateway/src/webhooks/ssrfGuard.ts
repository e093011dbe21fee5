// SSRF guard for webhook URLs. A merchant chooses the URL, so without a guard a webhook is a request the gateway
// makes into its own network on an attacker's behalf (cloud metadata at 169.254.169.254, databases, admin ports).
//
// Rules: a live endpoint must be https and every address its host resolves to must be public; a test endpoint may
// also use plain http, and loopback when the deployment allows it (dev profile). The check runs at registration
// and again at every delivery, INSIDE the socket's DNS lookup: the connection goes to exactly the addresses that
// were vetted, so a host that re-resolves to a private address between check and connect (DNS rebinding) is
// refused, and one name with a public and a private address is refused outright.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { Environment } from '../tenant.ts';

/** Why an address is not public. */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'multicast' | 'unspecified' | 'reserved';

/** What a URL and its addresses may be. */
export interface UrlPolicy {
  /** Plain http allowed (test mode only). */
  allowHttp: boolean;
  /** Loopback addresses allowed (test mode in the dev profile only). */
  allowLoopback: boolean;
}

export function urlPolicy(environment: Environment, allowLoopbackInTest: boolean): UrlPolicy {
  return environment === 'live'
    ? { allowHttp: false, allowLoopback: false }
    : { allowHttp: true, allowLoopback: allowLoopbackInTest };
}

/** A URL or an address the policy refuses; the message is safe to show the merchant. */
export class WebhookUrlError extends Error {
  override readonly name = 'WebhookUrlError';
  constructor(
    message: string,
    readonly reason: 'syntax' | 'scheme' | 'address' | 'dns',
  ) {
    super(message);
  }
}

// ---- address classification ------------------------------------------------------------------------------------

type Range = readonly [prefix: readonly number[], bits: number, cls: AddressClass];

/** IPv4 ranges that are not globally reachable (IANA special-purpose registry). Everything else is public. */
const V4_RANGES: readonly Range[] = [
  [[0], 8, 'unspecified'], // "this network"
  [[10], 8, 'private'],
  [[100, 64], 10, 'cgnat'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'], // includes cloud metadata 169.254.169.254
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'], // IETF protocol assignments
  [[192, 0, 2], 24, 'reserved'], // TEST-NET-1
  [[192, 88, 99], 24, 'reserved'], // 6to4 relay anycast
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'], // benchmarking
  [[198, 51, 100], 24, 'reserved'], // TEST-NET-2
  [[203, 0, 113], 24, 'reserved'], // TEST-NET-3
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'], // future use, 255.255.255.255 broadcast
];

/**
 * IPv6 ranges inside global unicast 2000::/3 that are not public; anything outside 2000::/3 is not public either
 * (classified below: ::, ::1, IPv4-mapped, NAT64, ULA, link-local, multicast …).
 */
const V6_GLOBAL_EXCEPTIONS: readonly Range[] = [
  [[0x20, 0x01, 0x00], 23, 'reserved'], // 2001::/23 IETF protocol assignments (Teredo 2001::/32, ORCHID, benchmarking)
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'], // documentation
  [[0x20, 0x02], 16, 'reserved'], // 6to4: embeds an IPv4 address we would have to trust a relay for
  [[0x3f, 0xff, 0x00], 20, 'reserved'], // documentation (RFC 9637)
];

function inRange(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function classifyV4(b: readonly number[]): AddressClass {
  for (const [prefix, bits, cls] of V4_RANGES) if (inRange(b, prefix, bits)) return cls;
  return 'public';
}

function classifyV6(b: readonly number[]): AddressClass {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 16)) return 'unspecified';
  if (zeros(0, 15) && b[15] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d: the connection goes to the IPv4 address, so that address is what counts.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  // IPv4-compatible ::a.b.c.d (deprecated) and the rest of ::/96.
  if (zeros(0, 12)) return 'reserved';
  // NAT64 well-known prefix 64:ff9b::/96 (DNS64 hands these out for IPv4-only hosts): judged by the IPv4 address.
  if (inRange(b, [0x00, 0x64, 0xff, 0x9b], 32) && zeros(4, 12)) return classifyV4(b.slice(12));
  if (inRange(b, [0xff], 8)) return 'multicast';
  if (inRange(b, [0xfe, 0x80], 10)) return 'link-local';
  if (inRange(b, [0xfe, 0xc0], 10)) return 'private'; // site-local (deprecated)
  if (inRange(b, [0xfc], 7)) return 'private'; // unique local
  if (!inRange(b, [0x20], 3)) return 'reserved'; // not global unicast (incl. 64:ff9b:1::/48, 100::/64)
  for (const [prefix, bits, cls] of V6_GLOBAL_EXCEPTIONS) if (inRange(b, prefix, bits)) return cls;
  return 'public';
}

function parseV4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return out.every((n) => n >= 0 && n <= 255) ? out : undefined;
}

function parseV6(s: string): number[] | undefined {
  let text = s.replace(/^\[|\]$/g, '').split('%')[0]!; // brackets of a URL host; a zone id does not change the class
  let tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = parseV4(dotted[2]!);
    if (!v4) return undefined;
    tail = v4;
    text = `${dotted[1]}0:0`; // the dotted tail is the last two 16-bit groups: parsed as zeros, its bytes set below
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 0xff);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Classifies an IP address (v4, v6, v6 with embedded v4); throws on something that is not an IP address. */
export function classifyAddress(address: string): AddressClass {
  const v4 = isIP(address) === 4 ? parseV4(address) : undefined;
  if (v4) return classifyV4(v4);
  const v6 = parseV6(address);
  if (!v6) throw new TypeError(`not an IP address: ${address}`);
  return classifyV6(v6);
}

/** Throws WebhookUrlError unless the policy allows connecting to `address`. */
export function vetAddress(address: string, policy: UrlPolicy, host = address): void {
  const cls = classifyAddress(address);
  if (cls === 'public' || (cls === 'loopback' && policy.allowLoopback)) return;
  throw new WebhookUrlError(
    host === address
      ? `${address} is a ${cls} address; webhook endpoints must be publicly reachable`
      : `${host} resolves to ${address}, a ${cls} address; webhook endpoints must be publicly reachable`,
    'address',
  );
}

// ---- URLs and lookups ------------------------------------------------------------------------------------------

/** Checks the form of a webhook URL (scheme, no credentials or fragment) without resolving it. */
export function parseWebhookUrl(raw: string, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('must be an absolute URL', 'syntax');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new WebhookUrlError(policy.allowHttp ? 'must use http or https' : 'must use https in live mode', 'scheme');
  }
  if (url.username || url.password) throw new WebhookUrlError('must not contain credentials', 'syntax');
  if (url.hash) throw new WebhookUrlError('must not contain a fragment', 'syntax');
  if (!url.hostname || url.hostname.includes('%')) throw new WebhookUrlError('must name a host', 'syntax');
  return url;
}

/** The host of a URL as the resolver and the socket take it (IPv6 literals without brackets). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

export type Resolver = (host: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * Every address `host` resolves to, each vetted; throws WebhookUrlError when one is not allowed or the name does not
 * resolve. An IP literal is vetted as it is.
 */
export async function resolveVetted(
  host: string,
  policy: UrlPolicy,
  resolver = systemResolver,
): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family) {
    vetAddress(host, policy);
    return [{ address: host, family }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolver(host);
  } catch (err) {
    throw new WebhookUrlError(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`, 'dns');
  }
  if (addresses.length === 0) throw new WebhookUrlError(`${host} does not resolve`, 'dns');
  for (const a of addresses) vetAddress(a.address, policy, host);
  return addresses;
}

/** Full check of a URL as at registration: form, then every address its host resolves to now. */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy, resolver = systemResolver): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  await resolveVetted(hostOf(url), policy, resolver);
  return url;
}

/**
 * A `lookup` for node:http(s) requests and net sockets that resolves, vets every address, and hands the socket
 * only vetted addresses: the check and the connect use the same answer, so DNS rebinding cannot slip in between.
 * (Node skips `lookup` for IP-literal hosts; the sender vets those itself before connecting.)
 */
export function guardedLookup(policy: UrlPolicy, resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveVetted(hostname, policy, resolver).then(
      (all) => {
        const wanted =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const first = wanted[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no IPv${options.family} address`);
          err.code = 'ENOTFOUND';
          callback(err, '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
