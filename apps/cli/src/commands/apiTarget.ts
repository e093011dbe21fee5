// Which Tender a client command talks to, and with what: flags first, then the environment, then the dev.json of
// a local `tender start` (TENDER_HOME, default .tender), so that on a fresh clone `tender listen` needs no setup.
import { resolve } from 'node:path';
import { Tender } from '@tender/sdk';
import { readDevJson, type DevJson } from '../devJson.ts';
import { UsageError } from './usageError.ts';

export interface ApiTarget {
  baseUrl: string;
  apiKey: string;
  tender: Tender;
  /** The local devnet, when dev.json names one (trigger and pay send from its accounts). */
  devnet: { rpcUrl: string; chainId: number; tokens: Record<string, string> } | null;
}

const localHome = () => resolve(process.env.TENDER_HOME ?? '.tender');
const localDevJson = () => readDevJson(localHome());

/**
 * The local dev key, for the local Tender it came from only: a key in dev.json is sent to no other URL (a typo or
 * a pasted --url would hand it to whoever answers there).
 */
function devKeyFor(dev: DevJson, baseUrl: string): string {
  const key = dev.gateway?.testApiKey;
  const devUrl = dev.gateway?.url;
  if (typeof key !== 'string' || !key) {
    throw new UsageError('No API key: pass --api-key or set TENDER_API_KEY (sk_test_…)');
  }
  if (typeof devUrl !== 'string' || !sameGateway(devUrl, baseUrl)) {
    throw new UsageError(
      `No API key for ${baseUrl}: pass --api-key or set TENDER_API_KEY. The local dev key ` +
        `(${localHome()}/dev.json) is sent only to the Tender it came from` +
        (typeof devUrl === 'string' ? ` (${devUrl})` : ''),
    );
  }
  return key;
}

/** Same origin and path, whatever the trailing slash or the case of the host. */
function sameGateway(a: string, b: string): boolean {
  try {
    const [x, y] = [new URL(a), new URL(b)];
    const path = (u: URL) => u.pathname.replace(/\/+$/, '');
    return x.origin === y.origin && path(x) === path(y);
  } catch {
    return false;
  }
}

/** The gateway's base URL: --url, TENDER_URL, or the local `npm start`'s. */
export async function resolveBaseUrl(flags: { url?: string | undefined }): Promise<string> {
  const dev = await localDevJson();
  const baseUrl = flags.url ?? process.env.TENDER_URL ?? (dev.gateway?.url as string | undefined);
  if (!baseUrl) throw new UsageError('No gateway URL: pass --url, set TENDER_URL, or run `npm start` here first');
  return baseUrl;
}

export async function resolveApiTarget(flags: {
  'api-key'?: string | undefined;
  url?: string | undefined;
}): Promise<ApiTarget> {
  const dev = await localDevJson();
  const baseUrl = await resolveBaseUrl(flags);
  const apiKey = flags['api-key'] ?? process.env.TENDER_API_KEY ?? devKeyFor(dev, baseUrl);
  const d = dev.devnet as { rpcUrl?: string; chainId?: number; tokens?: Record<string, string> } | undefined;
  return {
    baseUrl,
    apiKey,
    tender: new Tender({ apiKey, baseUrl }),
    devnet:
      d?.rpcUrl && d.chainId && d.tokens
        ? { rpcUrl: process.env.DEVNET_RPC_URL ?? d.rpcUrl, chainId: d.chainId, tokens: d.tokens }
        : null,
  };
}
