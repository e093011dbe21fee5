import type { Database, Logger, Sql } from '@tender/platform';
import type { Catalog } from '../catalog/catalog.ts';
import type { SwitchWatcher } from '../context.ts';

/** NOTIFY channel (namespaced by Database.channel) on which a switch change wakes every process. */
export const SWITCHES_CHANNEL = 'agent_service_switches';

/** Every service the operator turned off, with the reason. */
export async function readSwitchedOff(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql.query<{ service_id: string; reason: string | null }>(
    `select service_id, reason from agent_service_switches where disabled`,
  );
  return new Map(rows.map((r) => [r.service_id, r.reason ?? 'no reason given']));
}

/**
 * Turns one catalog service off or on for every process: the row is the truth, its NOTIFY (sent in the same
 * transaction, so delivered at commit) makes every process re-read it, and each also re-reads on a timer in case a
 * notification was lost (a reconnecting listener).
 */
export async function setServiceSwitch(
  db: Database,
  p: { serviceId: string; disabled: boolean; reason: string | null; operator: string },
  alsoInTx?: (tx: Sql) => Promise<void>,
): Promise<void> {
  await db.tx(async (tx) => {
    await alsoInTx?.(tx);
    await tx.query(
      `insert into agent_service_switches (service_id, disabled, reason, updated_by) values ($1, $2, $3, $4)
       on conflict (service_id) do update
         set disabled = excluded.disabled, reason = excluded.reason, updated_by = excluded.updated_by, updated_at = now()`,
      [p.serviceId, p.disabled, p.reason, p.operator],
    );
    await tx.query(`select pg_notify($1, $2)::text`, [db.channel(SWITCHES_CHANNEL), p.serviceId]);
  });
}

/** Keeps this process's catalog in step with agent_service_switches: at start, on NOTIFY, and every `everyMs`. */
export async function watchServiceSwitches(
  db: Database,
  catalog: Catalog,
  opts: { everyMs: number; logger: Logger },
): Promise<SwitchWatcher> {
  let running: Promise<void> | null = null;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        catalog.setSwitchedOff(await readSwitchedOff(db));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  await refresh();
  const unlisten = await db.listen(db.channel(SWITCHES_CHANNEL), () => {
    void refresh().catch((err: unknown) => opts.logger.warn({ err }, 'cannot read the service switches'));
  });
  const timer = setInterval(() => {
    void refresh().catch((err: unknown) => opts.logger.warn({ err }, 'cannot read the service switches'));
  }, opts.everyMs);
  timer.unref();
  return {
    refresh,
    async close() {
      clearInterval(timer);
      await unlisten();
      await running?.catch(() => {});
    },
  };
}
