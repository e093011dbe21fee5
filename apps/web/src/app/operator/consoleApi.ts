// The operator console's client of /admin/api (gateway, operator/adminRoutes.ts): openapi-fetch over the types
// generated from the console routes' document (operatorApiTypes.ts, from apps/gateway/src/operator/
// adminApiDocument.ts), so every path, body and answer is checked at compile time; every failure is an ApiError with
// the API's own code and message. The operator's HTTP Basic credentials live in sessionStorage (they end with the
// tab) and go only to /admin/api. Requests never let the browser add or ask for credentials itself (credentials:
// 'omit': no native sign-in dialog on a 401).
import createClient from 'openapi-fetch';
import { ok } from '../shared/api.ts';
import { storedCredentialAuth } from '../shared/storedCredential.ts';
import type { paths } from './operatorApiTypes.ts';

/** The answer of a successful call of operation `M` on console path `P`. */
type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer A } } };
}
  ? A
  : never;

export type Merchant = Answer<'/admin/api/merchants', 'get'>['merchants'][number];
export type MerchantDetail = Answer<'/admin/api/merchants/{id}', 'get'>['merchant'];
export type NetworkState = Answer<'/admin/api/networks', 'get'>['networks'][number];
export type Incident = Answer<'/admin/api/networks', 'get'>['recentlyResolved'][number];
export type IncidentFacts = Answer<'/admin/api/networks/{network}/incident', 'get'>;
export type ResolvedIncident = Answer<'/admin/api/networks/{network}/incident/resolve', 'post'>['resolved'];
export type Relayer = Answer<'/admin/api/relayers', 'get'>['relayers'][number];
export type QueueStat = Answer<'/admin/api/queues', 'get'>['queues'][number];
export type DeadJob = Answer<'/admin/api/queues', 'get'>['deadJobs'][number];
export type AgentsView = Answer<'/admin/api/agents', 'get'>;
export type AuditEntry = Answer<'/admin/api/audit', 'get'>['audit'][number];

const STORE_KEY = 'tender.operator';

export const operatorCredentials = {
  get: (): string | null => sessionStorage.getItem(STORE_KEY),
  set(username: string, password: string): void {
    const bytes = new TextEncoder().encode(`${username}:${password}`);
    sessionStorage.setItem(STORE_KEY, btoa(String.fromCharCode(...bytes)));
  },
  clear: (): void => sessionStorage.removeItem(STORE_KEY),
};

const operator = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? '' : location.origin,
  headers: { accept: 'application/json' },
  credentials: 'omit',
  cache: 'no-store',
});
operator.use(storedCredentialAuth(operatorCredentials, 'Basic'));

const byId = (id: string) => ({ params: { path: { id } } });
const byNetwork = (network: string) => ({ params: { path: { network } } });

export const consoleApi = {
  merchants: (q: string) => ok(operator.GET('/admin/api/merchants', { params: { query: { q } } })),
  merchant: (id: string) => ok(operator.GET('/admin/api/merchants/{id}', byId(id))),
  suspend: (id: string, reason: string) =>
    ok(operator.POST('/admin/api/merchants/{id}/suspend', { ...byId(id), body: { reason } })),
  resume: (id: string) => ok(operator.POST('/admin/api/merchants/{id}/resume', byId(id))),
  networks: () => ok(operator.GET('/admin/api/networks')),
  incident: (network: string) => ok(operator.GET('/admin/api/networks/{network}/incident', byNetwork(network))),
  resolve: (network: string, resolution: 'apply_chain' | 'keep_database') =>
    ok(
      operator.POST('/admin/api/networks/{network}/incident/resolve', { ...byNetwork(network), body: { resolution } }),
    ),
  relayers: () => ok(operator.GET('/admin/api/relayers')),
  queues: () => ok(operator.GET('/admin/api/queues')),
  retryJob: (id: string) => ok(operator.POST('/admin/api/jobs/{id}/retry', byId(id))),
  agents: () => ok(operator.GET('/admin/api/agents')),
  audit: () => ok(operator.GET('/admin/api/audit', { params: { query: { limit: 50 } } })),
};
