import { describe, expect, it } from 'vitest';
import { hashToken, newId, newSecretToken, safeEqual } from './ids.ts';
import { SecretBox, SecretBoxError } from './secretBox.ts';
import { parseKeyRing } from '../config/platformConfig.ts';

describe('ids and tokens', () => {
  it('makes prefixed ids of the stated length and alphabet, without repeats', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId('pi')));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(newSecretToken('sk_test_')).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
  });
  it('hashes tokens to sha-256 hex and compares in constant time', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(safeEqual('a', 'a')).toBe(true);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});

describe('SecretBox', () => {
  const k1 = 'a'.repeat(64);
  const k2 = 'b'.repeat(64);
  it('round-trips, binds the context, and rejects tampering', () => {
    const box = new SecretBox(parseKeyRing(`k1:${k1}`));
    const sealed = box.seal('whsec_secret', 'we_1');
    expect(sealed).not.toContain('whsec_secret');
    expect(box.open(sealed, 'we_1')).toBe('whsec_secret');
    expect(() => box.open(sealed, 'we_2')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x').toString('base64url');
    expect(() => box.open(parts.join('.'), 'we_1')).toThrow(SecretBoxError);
  });
  it('rotates: new key seals, old key still opens', () => {
    const old = new SecretBox(parseKeyRing(`k1:${k1}`));
    const sealed = old.seal('s');
    const rotated = new SecretBox(parseKeyRing(`k2:${k2},k1:${k1}`));
    expect(rotated.open(sealed)).toBe('s');
    expect(rotated.needsRotation(sealed)).toBe(true);
    expect(rotated.needsRotation(rotated.seal('s'))).toBe(false);
    expect(() => new SecretBox(parseKeyRing(`k2:${k2}`)).open(sealed)).toThrow(/unknown key id/);
  });
});
