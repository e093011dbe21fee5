import { randomBytes } from 'node:crypto';
import { parseKeyRing, type KeyRing } from '@tender/platform';
import { homeSecret } from './homeSecret.ts';

/**
 * The dev profile's secret-box key ring: kept in TENDER_HOME/secret-box.key (mode 0600) so that secrets sealed in
 * the dev database still open after a restart. Production must set SECRET_BOX_KEYS (the config refuses to start
 * without it).
 */
export async function devSecretKeys(home: string): Promise<KeyRing> {
  return parseKeyRing(await homeSecret(home, 'secret-box.key', () => `dev1:${randomBytes(32).toString('hex')}`));
}

/**
 * The dev merchant owner's dashboard password: generated per home (TENDER_HOME/dev-merchant.password, mode 0600),
 * the same on every restart, printed in the start banner and dev.json. 20 base64url characters (120 bits).
 */
export async function devMerchantPassword(home: string): Promise<string> {
  return homeSecret(home, 'dev-merchant.password', () => randomBytes(15).toString('base64url'));
}
