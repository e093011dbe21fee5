import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyRing } from '../config/platformConfig.ts';

/**
 * AES-256-GCM for secrets at rest (webhook secrets, provider credentials). A sealed value is
 * `v1.<keyId>.<iv b64url>.<ciphertext b64url>.<tag b64url>`; the key id lets the ring rotate: new values are
 * sealed with the current key, old ones still open with theirs. `context` (e.g. the row id) is bound as
 * additional authenticated data, so a ciphertext moved to another row does not open.
 */
export class SecretBox {
  constructor(private readonly ring: KeyRing) {}

  /** The id of the key that seals. */
  get currentKeyId(): string {
    return this.ring.current;
  }

  /** Every key id this box can open. */
  get keyIds(): string[] {
    return Object.keys(this.ring.keys);
  }

  seal(plaintext: string, context = ''): string {
    const keyId = this.ring.current;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(keyId), iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      'v1',
      keyId,
      iv.toString('base64url'),
      ct.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
    ].join('.');
  }

  open(sealed: string, context = ''): string {
    const [v, keyId, iv, ct, tag] = sealed.split('.');
    if (v !== 'v1' || !keyId || !iv || ct === undefined || !tag) throw new SecretBoxError('malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key(keyId), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed value failed authentication');
    }
  }

  /** True when the value was sealed with an older key and should be re-sealed. */
  needsRotation(sealed: string): boolean {
    return sealed.split('.')[1] !== this.ring.current;
  }

  private key(id: string): Buffer {
    const hex = this.ring.keys[id];
    if (!hex) throw new SecretBoxError(`unknown key id ${id}`);
    return Buffer.from(hex.slice(2), 'hex');
  }
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}
