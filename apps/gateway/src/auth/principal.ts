import type { Role } from './permissions.ts';
import type { Environment } from '../tenant.ts';

/**
 * Who is calling, resolved from the `Authorization: Bearer` credential. Tenancy comes from here only: every
 * query of merchant data is scoped by `merchantId`, never by an id taken from input.
 */
export interface Principal {
  merchantId: string;
  role: Role;
  /** Selects testnets (`test`) or mainnets (`live`) for everything the request touches. */
  environment: Environment;
  kind: 'api_key' | 'session';
  /** Set when `kind` is `api_key`. */
  keyId: string | null;
  /** Set when `kind` is `session`. */
  sessionId: string | null;
  /** The person behind a session; null for API keys. */
  userId: string | null;
  /** Client address as the HTTP server sees it, for the audit log. */
  ip: string | null;
}

/** Who did something, as the audit log records it. */
export interface Actor {
  type: 'user' | 'api_key' | 'system' | 'anonymous';
  id: string | null;
  ip: string | null;
}

export function actorOf(p: Principal): Actor {
  return p.kind === 'session' ? { type: 'user', id: p.userId, ip: p.ip } : { type: 'api_key', id: p.keyId, ip: p.ip };
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, ip: null };
