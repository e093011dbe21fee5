// The boot the end-to-end suites share: `tender start` as a child process in a fresh home (and a database of its own
// when DATABASE_URL is set), or the three roles of one configuration as compiled processes; each resolves once the
// processes are healthy, and registers how to undo what it made.
import {
  devJsonOf,
  healthy,
  removeHome,
  scratchDatabase,
  startTenderChild,
  stopTender,
  tenderEnv,
  type TenderChild,
} from './tenderProcess.ts';

export interface BootedTender {
  env: Record<string, string>;
  tender: TenderChild;
  /** Stops it (SIGTERM), removes its home and drops its database; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/**
 * `tender start` as a developer runs it, healthy: a fresh TENDER_HOME with free ports, on a scratch database of its
 * own when DATABASE_URL is set (PGlite in the home otherwise). `env` is added to the child's environment.
 */
export async function bootTender(
  opts: { env?: Record<string, string>; healthyMs?: number } = {},
): Promise<BootedTender> {
  const db = process.env.DATABASE_URL ? await scratchDatabase() : undefined;
  const env = await tenderEnv({ ...(db ? { DATABASE_URL: db.url } : {}), ...opts.env });
  const tender = startTenderChild(env);
  const stop = async () => {
    const code = await stopTender(tender);
    await removeHome(env.TENDER_HOME!);
    await db?.drop();
    return code;
  };
  try {
    await healthy(tender, env, opts.healthyMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { env, tender, stop };
}

export type ProcessRole = 'workers' | 'api' | 'realtime';

/**
 * The roles given, each `tender start --role <role>` of its own on the compiled build (build it first with buildCli:
 * three stale checks at once would each rebuild it), started in the order given, then each waited for until healthy. Every
 * process is pushed to `procs` as it starts, so the caller's cleanup stops them even when one never gets healthy.
 */
export async function bootRoles(
  roles: readonly (readonly [ProcessRole, Record<string, string>])[],
  procs: TenderChild[],
  healthyMs: number,
): Promise<TenderChild[]> {
  const started = roles.map(([role, env]) => {
    const t = startTenderChild(env, { args: ['--role', role], compiled: true });
    procs.push(t);
    return t;
  });
  for (const [i, t] of started.entries()) await healthy(t, roles[i]![1], healthyMs);
  return started;
}

/** The dev merchant's gateway API (dev.json of the home): a call with its test key, the JSON body read. */
export async function devGatewayApi(home: string) {
  const dev = await devJsonOf(home);
  const api = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${dev.gateway.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${dev.gateway.testApiKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  };
  return { dev, api };
}
