// The operator console's client of /admin/api (gateway, operator/adminRoutes.ts). Types mirror the gateway's
// operator views (merchantsAdmin.ts, networksAdmin.ts, relayersAdmin.ts, resolveIncident.ts). The operator's HTTP
// Basic credentials live in sessionStorage (they end with the tab) and go only to /admin/api. Requests never let
// the browser add or ask for credentials itself (credentials: 'omit': no native sign-in dialog on a 401).
import { ApiError } from '../shared/api.ts';

const STORE_KEY = 'tender.operator';

export const operatorCredentials = {
  get: (): string | null => sessionStorage.getItem(STORE_KEY),
  set(username: string, password: string): void {
    const bytes = new TextEncoder().encode(`${username}:${password}`);
    sessionStorage.setItem(STORE_KEY, btoa(String.fromCharCode(...bytes)));
  },
  clear: (): void => sessionStorage.removeItem(STORE_KEY),
};

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const basic = operatorCredentials.get();
  let res: Response;
  try {
    res = await fetch(`/admin/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(basic ? { authorization: `Basic ${basic}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server; check your connection');
  }
  const json = (await res.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
  if (!res.ok) {
    if (res.status === 401) operatorCredentials.clear();
    throw new ApiError(res.status, json?.error?.code ?? 'HTTP_ERROR', json?.error?.message ?? `HTTP ${res.status}`);
  }
  return json as T;
}

export interface Merchant {
  id: string;
  businessName: string;
  ownerEmail: string | null;
  isDev: boolean;
  createdAt: string;
  status: 'active' | 'suspended';
  suspendedAt: string | null;
  suspendedReason: string | null;
  users: number;
  liveApiKeys: number;
  payments: number;
}

export interface MerchantDetail extends Merchant {
  paymentsByStatus: { environment: string; status: string; count: number }[];
  members: { id: string; email: string | null; role: string; createdAt: string }[];
}

export interface Incident {
  id: string;
  network: string;
  kind: string;
  agreedBlock: string;
  recordedBlock: string;
  headBlock: string;
  transfers: number;
  finalTransfers: number;
  settlements: number;
  payments: number;
  detectedAt: string;
  resolvedAt: string | null;
  resolution: string | null;
  resolvedBy: string | null;
}

export interface NetworkState {
  network: string;
  name: string;
  chainId: number;
  environment: string;
  confirmations: number;
  state: 'operational' | 'incident' | 'unavailable';
  unavailableReason: string | null;
  watcher: { cursorBlock: string | null; leaseOwner: string | null; secondsSinceUpdate: number } | null;
  head: string | null;
  headError: string | null;
  lagBlocks: number | null;
  incident: Incident | null;
}

export interface IncidentFacts {
  incident: Incident;
  nodeError: string | null;
  transfers: {
    paymentId: string;
    merchantId: string;
    blockNumber: string;
    recordedBlockHash: string;
    chainBlockHash: string | null;
    txHash: string;
    amountUnits: string;
    /** In the token's decimals; null for a token whose decimals are unknown. */
    amount: string | null;
    tokenSymbol: string | null;
    final: boolean;
  }[];
  sweeps: { settlementId: string; paymentId: string; minedBlock: string; txHash: string | null }[];
}

export interface ResolvedIncident {
  network: string;
  resolution: 'applied_chain' | 'kept_database';
  agreedBlock: string | null;
  transfersRolledBack: number;
  settlementsVoided: number;
  paymentsRederived: number;
  statusChanges: number;
}

export interface Relayer {
  network: string;
  address: string;
  chain: {
    balance: string;
    balanceWei: string;
    sweepsAffordable: number;
    lowOnGas: boolean;
    nonceLatest: number;
    noncePending: number;
  } | null;
  chainError: string | null;
  storedNextNonce: string | null;
  pendingTransactions: {
    settlementId: string;
    paymentId: string;
    nonce: string | null;
    txHash: string | null;
    submittedAt: string | null;
  }[];
}

export interface QueueStat {
  queue: string;
  depth: number;
  scheduled: number;
  running: number;
  dead: number;
  oldestDueAgeSeconds: number;
}

export interface DeadJob {
  id: string;
  queue: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string;
}

export interface AgentsView {
  available: boolean;
  adminApiUrl: string | null;
  tenants: {
    tenantId: string;
    walletAddress: string;
    status: string;
    suspendedReason: string | null;
    createdAt: string;
  }[];
  services: { serviceId: string; available: boolean; unavailableReason: string | null; turnedOffByOperator: boolean }[];
}

export interface AuditEntry {
  id: string;
  at: string;
  operator: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  remoteIp: string | null;
}

const seg = encodeURIComponent;

export const consoleApi = {
  merchants: (q: string) => call<{ merchants: Merchant[] }>('GET', `/merchants?q=${seg(q)}`),
  merchant: (id: string) => call<{ merchant: MerchantDetail }>('GET', `/merchants/${seg(id)}`),
  suspend: (id: string, reason: string) =>
    call<{ merchant: MerchantDetail; changed: boolean }>('POST', `/merchants/${seg(id)}/suspend`, { reason }),
  resume: (id: string) => call<{ merchant: MerchantDetail; changed: boolean }>('POST', `/merchants/${seg(id)}/resume`),
  networks: () => call<{ networks: NetworkState[]; recentlyResolved: Incident[] }>('GET', '/networks'),
  incident: (network: string) => call<IncidentFacts>('GET', `/networks/${seg(network)}/incident`),
  resolve: (network: string, resolution: 'apply_chain' | 'keep_database') =>
    call<{ resolved: ResolvedIncident }>('POST', `/networks/${seg(network)}/incident/resolve`, { resolution }),
  relayers: () => call<{ relayers: Relayer[] }>('GET', '/relayers'),
  queues: () => call<{ queues: QueueStat[]; deadJobs: DeadJob[] }>('GET', '/queues'),
  retryJob: (id: string) => call<{ job: { id: string; state: string } }>('POST', `/jobs/${seg(id)}/retry`),
  agents: () => call<AgentsView>('GET', '/agents'),
  audit: () => call<{ audit: AuditEntry[] }>('GET', '/audit?limit=50'),
};
