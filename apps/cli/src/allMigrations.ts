import { agentsMigrations } from '@tender/agents';
import { gatewayMigrations } from '@tender/gateway';
import { platformMigrations, type Migration } from '@tender/platform';

/** Every migration of Tender, in the order they must run: platform first, then each app. */
export async function allMigrations(): Promise<Migration[]> {
  return [...(await platformMigrations()), ...(await gatewayMigrations()), ...(await agentsMigrations())];
}
