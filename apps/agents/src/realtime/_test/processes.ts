import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Sql } from '@tender/platform';
import { recordEvent, wakeAfterCommit } from '../../eventLog/index.ts';
import { REALTIME_PATH } from '../protocol.ts';

// `npm run bench -- --compiled` points TENDER_AGENTS_PROCESS at a bundle of agentsProcess.ts, run by plain node.
const compiledScript = process.env.TENDER_AGENTS_PROCESS;
const script = compiledScript ?? fileURLToPath(new URL('./agentsProcess.ts', import.meta.url));
const loader = compiledScript ? [] : ['--import', 'tsx'];

export interface AgentsChild {
  child: ChildProcess;
  port: number;
  smtpPort: number;
  processId: string;
  wsUrl: string;
  /** An IPC request to the child (`voice`, `stats`). */
  request<T = Record<string, unknown>>(msg: Record<string, unknown>): Promise<T>;
  /** Exit code, or the signal name when killed. */
  exited(): Promise<number | string>;
}

/** Spawns agentsProcess.ts against `schema` of DATABASE_URL; resolves once it listens. */
export async function spawnAgents(opts: {
  url: string;
  schema: string;
  env?: Record<string, string>;
  execArgv?: string[];
}): Promise<AgentsChild> {
  const child = spawn(process.execPath, [...(opts.execArgv ?? []), ...loader, script], {
    env: { ...process.env, DATABASE_URL: opts.url, AGENTS_SCHEMA: opts.schema, ...opts.env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<{ port: number; smtpPort: number; processId: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^ready (.*)$/m.exec(out);
      if (m) resolve(JSON.parse(m[1]!) as { port: number; smtpPort: number; processId: string });
    });
    child.once('exit', (code, signal) => reject(new Error(`agents process exited early: ${code ?? signal}`)));
  });
  let seq = 0;
  const pending = new Map<number, (v: unknown) => void>();
  child.on('message', (m: { id: number }) => {
    pending.get(m.id)?.(m);
    pending.delete(m.id);
  });
  return {
    child,
    ...info,
    wsUrl: `ws://127.0.0.1:${info.port}${REALTIME_PATH}`,
    request<T>(msg: Record<string, unknown>) {
      const id = ++seq;
      return new Promise<T>((resolve) => {
        pending.set(id, resolve as (v: unknown) => void);
        child.send({ ...msg, id });
      });
    },
    exited() {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode);
      if (child.signalCode !== null) return Promise.resolve(child.signalCode);
      return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
    },
  };
}

type EventRows = readonly { tenantId: string; type?: string; fields?: Record<string, unknown> }[];

/**
 * Inserts many events in one statement and wakes the gateways after the commit, as recordEvent does
 * (wakeAfterCommit). Returns their ids.
 */
export async function insertEvents(sql: Sql, rows: EventRows): Promise<string[]> {
  const ids = await insertRows(sql, rows);
  wakeAfterCommit(
    sql,
    rows.map((r) => r.tenantId),
  );
  return ids;
}

/**
 * One event in a transaction of its own, as producers record theirs (recordEvent: one prepared statement, the
 * gateways woken after the commit): the single-event producer of the events benchmark. Returns its id.
 */
export async function recordOne(sql: Sql, tenantId: string, fields: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const r = await recordEvent(sql, {
    tenantId,
    type: 'test.event',
    source: 'agentos.internal',
    fields,
    dedupeKey: `test:${id}`,
  });
  return r.eventId;
}

/**
 * The same, with the wake-up sent by the insert trigger inside the producer's transaction (opted in, as
 * IN_COMMIT_NOTIFY_SQL does, by the same statement: the default before migration 0440), for the benchmark's
 * comparison. One statement, as insertEvents on the database.
 */
export async function insertEventsInCommit(sql: Sql, rows: EventRows): Promise<string[]> {
  return insertRows(sql, rows, true);
}

async function insertRows(sql: Sql, rows: EventRows, inCommitNotify = false): Promise<string[]> {
  const ids = rows.map(() => randomUUID());
  // set_config(…, true) is IN_COMMIT_NOTIFY_SQL in the statement itself: evaluated before any row is inserted.
  const opt = inCommitNotify ? `(select set_config('tender.events_notify', 'on', true)) is not null and` : '';
  await sql.query(
    `insert into agent_events (event_id, tenant_id, type, source, payload, dedupe_key)
     select u.id, u.tenant, u.ty, 'agentos.internal',
            jsonb_build_object('type', u.ty, 'eventId', u.id) || u.f::jsonb, 'test:' || u.id::text
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) as u(id, tenant, ty, f)
      where ${opt} true`,
    [
      ids,
      rows.map((r) => r.tenantId),
      rows.map((r) => r.type ?? 'test.event'),
      rows.map((r) => JSON.stringify(r.fields ?? {})),
    ],
  );
  return ids;
}
