import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from './authSettings.ts';

/**
 * Passwords are stored as argon2id PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`): the parameters travel
 * with each hash, so raising the cost later still verifies old hashes. Hashing runs on libuv's thread pool.
 * Input is NFC-normalised, so the same password typed on two keyboards (composed or decomposed accents) matches.
 */
// `Algorithm.Argon2id` of @node-rs/argon2, an ambient const enum that verbatimModuleSyntax cannot import.
const ARGON2ID = 2;

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password.normalize('NFC'), { algorithm: ARGON2ID, ...cost });
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password.normalize('NFC'));
  } catch {
    // A malformed stored hash never verifies.
    return false;
  }
}

// One throwaway hash per cost setting, computed on first use: `spendPasswordCheck` verifies against it.
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the time of one password verification without a stored hash, so that "no such account" takes as long
 * as "wrong password" and response timing does not reveal whether an email is registered.
 */
export async function spendPasswordCheck(password: string, cost: PasswordHashing): Promise<void> {
  const key = `${cost.memoryCost}/${cost.timeCost}/${cost.parallelism}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
