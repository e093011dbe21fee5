// The SDK as a merchant installs it: built, packed with `npm pack`, installed from the tarball into a scratch
// project, and run there with plain node (no TypeScript, nothing from this repository) against a started gateway.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createTestGateway, signUp, type TestGateway } from '../../../apps/gateway/src/_test/testGateway.ts';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm pack of @tender/sdk', () => {
  let g: TestGateway;
  let scratch: string;
  beforeAll(async () => {
    g = await createTestGateway();
    scratch = await mkdtemp(join(tmpdir(), 'tender-sdk-pack-'));
  });
  afterAll(async () => {
    await g?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('produces a tarball that installs into a scratch project and works with plain node', async () => {
    await run('npm', ['run', 'build'], { cwd: sdkDir });
    await run('npm', ['pack', '--pack-destination', scratch], { cwd: sdkDir });
    const tarball = (await readdir(scratch)).find((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^tender-sdk-.*\.tgz$/);
    await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', type: 'module', private: true }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${tarball}`], { cwd: scratch });

    const owner = await signUp(g.app);
    const key = (await createKey(g.app, owner.token, { role: 'read_only' })).secret;
    const baseUrl = await g.app.listen({ port: 0, host: '127.0.0.1' });
    await writeFile(
      join(scratch, 'main.js'),
      `import { Tender, TenderError, verifyWebhook } from '@tender/sdk';
       const tender = new Tender({ apiKey: process.env.KEY, baseUrl: process.env.BASE_URL });
       const page = await tender.payments.list();
       const err = await tender.paymentIntents.create({ amount: '1.00' }).catch((e) => e);
       console.log(JSON.stringify({ list: page.object, error: err instanceof TenderError ? err.code : String(err),
         verify: typeof verifyWebhook }));`,
    );
    const { stdout } = await run('node', ['main.js'], {
      cwd: scratch,
      env: { ...process.env, KEY: key, BASE_URL: baseUrl },
    });
    // A read-only key may list but not create: both answers come through the installed package.
    expect(JSON.parse(stdout)).toEqual({ list: 'list', error: 'PERMISSION_DENIED', verify: 'function' });
  });
});
