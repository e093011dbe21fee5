// `tender doctor`, the deployment itself: the database answers and has every migration, the secret keys open the
// secrets it holds, and the public URLs are https in production.
import { checkSecretBoxCanary, openDatabase, SecretBox, SecretBoxMismatchError, type Database } from '@tender/platform';
import { allMigrations } from '../allMigrations.ts';
import type { TenderConfig } from '../cliConfig.ts';
import { fail, ok, reason, warn, type CheckResult } from './doctorCheck.ts';

export function publicUrlChecks(config: TenderConfig): CheckResult[] {
  const urls = [
    ['GATEWAY_PUBLIC_URL', config.gatewayPublicUrl],
    ['AGENTS_PUBLIC_URL', config.agentsPublicUrl],
    ['DASHBOARD_URL', config.dashboardUrl],
  ] as const;
  return urls
    .filter(([, value]) => value)
    .map(([env, value]) =>
      value!.startsWith('https://')
        ? ok(`url ${env}`, value!, true)
        : config.profile === 'production'
          ? fail(`url ${env}`, `${value} is not https`, `serve it over TLS and set ${env}=https://…`, true)
          : warn(`url ${env}`, `${value} is not https (fine on a laptop)`, 'production needs https'),
    );
}

/** Database, migrations and the secret box canary; the database is opened and closed here. */
export async function databaseChecks(config: TenderConfig): Promise<CheckResult[]> {
  if (!config.databaseUrl) {
    return [
      warn(
        'database',
        'no DATABASE_URL: the embedded PGlite of the dev profile (one process, not checked here)',
        'production needs PostgreSQL: set DATABASE_URL',
      ),
    ];
  }
  let db: Database;
  try {
    db = await openDatabase({ url: config.databaseUrl, poolSize: 1, connectTimeoutSeconds: 10 });
    await db.query('select 1');
  } catch (err) {
    return [fail('database', `PostgreSQL does not answer: ${reason(err)}`, 'check DATABASE_URL and the server', true)];
  }
  try {
    return [ok('database', 'PostgreSQL answers', true), await migrationCheck(db), await canaryCheck(db, config)];
  } finally {
    await db.close();
  }
}

async function migrationCheck(db: Database): Promise<CheckResult> {
  const all = (await allMigrations()).map((m) => m.id);
  let applied: Set<string>;
  try {
    applied = new Set((await db.query<{ id: string }>('select id from schema_migrations')).map((r) => r.id));
  } catch {
    applied = new Set();
  }
  const pending = all.filter((id) => !applied.has(id));
  if (!pending.length) return ok('migrations', `all ${all.length} applied`);
  return warn(
    'migrations',
    `${pending.length} of ${all.length} pending (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', …' : ''})`,
    'tender migrate applies them (tender start does too)',
  );
}

async function canaryCheck(db: Database, config: TenderConfig): Promise<CheckResult> {
  if (!config.secretKeys) {
    return config.profile === 'production'
      ? fail('secret box', 'SECRET_BOX_KEYS is not set', 'set SECRET_BOX_KEYS=<keyId>:<64 hex>', true)
      : ok('secret box', 'the dev profile keeps its key under TENDER_HOME');
  }
  try {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from system_settings where key = 'secret-box.canary'`,
    );
    if (!row?.n) return ok('secret box', 'no secret sealed yet (the first start seals the canary)', true);
  } catch {
    return ok('secret box', 'no secret sealed yet (the database is not migrated)', true);
  }
  try {
    await checkSecretBoxCanary(db, new SecretBox(config.secretKeys));
    return ok('secret box', `SECRET_BOX_KEYS opens the database's canary (key ${config.secretKeys.current})`, true);
  } catch (err) {
    if (err instanceof SecretBoxMismatchError) {
      return fail('secret box', err.message, 'give every process the SECRET_BOX_KEYS that sealed this database', true);
    }
    throw err;
  }
}
