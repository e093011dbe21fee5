import type { Database, Logger } from '@tender/platform';

/** What agent-service operations and routes receive. */
export interface AgentsContext {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: { publicUrl: string; profile: 'dev' | 'production'; emailDomain: string };
}
