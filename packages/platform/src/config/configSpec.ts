/**
 * Configuration comes only from the environment. Each part of Tender declares the variables it reads as a spec
 * fragment; `loadConfig` reads every fragment at once and reports every problem in one message, so a
 * misconfigured process stops before it serves anything.
 */
export type Profile = 'dev' | 'production';

export interface Field<T> {
  /** Environment variable name. */
  env: string;
  /** One line for the README configuration table. */
  doc: string;
  parse(raw: string): T;
  /** Value when unset; a function may depend on the profile. Undefined means "absent". */
  default?: T | ((profile: Profile) => T | undefined);
  /** `production`: must be set explicitly in the production profile. */
  required?: 'production' | 'always';
  /** Never printed, never logged. */
  secret?: boolean;
}

export type Spec = Record<string, Field<unknown>>;

type Value<F> = F extends Field<infer T> ? (F extends { default: unknown } ? T : T | undefined) : never;
export type ConfigOf<S extends Spec> = { [K in keyof S]: Value<S[K]> };

/** Declares a field; the overloads keep "has a default" in the type, so such values are never undefined. */
export function field<T>(
  f: Field<T> & { default: T | ((profile: Profile) => T) },
): Field<T> & { default: T | ((profile: Profile) => T) };
export function field<T>(f: Field<T>): Field<T>;
export function field<T>(f: Field<T>): Field<T> {
  return f;
}

// Parsers. Each throws an Error whose message completes "VAR: …".
export const str = (raw: string): string => raw;

export function int(min: number, max: number) {
  return (raw: string): number => {
    if (!/^-?\d+$/.test(raw)) throw new Error(`must be an integer, got "${raw}"`);
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

export const port = int(0, 65535);

export function url(...protocols: string[]) {
  return (raw: string): string => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new Error(`must be a URL, got "${raw}"`);
    }
    if (protocols.length && !protocols.includes(u.protocol.replace(/:$/, ''))) {
      throw new Error(`must use ${protocols.join(' or ')}, got ${u.protocol.replace(/:$/, '')}`);
    }
    return raw.replace(/\/$/, '');
  };
}

export function oneOf<T extends string>(...values: T[]) {
  return (raw: string): T => {
    if (!values.includes(raw as T)) throw new Error(`must be one of ${values.join(', ')}, got "${raw}"`);
    return raw as T;
  };
}

export function bool(raw: string): boolean {
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new Error(`must be true or false, got "${raw}"`);
}

export function hexKey(bytes: number) {
  return (raw: string): string => {
    const hex = raw.replace(/^0x/, '');
    if (!new RegExp(`^[0-9a-fA-F]{${bytes * 2}}$`).test(hex)) throw new Error(`must be ${bytes} bytes of hex`);
    return `0x${hex.toLowerCase()}`;
  };
}
