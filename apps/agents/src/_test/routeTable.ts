import type { App, Database } from '@tender/platform';

// Walking a server's routes from the outside: its route table (Fastify's printRoutes), the credentials its served
// OpenAPI description requires, and what a request wrote (row counts, bytes on disk). Shared by both apps' tests of
// their unauthenticated write routes.

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** [method, path] of every write route, from printRoutes' tree (each line: indentation, segment, methods). */
export function writeRoutes(app: App): [string, string][] {
  const out: [string, string][] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    for (const method of (m[3] ?? '').split(', ')) if (WRITE.has(method)) out.push([method, path]);
  }
  return out.sort((a, b) => (a[1] + a[0]).localeCompare(b[1] + b[0]));
}

/**
 * Whether the served OpenAPI description requires credentials for the operation (a `{}` alternative makes them
 * optional). `doc` is the parsed description; paths use {param}.
 */
export function requiresCredentials(
  doc: { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> },
  method: string,
  path: string,
): boolean {
  const security = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.security ?? [];
  return security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
}

/** Rows of every table of the schema: a write of any kind changes it. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.query<{ t: string }>(
    `select table_name as t from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { t } of tables) out[t] = (await db.query<{ n: number }>(`select count(*)::int as n from "${t}"`))[0]!.n;
  return out;
}

/** Bytes the schema's tables take on disk (heap, indexes, TOAST). */
export async function schemaBytes(db: Database): Promise<number> {
  const [r] = await db.query<{ b: string }>(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as b
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`,
  );
  return Number(r!.b);
}
