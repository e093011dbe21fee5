// Credentials of long-lived responses (the live event stream), re-checked while the response is open. A request is
// authenticated once, when it arrives; a stream lives for hours, so without this an API key revoked or a session
// logged out would keep receiving the merchant's events while REST already refuses it.
//
// Invariants:
// - A watched response ends within a moment of the change that makes REST refuse its credential: key revoked or
//   deleted, session ended (logout) or its lifetime changed, its user's role or account changed so that the
//   permission is gone. Triggers NOTIFY every such change at commit (api_key_changes: migration 0005;
//   session_changes: 0741); each notification re-reads every watched credential of this process (one statement per
//   kind, coalesced), and the rule applied is the one `authenticate` applies.
// - What no notification announces (a session passing its expiry or idle deadline), or a notification missed while
//   the listening connection was down, is caught by the periodic re-check (`recheckMs`, default 10 s).
// - A credential is checked once after the subscription is live, so a change committed between the request's
//   authentication and the watch is never missed.
// - Re-checks only read: an open stream is not activity, so it never moves a session's idle deadline (a REST call
//   does); a session left idle ends its streams when REST would refuse it.
//
// Cost: nothing while no response is watched; two indexed reads per notification and per period while any is.
import type { Logger } from '@tender/platform';
import { can, type Permission, type Role } from '../auth/permissions.ts';
import type { Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from './errors.ts';

export interface CredentialWatch {
  /**
   * Watches the credential behind `principal` (which needed `permission`) until the returned function is called;
   * `onRevoked` is called once, with the error REST would now answer, when the credential stops being valid.
   */
  watch(principal: Principal, permission: Permission, onRevoked: (why: GatewayError) => void): Promise<() => void>;
  close(): Promise<void>;
}

export interface CredentialWatchOptions {
  /** Backstop re-check period; default 10 s. */
  recheckMs?: number;
  /** LISTEN for changes (default true); false leaves only the periodic re-check (tests of the backstop). */
  listen?: boolean;
}

type WatchContext = Pick<GatewayContext, 'db' | 'now' | 'auth' | 'apiKeys'> & { logger: Logger };

interface Watcher {
  principal: Principal;
  permission: Permission;
  onRevoked: (why: GatewayError) => void;
}

interface KeyRow {
  id: string;
  merchant_id: string;
  role: Role;
  environment: string;
  revoked_at: Date | null;
}

interface SessionRow {
  id: string;
  merchant_id: string;
  role: Role;
  revoked_at: Date | null;
  expires_at: Date;
  last_seen_at: Date;
}

export function createCredentialWatch(ctx: WatchContext, opts: CredentialWatchOptions = {}): CredentialWatch {
  const recheckMs = opts.recheckMs ?? 10_000;
  const watchers = new Set<Watcher>();
  let listening: Promise<(() => Promise<void>)[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let checking: Promise<void> | null = null;
  let again = false;
  let closed = false;

  function listen(): Promise<(() => Promise<void>)[]> {
    if (opts.listen === false) return Promise.resolve([]);
    listening ??= Promise.all(
      ['api_key_changes', 'session_changes'].map((name) => ctx.db.listen(ctx.db.channel(name), () => schedule())),
    ).catch((err: unknown) => {
      // Without notifications, the periodic re-check still ends every stream; the next watch tries again.
      ctx.logger.warn({ err }, 'credential watch: listening for key and session changes failed');
      listening = null;
      return [];
    });
    return listening;
  }

  /** Re-checks every watched credential now, or once more after the check in flight (which may have read early). */
  function schedule(): void {
    if (closed || watchers.size === 0) return;
    if (checking) {
      again = true;
      return;
    }
    checking = recheck()
      .catch((err: unknown) => ctx.logger.warn({ err }, 'credential watch: re-check failed; retrying'))
      .finally(() => {
        checking = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  }

  async function recheck(): Promise<void> {
    const current = [...watchers];
    const keyIds = [...new Set(current.flatMap((w) => (w.principal.keyId ? [w.principal.keyId] : [])))];
    const sessionIds = [...new Set(current.flatMap((w) => (w.principal.sessionId ? [w.principal.sessionId] : [])))];
    const [keys, sessions] = await Promise.all([
      keyIds.length
        ? ctx.db.query<KeyRow>(
            'select id, merchant_id, role, environment, revoked_at from api_keys where id = any($1::text[])',
            [keyIds],
          )
        : [],
      sessionIds.length
        ? ctx.db.query<SessionRow>(
            `select s.id, s.merchant_id, mm.role, s.revoked_at, s.expires_at, s.last_seen_at
               from sessions s join merchant_members mm on mm.user_id = s.user_id and mm.merchant_id = s.merchant_id
              where s.id = any($1::text[])`,
            [sessionIds],
          )
        : [],
    ]);
    const keyById = new Map(keys.map((k) => [k.id, k]));
    const sessionById = new Map(sessions.map((s) => [s.id, s]));
    const now = ctx.now();
    for (const w of current) {
      if (!watchers.has(w)) continue;
      const p = w.principal;
      const why =
        p.kind === 'api_key'
          ? keyVerdict(p, w.permission, keyById.get(p.keyId ?? ''))
          : sessionVerdict(p, w.permission, sessionById.get(p.sessionId ?? ''), now, ctx.auth.sessionIdleSeconds);
      if (!why) continue;
      watchers.delete(w);
      // This process may hold the key in its cache if the notification was missed: a reconnect must not reopen.
      if (p.keyId) ctx.apiKeys.forget(p.keyId);
      w.onRevoked(why);
    }
    if (watchers.size === 0) stopTimer();
  }

  function stopTimer(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    async watch(principal, permission, onRevoked) {
      if (closed) throw new Error('credential watch closed');
      await listen();
      const w: Watcher = { principal, permission, onRevoked };
      watchers.add(w);
      if (!timer) {
        timer = setInterval(schedule, recheckMs);
        timer.unref();
      }
      schedule(); // the check after the subscription is live
      return () => {
        watchers.delete(w);
        if (watchers.size === 0) stopTimer();
      };
    },
    async close() {
      closed = true;
      stopTimer();
      watchers.clear();
      const unlisten = await (listening ?? Promise.resolve([]));
      listening = null;
      await Promise.all(unlisten.map((u) => u().catch(() => undefined)));
      await checking;
    },
  };
}

/** Why REST would now refuse this key for `permission` (the rules of `authenticate`), or null. */
function keyVerdict(p: Principal, permission: Permission, row: KeyRow | undefined): GatewayError | null {
  if (!row || row.merchant_id !== p.merchantId || row.environment !== p.environment) {
    return new GatewayError('INVALID_API_KEY', 'Unknown API key');
  }
  if (row.revoked_at) return new GatewayError('INVALID_API_KEY', 'This API key has been revoked');
  return permissionVerdict(row.role, permission);
}

/** Why REST would now refuse this session for `permission` (the rules of `resolveSession`), or null. */
function sessionVerdict(
  p: Principal,
  permission: Permission,
  row: SessionRow | undefined,
  now: Date,
  idleSeconds: number,
): GatewayError | null {
  const ended = (why: string) => new GatewayError('INVALID_SESSION', `${why}; sign in again`);
  if (!row || row.merchant_id !== p.merchantId) return ended('Unknown session');
  if (row.revoked_at) return ended('This session has ended');
  if (now.getTime() >= row.expires_at.getTime()) return ended('This session has expired');
  if (now.getTime() >= row.last_seen_at.getTime() + idleSeconds * 1000) {
    return ended('This session ended after inactivity');
  }
  return permissionVerdict(row.role, permission);
}

function permissionVerdict(role: Role, permission: Permission): GatewayError | null {
  return can(role, permission)
    ? null
    : new GatewayError(
        'PERMISSION_DENIED',
        `The ${role} role does not have the ${permission} permission this endpoint needs`,
      );
}
