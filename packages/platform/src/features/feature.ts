// The one shape an app's feature takes at the composition root. A feature folder exports one factory returning a
// Feature; the app's runtime.ts holds the one list; server.ts registers the routes, workers.ts merges the queues into
// the one job runner and starts the workers of the process's roles. Adding a resource is one list entry, never an
// edit of a hub.
import type { App } from '../http/createHttpServer.ts';
import type { Metrics } from '../http/metrics.ts';
import type { QueueDefinition } from '../jobs/index.ts';

/**
 * A feature's routes: a Fastify plugin, registered on the app with `app.register`, so the hooks it adds (closing its
 * own sockets, say) belong to its own scope and never to the root app.
 */
export type FeatureRoutes = (app: FeatureApp) => Promise<void>;

/** The scope a feature's routes are registered in: the app's, with its metrics registry. */
export type FeatureApp = App & { metrics: Metrics };

/**
 * Background work with a name: started once the services are built, stopped (finishing what it runs) before the
 * server closes and the services are released. `start` may be called at most once; `stop` after a failed or absent
 * start is a no-op.
 */
export interface FeatureWorker {
  name: string;
  /**
   * The process role it runs in (`tender start --role`). Default `workers`; a worker that serves what another role
   * holds says so (the inbound SMTP listener runs with `api`, the WebSocket gateway with `realtime`).
   */
  role?: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Feature {
  name: string;
  routes?: FeatureRoutes;
  /**
   * The role whose server serves these routes. Default `api`; the realtime WebSocket endpoint is served by the
   * `realtime` role.
   */
  routesRole?: string;
  /** Job queues, merged into the app's one job runner (queue names are unique across features). */
  queues?: Readonly<Record<string, QueueDefinition>>;
  workers?: readonly FeatureWorker[];
  /**
   * The feature's rule on the roles of one process: a reason to refuse the combination (e.g. two halves of a call
   * that must share a process), or undefined when it is fine.
   */
  refuseRoles?(roles: ReadonlySet<string>): string | undefined;
  /** Releases what the factory built (after the workers stopped and the server closed). */
  close?(): Promise<void>;
}

/** A process was asked to run roles one of its features cannot run apart. */
export class FeatureRolesError extends Error {
  override readonly name = 'FeatureRolesError';
}

/** Throws FeatureRolesError with the first feature's reason to refuse these roles. */
export function checkFeatureRoles(features: readonly Feature[], roles: ReadonlySet<string>): void {
  for (const f of features) {
    const reason = f.refuseRoles?.(roles);
    if (reason) throw new FeatureRolesError(`${f.name}: ${reason}`);
  }
}

/** Registers the routes of the features served by these roles, in list order (the OpenAPI document's order). */
export async function registerFeatureRoutes(
  app: FeatureApp,
  features: readonly Feature[],
  roles: ReadonlySet<string>,
): Promise<void> {
  for (const f of features) {
    const routes = f.routes;
    if (routes && roles.has(f.routesRole ?? 'api'))
      await app.register(async (scope) => routes(Object.assign(scope, { metrics: app.metrics })));
  }
}

/** Every queue of the features, for one job runner; a queue name declared twice is a programming error. */
export function featureQueues(features: readonly Feature[]): Record<string, QueueDefinition> {
  const queues: Record<string, QueueDefinition> = {};
  for (const f of features)
    for (const [name, q] of Object.entries(f.queues ?? {})) {
      if (name in queues) throw new Error(`job queue "${name}" is declared twice (feature ${f.name})`);
      queues[name] = q;
    }
  return queues;
}

export interface RunningWorkers {
  /** The names of the workers running, in start order. */
  readonly names: readonly string[];
  /** Stops them in reverse start order; each stop runs even when an earlier one failed (the first error rethrown). */
  stop(): Promise<void>;
}

/**
 * Starts the workers of the features that run in these roles, in list order. A start that fails stops those
 * already started, then rethrows.
 */
export async function startFeatureWorkers(
  features: readonly Feature[],
  roles: ReadonlySet<string>,
): Promise<RunningWorkers> {
  const started: FeatureWorker[] = [];
  const stop = async () => {
    let first: unknown;
    for (const w of started.splice(0).reverse()) await w.stop().catch((err: unknown) => (first ??= err));
    if (first !== undefined) throw first;
  };
  try {
    for (const f of features)
      for (const w of f.workers ?? []) {
        if (!roles.has(w.role ?? 'workers')) continue;
        await w.start();
        started.push(w);
      }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const names = started.map((w) => w.name);
  return { names, stop };
}
