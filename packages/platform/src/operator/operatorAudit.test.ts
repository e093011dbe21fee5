import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from '../db/database.ts';
import { auditOperatorAction, readOperatorAudit } from './operatorAudit.ts';

describe(`operator audit (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase([]);
    // The columns both services' audit tables have (gateway 0820_operator_console.sql, agents 0300_owner_operator.sql);
    // PGlite's template database is migrated already.
    await db.exec(`create table if not exists gateway_operator_audit (
      id bigint generated always as identity primary key, at timestamptz not null default now(),
      operator text not null, action text not null, target text, details jsonb not null default '{}'::jsonb,
      remote_ip text)`);
  });
  afterAll(() => db.close());

  it('keeps the details as a JSON object, and reads as one the rows stored as a JSON string before', async () => {
    const at = { operator: 'operator', target: 'mer_1', ip: '127.0.0.1' };
    await auditOperatorAction(db, 'gateway_operator_audit', { ...at, action: 'merchant.suspend', details: { n: 1 } });
    await auditOperatorAction(db, 'gateway_operator_audit', { ...at, action: 'merchant.view' });
    expect(await db.query(`select jsonb_typeof(details) as t from gateway_operator_audit order by id`)).toEqual([
      { t: 'object' },
      { t: 'object' },
    ]);
    // As PostgreSQL stored them when the text was sent as a jsonb parameter.
    await db.query(
      `insert into gateway_operator_audit (operator, action, target, details, remote_ip)
       values ('operator', 'merchant.search', null, to_jsonb($1::text), null)`,
      [JSON.stringify({ q: 'tea' })],
    );
    const read = await readOperatorAudit(db, 'gateway_operator_audit', 10);
    expect(read.map((e) => [e.action, e.details])).toEqual([
      ['merchant.search', { q: 'tea' }],
      ['merchant.view', {}],
      ['merchant.suspend', { n: 1 }],
    ]);
  });
});
