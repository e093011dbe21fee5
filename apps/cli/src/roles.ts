/**
 * What a `tender start` process runs, for scale-out (`--role api,workers`; default all three, one process):
 * - api: the gateway and agents HTTP APIs with the hosted pages, and the inbound SMTP server;
 * - workers: the gateway's chain watchers, job runners (sweeps, expiry, emails, webhook deliveries) and the
 *   agents' phone number sweep and owner-credential pruning; with the dev profile's devnet, the process that owns
 *   the devnet;
 * - realtime: the agents WebSocket gateway (durable event delivery, voice media streams) on AGENTS_PORT.
 * Which role runs a feature's background work is the feature's to declare (`FeatureWorker.role`), and so is a rule
 * on roles that must share a process (the agents' phone feature: api and realtime together with telephony).
 * Any number of processes of each role may share one PostgreSQL: every worker claims with leases and SKIP LOCKED,
 * every realtime process takes over the sockets it holds.
 */
export const ROLES = ['api', 'workers', 'realtime'] as const;
export type Role = (typeof ROLES)[number];

export const ALL_ROLES: ReadonlySet<Role> = new Set(ROLES);

export class RoleError extends Error {}

/**
 * Reads `--role` flags: repeatable and/or comma-separated (`--role api --role workers`, `--role=api,workers`).
 * Without one, every role. Returns the remaining arguments untouched.
 */
export function parseRoles(args: readonly string[]): { roles: ReadonlySet<Role>; rest: string[] } {
  const named: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--role') {
      const v = args[++i];
      if (v === undefined || v.startsWith('-')) throw new RoleError(`--role needs a value: ${ROLES.join(', ')}`);
      named.push(v);
    } else if (a.startsWith('--role=')) named.push(a.slice('--role='.length));
    else rest.push(a);
  }
  if (!named.length) return { roles: ALL_ROLES, rest };
  const roles = new Set<Role>();
  for (const part of named.flatMap((v) => v.split(','))) {
    const r = part.trim();
    if (!(ROLES as readonly string[]).includes(r))
      throw new RoleError(`unknown role "${r}": use ${ROLES.join(', ')} (comma-separated or repeated)`);
    roles.add(r as Role);
  }
  return { roles, rest };
}
