import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as TestKit from '../_test/testGateway.ts';
import type { TestGateway } from '../_test/testGateway.ts';

// Count argon2 verifications instead of timing them (tests never depend on the clock of a busy machine): a login
// for an unknown email must spend exactly the same number of verifications as a wrong password for a known one.
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon2.verifications++;
      return real.verify(...args);
    },
  };
});

describe('login for an unknown email', () => {
  let g: TestGateway;
  let kit: typeof TestKit;
  beforeAll(async () => {
    // Test files share their worker's modules (vitest.config.ts): the gateway may already be loaded with the real
    // argon2. Loaded again after a reset, it gets the counting one.
    vi.resetModules();
    kit = await import('../_test/testGateway.ts');
    g = await kit.createTestGateway();
  });
  afterAll(() => g.close());

  const login = async (email: string) => {
    const before = argon2.verifications;
    const r = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: `10.9.0.${Math.floor(Math.random() * 250) + 1}`,
    });
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('INVALID_CREDENTIALS');
    return argon2.verifications - before;
  };

  it('spends one password verification, as a wrong password does, so timing does not reveal registration', async () => {
    const s = await kit.signUp(g.app);
    expect(await login(s.email)).toBe(1);
    expect(await login(kit.uniqueEmail('nobody'))).toBe(1);
  });
});
