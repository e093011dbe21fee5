import { createLogger, FeatureRolesError, loadConfig, type Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb, TEST_DOMAIN } from './_test/agentsTestKit.ts';
import { agentsConfigSpec } from './config.ts';
import { createAgents } from './runtime.ts';

// createAgents builds what the process's roles run: the features declare their roles, never the CLI.
const TELEPHONY = {
  TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
  TWILIO_AUTH_TOKEN: 'roles-auth-token-0123456789abcdef',
  TELEPHONY_WEBHOOK_BASE_URL: 'https://agents.example',
};
const config = loadConfig(agentsConfigSpec, { EMAIL_DOMAIN: TEST_DOMAIN, ...TELEPHONY });
const deps = (db: Database, roles: string[]) => ({
  db,
  logger: createLogger({ level: 'silent' }),
  roles,
  smtp: { host: '127.0.0.1', port: 0 },
});

let db: Database;
beforeAll(async () => {
  db = await openAgentsDb();
});
afterAll(async () => {
  await db?.close();
});

describe('createAgents', () => {
  it('with telephony, refuses api without realtime in one process (the phone feature says why)', async () => {
    for (const roles of [['api'], ['realtime'], ['api', 'workers']]) {
      const err = await createAgents(config, deps(db, roles)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FeatureRolesError);
      expect((err as Error).message).toContain('the api and realtime roles run in the same process');
    }
  });

  it('runs each worker in the role its feature declares', async () => {
    const workers = await createAgents(config, deps(db, ['workers']));
    try {
      expect(workers.server).toBeUndefined();
      expect(workers.workers.names).toEqual(['phone sweep', 'owner credential prune']);
      expect(workers.smtp.port).toBeUndefined();
    } finally {
      await workers.close();
    }
    const front = await createAgents(config, deps(db, ['api', 'realtime']));
    try {
      expect(front.server).toBeDefined();
      expect(front.workers.names).toEqual(['inbound smtp', 'realtime gateway']);
      expect(front.smtp.port).toBeGreaterThan(0);
    } finally {
      await front.close();
    }
  });
});
