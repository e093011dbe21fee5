// `tender doctor [--json]`: checks a deployment before it takes money, one line per check (ok / warn / fail with
// the fix); exit 1 on any fail. `startChecks` is the fatal subset `tender start` runs in production.
import { ConfigError } from '@tender/platform';
import { loadTenderConfig, type TenderConfig } from '../cliConfig.ts';
import { chainChecks } from './chainChecks.ts';
import { fail, type CheckResult } from './doctorCheck.ts';
import { databaseChecks, publicUrlChecks } from './platformChecks.ts';
import { serviceChecks, type ServiceCheckOptions } from './serviceChecks.ts';

export async function runDoctor(config: TenderConfig, opts: ServiceCheckOptions = {}): Promise<CheckResult[]> {
  const [database, chains, services] = await Promise.all([
    databaseChecks(config),
    chainChecks(config),
    serviceChecks(config, opts),
  ]);
  return [...publicUrlChecks(config), ...database, ...chains, ...services];
}

/** The fatal chain checks (the database, its canary and the URLs are checked by the start itself). */
export async function startChecks(config: TenderConfig): Promise<CheckResult[]> {
  return (await chainChecks(config)).filter((c) => c.fatal && c.status === 'fail');
}

export function formatCheck(c: CheckResult): string {
  const line = `${c.status.padEnd(5)} ${c.check.padEnd(22)} ${c.message}`;
  return c.fix && c.status !== 'ok' ? `${line}\n${' '.repeat(29)}fix: ${c.fix}` : line;
}

export async function doctorCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  const json = argv.includes('--json');
  const unknown = argv.filter((a) => a !== '--json');
  if (unknown.length) {
    process.stderr.write(`tender doctor: unknown argument ${unknown.join(' ')} (usage: tender doctor [--json])\n`);
    return 2;
  }
  let checks: CheckResult[];
  try {
    checks = await runDoctor(loadTenderConfig(env));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    checks = err.problems.map((p) => fail('config', p, 'set it as the README configuration table says', true));
  }
  const failed = checks.some((c) => c.status === 'fail');
  if (json) write(`${JSON.stringify({ ok: !failed, checks })}\n`);
  else {
    write(`${checks.map(formatCheck).join('\n')}\n`);
    const count = (s: string) => checks.filter((c) => c.status === s).length;
    write(`\n${count('ok')} ok, ${count('warn')} warn, ${count('fail')} fail\n`);
  }
  return failed ? 1 : 0;
}
