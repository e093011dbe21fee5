import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testPort } from '@tender/platform/testing';
import RequestClient from 'twilio/lib/base/RequestClient.js';

/**
 * Twilio's stand-in for tests: Prism (@stoplight/prism-cli 5.14.2) serving Twilio's official OpenAPI description
 * (a pinned copy with its licence in ./twilio-oai, so the repository tests stand alone). Prism validates every request against Twilio's schema and
 * answers 422 (or the operation's 4xx) for one it rejects, so a request Twilio would refuse fails the test.
 */
export interface Prism {
  url: string;
  /** The twilio library's own HTTP client, with https://api.twilio.com rewritten to Prism. */
  httpClient: RequestClient;
  /** Requests Prism refused as invalid (status 4xx with Prism's validation body). */
  violations: { method: string; uri: string; status: number; body: unknown }[];
  close(): Promise<void>;
}

const here = dirname(fileURLToPath(import.meta.url));
export const TWILIO_OPENAPI = resolve(here, 'twilio-oai/twilio_api_v2010.json');

function prismBin(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@stoplight/prism-cli/package.json');
  return join(dirname(pkg), 'dist', 'index.js');
}

/** Starts Prism on a free port of 127.0.0.1; resolves once it listens (at most `startTimeoutMs`). */
export async function startPrism(opts: { startTimeoutMs?: number } = {}): Promise<Prism> {
  const port = await testPort();
  const child: ChildProcess = spawn(
    process.execPath,
    [prismBin(), 'mock', '-h', '127.0.0.1', '-p', String(port), TWILIO_OPENAPI],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((res, rej) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`Prism did not start within ${opts.startTimeoutMs ?? 90_000} ms:\n${output.slice(-2000)}`));
    }, opts.startTimeoutMs ?? 90_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        res();
      }
      if (output.length > 100_000) output = output.slice(-10_000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(new Error(`Prism exited (${code}) before listening:\n${output.slice(-2000)}`));
    });
  });
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();

  const url = `http://127.0.0.1:${port}`;
  const violations: Prism['violations'] = [];
  class PrismClient extends RequestClient {
    override async request<T>(o: RequestClient.RequestOptions<T>) {
      const uri = o.uri.replace(/^https:\/\/api\.twilio\.com/, url);
      // Creations answer with generated fields (fresh sids) instead of Twilio's one static example, so two numbers
      // or calls bought in one test differ. Reads and lists keep the static examples (real E.164 numbers).
      const headers = {
        ...(o.headers ?? {}),
        ...(o.method === 'post' && /\/(Calls|IncomingPhoneNumbers)\.json$/.test(o.uri)
          ? { Prefer: 'dynamic=true' }
          : {}),
      };
      const res = await super.request({ ...o, uri, headers });
      if (process.env.PRISM_DEBUG && res.statusCode >= 400)
        console.error(o.method, o.uri, JSON.stringify(o.data), JSON.stringify(res.body));
      if (res.statusCode === 422 || (res.statusCode >= 400 && /prism/i.test(JSON.stringify(res.body)))) {
        violations.push({ method: o.method, uri: o.uri, status: res.statusCode, body: res.body });
      }
      return res;
    }
  }
  return {
    url,
    httpClient: new PrismClient({ autoRetry: false, timeout: 10_000 }),
    violations,
    close: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
