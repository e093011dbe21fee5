import type { Database, Logger } from '@tender/platform';

/** What gateway operations and routes receive. No module-level singletons: everything comes through here. */
export interface GatewayContext {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: { publicUrl: string; profile: 'dev' | 'production' };
  /** Networks this deployment knows, with their RPC URL when configured (unavailable otherwise). */
  networks: readonly { id: string; environment: 'live' | 'test'; rpcUrl?: string | undefined }[];
}
