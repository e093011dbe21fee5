import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestGateway, signUp, uniqueEmail, type TestGateway } from '../_test/testGateway.ts';

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
  beforeAll(async () => {
    g = await createTestGateway();
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
    const s = await signUp(g.app);
    expect(await login(s.email)).toBe(1);
    expect(await login(uniqueEmail('nobody'))).toBe(1);
  });
});
