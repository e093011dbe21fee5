import type { AgentErrorCode } from '../http/errors.ts';
import { CLOSE } from './protocol.ts';
import type { Session, TenantHub } from './session.ts';

/** Revoked access tokens and suspended tenants, as this process heard of them (NOTIFY). */
export interface Revocations {
  /** An access token was revoked: its sockets close now. */
  closeRevoked(accessTokenId: string): void;
  /** The operator suspended the tenant: its sockets close now; new ones are refused (verifyRealtimeToken). */
  closeSuspended(tenantId: string): void;
  /**
   * Why an authentication that began at `began` (performance.now()) is refused although its token read succeeded:
   * the token was revoked, or the tenant suspended, after that read. Null when it may open.
   */
  refusal(
    who: { accessTokenId: string; tenantId: string },
    began: number,
  ): { code: AgentErrorCode; message: string; reason: string } | null;
}

/** Bound of each set: the oldest entry goes first. */
const REMEMBERED = 10_000;

export function createRevocations(
  sessions: ReadonlySet<Session>,
  tenants: ReadonlyMap<string, TenantHub>,
): Revocations {
  /**
   * Access tokens revoked since this process started listening (bounded). An authentication whose token read ran
   * before the revoking commit finishes after its NOTIFY was handled here: it checks this set, so no socket opens
   * through a revoked token once the NOTIFY arrived, and every socket open before it is closed by closeRevoked.
   */
  const revokedTokens = new Set<string>();
  /**
   * When each tenant's last suspension NOTIFY arrived (bounded). An authentication that began before it may have
   * read the tenant as active: it is refused, like one through a revoked token.
   */
  const suspendedAt = new Map<string, number>();

  return {
    closeRevoked(accessTokenId) {
      revokedTokens.add(accessTokenId);
      if (revokedTokens.size > REMEMBERED) revokedTokens.delete(revokedTokens.values().next().value!);
      for (const s of sessions) {
        if (s.accessTokenId !== accessTokenId || s.state === 'closed') continue;
        s.error('AUTH_REQUIRED', 'The access token behind this session was revoked; use its replacement');
        s.ws.close(CLOSE.authFailed, 'access token revoked');
      }
    },
    closeSuspended(tenantId) {
      suspendedAt.delete(tenantId);
      suspendedAt.set(tenantId, performance.now());
      if (suspendedAt.size > REMEMBERED) suspendedAt.delete(suspendedAt.keys().next().value!);
      for (const s of tenants.get(tenantId)?.sessions ?? []) {
        s.error('TENANT_SUSPENDED', 'The operator suspended this wallet');
        s.ws.close(CLOSE.authFailed, 'tenant suspended');
      }
    },
    refusal(who, began) {
      if (revokedTokens.has(who.accessTokenId)) {
        return {
          code: 'AUTH_REQUIRED',
          message: 'The access token behind this realtime token was revoked',
          reason: 'access token revoked',
        };
      }
      if ((suspendedAt.get(who.tenantId) ?? -1) >= began) {
        return { code: 'TENANT_SUSPENDED', message: 'The operator suspended this wallet', reason: 'tenant suspended' };
      }
      return null;
    },
  };
}
