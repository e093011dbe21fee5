import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsMigrations } from '../../../../apps/agents/src/migrations.ts';
import { gatewayMigrations } from '../../../../apps/gateway/src/migrations.ts';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from '../db/database.ts';
import type { Migration } from '../db/migrate.ts';
import { auditOperatorAction, readOperatorAudit, type OperatorAuditTable } from './operatorAudit.ts';

/** Each service's audit table and the migration that made its details objects (and keeps them so). */
const TABLES: [OperatorAuditTable, () => Promise<Migration[]>][] = [
  ['gateway_operator_audit', gatewayMigrations],
  ['agent_operator_audit', agentsMigrations],
];

describe(`operator audit (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase([]);
  });
  afterAll(() => db.close());

  it.each(TABLES)(
    '%s: details are a JSON object; the migration rewrites the rows stored as a JSON string before',
    async (table, migrations) => {
      const migration = (await migrations()).find((m) => m.id.endsWith('_operator_audit_details_objects.sql'))!;
      expect(migration).toBeDefined();
      // The table as it was before that migration (gateway 0820_operator_console.sql, agents 0300_owner_operator.sql):
      // created here on PostgreSQL's empty schema; PGlite's template database is migrated already, so its check goes.
      await db.exec(`create table if not exists ${table} (
        id bigint generated always as identity primary key, at timestamptz not null default now(),
        operator text not null, action text not null, target text, details jsonb not null default '{}'::jsonb,
        remote_ip text);
        alter table ${table} drop constraint if exists ${table}_details_object`);

      const at = { operator: 'operator', target: 'mer_1', ip: '127.0.0.1' };
      await auditOperatorAction(db, table, { ...at, action: 'merchant.suspend', details: { n: 1 } });
      await auditOperatorAction(db, table, { ...at, action: 'merchant.view' });
      expect(await db.query(`select jsonb_typeof(details) as t from ${table} order by id`)).toEqual([
        { t: 'object' },
        { t: 'object' },
      ]);
      // As PostgreSQL stored them when the text was sent as a jsonb parameter; and a string that is no JSON object.
      const oldRow = `insert into ${table} (operator, action, target, details, remote_ip)
                      values ('operator', $1, null, to_jsonb($2::text), null)`;
      await db.query(oldRow, ['merchant.search', JSON.stringify({ q: 'tea' })]);
      await db.query(oldRow, ['merchant.note', 'not json']);
      await db.query(oldRow, ['merchant.list', '[1]']);

      await db.exec(migration.sql);

      expect(await db.query(`select jsonb_typeof(details) as t from ${table} order by id`)).toEqual(
        Array.from({ length: 5 }, () => ({ t: 'object' })),
      );
      const read = await readOperatorAudit(db, table, 10);
      expect(read.map((e) => [e.action, e.details])).toEqual([
        ['merchant.list', { text: '[1]' }],
        ['merchant.note', { text: 'not json' }],
        ['merchant.search', { q: 'tea' }],
        ['merchant.view', {}],
        ['merchant.suspend', { n: 1 }],
      ]);
      // From now on a string cannot be stored there.
      await expect(db.query(oldRow, ['merchant.search', '{}'])).rejects.toThrow(/details_object/);
    },
  );
});
