import { createServer } from 'node:http';
import type { Database } from '@tender/platform';
import type { Role } from './roles.ts';

export interface RoleHealthServer {
  close(): Promise<void>;
}

/**
 * GET /healthz and /readyz for a process without the api role (workers, realtime), on GATEWAY_PORT: the same
 * answers as the gateway's (`{status:'ready', database:'ok', roles}`, 503 when the database is unreachable), so one
 * probe configuration fits every process. Nothing else is served.
 */
export async function startRoleHealthServer(opts: {
  db: Database;
  roles: ReadonlySet<Role>;
  host: string;
  port: number;
}): Promise<RoleHealthServer> {
  const roles = [...opts.roles];
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { error: { code: 'METHOD_NOT_ALLOWED' } });
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path !== '/readyz') return send(404, { error: { code: 'NOT_FOUND', message: 'only /healthz and /readyz' } });
    opts.db.query('select 1').then(
      () => send(200, { status: 'ready', database: 'ok', roles }),
      () => send(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable' }, roles }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
