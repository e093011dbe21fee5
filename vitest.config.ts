import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * CI runs the suite twice, on PGlite and on PostgreSQL (.ci/run sets TENDER_TEST_PASS to the pass). A file whose
 * subject does not change with the database — a page in Chromium, a packed tarball, the devnet, a CLI client command
 * or an example talking HTTP to a running Tender — runs in one pass only; `npm test` with TENDER_TEST_PASS unset runs
 * every file. The newcomer's first run stays on PGlite, the embedded default it is about.
 */
const onePass: Record<'pglite' | 'postgres', string[]> = {
  pglite: ['apps/cli/src/firstRun.test.ts'],
  postgres: [
    'apps/web/src/*.test.ts',
    'packages/*/src/npmPack.test.ts',
    'packages/evm/src/devnet.test.ts',
    'apps/cli/src/commands/clientCommands.test.ts',
    'apps/cli/src/commands/phoneCall.test.ts',
    'examples/**/*.test.ts',
  ],
};
const pass = process.env.TENDER_TEST_PASS;
const otherPass = pass === 'pglite' ? onePass.postgres : pass === 'postgres' ? onePass.pglite : [];

// One config for the whole workspace. Tests run against real dependencies (PGlite, or PostgreSQL when
// DATABASE_URL is set; anvil; real sockets), so timeouts are generous and files run in worker processes.
// Most files wait on sockets, a chain or a browser more than they compute, so at least two run at once: vitest's
// default (cores − 1) would run one file at a time on a 2-core machine. Each file has its own database (an
// in-memory PGlite, or its own PostgreSQL schema) and binds only ephemeral ports.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'examples/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...otherPass],
    globalSetup: ['./vitest.globalSetup.ts'],
    pool: 'forks',
    // Files share their worker's module cache (isolate: false): importing the apps anew for every file took a third
    // of each pass (collect 510 s of 1,686 s of test time on PGlite). Every file builds its own app, database and
    // ports and closes them, and restores any environment variable it sets. A file that replaces a module (vi.mock)
    // imports its subject after vi.resetModules(), so the replacement is what the subject loads (loginTiming.test).
    poolOptions: { forks: { maxForks: Math.max(2, availableParallelism() - 1), isolate: false } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
