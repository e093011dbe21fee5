// The local dev key (dev.json of `tender start`) goes only to the Tender that wrote it: any other --url or
// TENDER_URL without --api-key or TENDER_API_KEY is refused before a request is made.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeDevJson } from '../devJson.ts';
import { resolveApiTarget } from './apiTarget.ts';
import { UsageError } from './usageError.ts';

const DEV_URL = 'http://127.0.0.1:4000';
const DEV_KEY = 'sk_test_local_dev_key';
const saved = { home: process.env.TENDER_HOME, key: process.env.TENDER_API_KEY, url: process.env.TENDER_URL };
let home: string;

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'tender-api-target-'));
  await writeDevJson(home, { gateway: { url: DEV_URL, testApiKey: DEV_KEY } });
  process.env.TENDER_HOME = home;
});
afterEach(() => {
  delete process.env.TENDER_API_KEY;
  delete process.env.TENDER_URL;
});
afterAll(async () => {
  for (const [name, value] of [
    ['TENDER_HOME', saved.home],
    ['TENDER_API_KEY', saved.key],
    ['TENDER_URL', saved.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(home, { recursive: true, force: true });
});

describe('which key a client command sends where', () => {
  it('sends the local dev key to the local Tender it came from (with or without a trailing slash)', async () => {
    expect((await resolveApiTarget({})).apiKey).toBe(DEV_KEY);
    expect(await resolveApiTarget({ url: `${DEV_URL}/` })).toMatchObject({ apiKey: DEV_KEY });
  });

  it('refuses to send the local dev key to any other URL, asking for --api-key or TENDER_API_KEY', async () => {
    for (const url of ['https://attacker.example', 'http://127.0.0.1:4001', 'http://localhost:4000']) {
      const refused = resolveApiTarget({ url });
      await expect(refused).rejects.toBeInstanceOf(UsageError);
      await expect(refused).rejects.toThrow(
        new RegExp(`No API key for ${url.replace(/\./g, '\\.')}: pass --api-key or set TENDER_API_KEY`),
      );
    }
    process.env.TENDER_URL = 'https://attacker.example';
    await expect(resolveApiTarget({})).rejects.toThrow(
      /sent only to the Tender it came from \(http:\/\/127\.0\.0\.1:4000\)/,
    );
  });

  it('sends a key given by --api-key or TENDER_API_KEY to whatever URL is named', async () => {
    expect((await resolveApiTarget({ url: 'https://tender.example', 'api-key': 'sk_live_x' })).apiKey).toBe(
      'sk_live_x',
    );
    process.env.TENDER_API_KEY = 'sk_test_env';
    expect((await resolveApiTarget({ url: 'https://tender.example' })).apiKey).toBe('sk_test_env');
  });
});
