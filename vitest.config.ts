import { defineConfig } from 'vitest/config';

// One config for the whole workspace. Tests run against real dependencies (PGlite, or PostgreSQL when
// DATABASE_URL is set; anvil; real sockets), so timeouts are generous and files run in separate processes.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'examples/**/*.test.ts'],
    globalSetup: ['./vitest.globalSetup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
