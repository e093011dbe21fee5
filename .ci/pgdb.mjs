// Creates or drops a database on the local PostgreSQL for one CI run: node .ci/pgdb.mjs create|drop <adminUrl> <name>
import postgres from 'postgres';

const [action, adminUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !adminUrl || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: node .ci/pgdb.mjs create|drop <adminUrl> <name>');
  process.exit(2);
}
const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  if (action === 'create') await sql.unsafe(`create database ${name}`);
  else await sql.unsafe(`drop database if exists ${name} with (force)`);
  console.log(`${action}d database ${name}`);
} finally {
  await sql.end();
}
