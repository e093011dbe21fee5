// @tender/agent as an agent developer installs it: built, packed with `npm pack`, installed from the tarball (with
// its dependencies from the npm cache) into a scratch project, and run there with plain node.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('npm pack of @tender/agent', () => {
  let scratch = '';
  afterAll(() => (scratch ? rm(scratch, { recursive: true, force: true }) : undefined));

  it('produces a tarball that installs into a scratch project and works with plain node', async () => {
    scratch = await mkdtemp(join(tmpdir(), 'tender-agent-pack-'));
    await run('npm', ['run', 'build'], { cwd: packageDir });
    await run('npm', ['pack', '--pack-destination', scratch], { cwd: packageDir });
    const tarball = (await readdir(scratch)).find((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^tender-agent-.*\.tgz$/);
    await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', type: 'module', private: true }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', `./${tarball}`], { cwd: scratch });
    await writeFile(
      join(scratch, 'main.js'),
      `import { createAgent, fileTokenStore, SpendLimitError } from '@tender/agent';
       import { privateKeyToAccount } from 'viem/accounts';
       const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
       const store = fileTokenStore('./state/agent.json');
       await store.save({ walletAddress: account.address, accessToken: 'at_v1_example' });
       const agent = await createAgent({ account, baseUrl: 'http://127.0.0.1:9', tokenStore: store });
       console.log(JSON.stringify({ token: agent.accessToken, limitError: typeof SpendLimitError }));`,
    );
    const { stdout } = await run('node', ['main.js'], { cwd: scratch });
    expect(JSON.parse(stdout)).toEqual({ token: 'at_v1_example', limitError: 'function' });
  });
});
