import { ConfigError, createLogger, migrate, openDatabase } from '@tender/platform';
import { join, resolve } from 'node:path';
import { allMigrations } from './allMigrations.ts';
import { CLIENT_COMMANDS, CLIENT_USAGE, runClientCommand } from './commands/clientCommands.ts';
import { CONTRACTS_USAGE, runContractsCommand } from './commands/contracts.ts';
import { doctorCommand } from './doctor/runDoctor.ts';
import { loadTenderConfig } from './cliConfig.ts';
import { printStartBanner } from './printStartBanner.ts';
import { startTender } from './startTender.ts';
import { resetDevnet } from './resetDevnet.ts';
import { parseRoles, RoleError } from './roles.ts';
import { runDevnet } from './runDevnet.ts';
import { StartRefusedError } from './startRefusedError.ts';

const USAGE = `Usage: tender <command>

Commands:
  start     Run Tender: devnet (dev profile), gateway, agent services and workers in one process
            --role api|workers|realtime   run only these parts (repeat or comma-separate; default all):
                                          api = HTTP APIs and pages, workers = jobs, chain watchers, webhooks
                                          and the devnet, realtime = the agents' WebSocket gateway
  migrate   Apply database migrations and exit
  devnet    Run only the local devnet (anvil with contracts and test tokens) until stopped
  devnet reset [--yes]  Delete the local chain and the embedded database together (a fresh start)
  doctor [--json]  Check a deployment before it takes money: RPC chain ids, contracts, relayer gas, SMTP, the
            identity provider, Twilio, the database and its migrations, the secret keys; exit 1 on any fail
  help      Show this help

${CONTRACTS_USAGE}
${CLIENT_USAGE}`;

async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'help';
  if (command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if ((CLIENT_COMMANDS as readonly string[]).includes(command)) {
    process.exitCode = await runClientCommand(command, argv.slice(1));
    return;
  }
  if (command === 'contracts') {
    process.exitCode = await runContractsCommand(argv.slice(1));
    return;
  }
  if (command === 'doctor') {
    // Reads the configuration itself: a configuration problem is a failed check, not a crash.
    process.exitCode = await doctorCommand(argv.slice(1));
    return;
  }
  const config = loadTenderConfig();
  switch (command) {
    case 'start': {
      const started = Date.now();
      const { roles, rest } = parseRoles(argv.slice(1));
      if (rest.length) throw new RoleError(`unknown argument to start: ${rest.join(' ')}`);
      const tender = await startTender(config, { roles });
      tender.shutdown.installSignalHandlers();
      void tender.fatal.then(() => tender.shutdown.exit(1));
      printStartBanner(tender.devJson, tender.summary, resolve(config.home), Date.now() - started);
      return;
    }
    case 'migrate': {
      const logger = createLogger({ level: config.logLevel });
      const db = await openDatabase({
        url: config.databaseUrl,
        dataDir: config.databaseUrl ? undefined : join(resolve(config.home), 'pglite'),
      });
      const applied = await migrate(db, await allMigrations());
      logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date');
      await db.close();
      return;
    }
    case 'devnet':
      if (argv[1] === 'reset') {
        process.exitCode = resetDevnet(config, { yes: argv.includes('--yes') });
        return;
      }
      await runDevnet(config);
      return;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
  } else if (err instanceof StartRefusedError || err instanceof RoleError) {
    process.stderr.write(`tender: ${err.message}\n`);
  } else {
    process.stderr.write(`tender: ${(err as Error)?.stack ?? String(err)}\n`);
  }
  process.exit(1);
});
