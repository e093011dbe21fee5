import { Type, type Static, type TSchema } from 'typebox';
import { StringEnum } from '../http/schemas.ts';

/**
 * What each route of the operator console's API answers, closed (no other field). The served /v1/openapi.json lists
 * these routes with their errors only, as it was published; the console's client is typed from the operator
 * document (adminApiDocument.ts), which carries these. The routes' handlers return AdminAnswer<…> (the compiler
 * checks each view against its schema), and adminRoutes.test.ts checks every answer against them at run time.
 */
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const Instant = Type.String({ format: 'date-time' });
const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/** A block height or a nonce as the database holds it (numeric, as text: beyond a JSON number's exact range). */
const Decimal = Type.String({ pattern: '^[0-9]+$' });

/** merchantsAdmin.ts's merchant view. */
const merchantFields = {
  id: Type.String(),
  businessName: Type.String(),
  ownerEmail: OrNull(Type.String()),
  isDev: Type.Boolean(),
  createdAt: Instant,
  status: StringEnum(['active', 'suspended']),
  suspendedAt: OrNull(Instant),
  suspendedReason: OrNull(Type.String()),
  users: Type.Integer(),
  liveApiKeys: Type.Integer(),
  payments: Type.Integer(),
};
const Merchant = closed(merchantFields);
const MerchantDetail = closed({
  ...merchantFields,
  paymentsByStatus: Type.Array(closed({ environment: Type.String(), status: Type.String(), count: Type.Integer() })),
  members: Type.Array(
    closed({ id: Type.String(), email: OrNull(Type.String()), role: Type.String(), createdAt: Instant }),
  ),
});
const MerchantChange = closed({ merchant: MerchantDetail, changed: Type.Boolean() });

/** networksAdmin.ts's incident view. */
const Incident = closed({
  id: Type.String(),
  network: Type.String(),
  kind: Type.String(),
  agreedBlock: Decimal,
  recordedBlock: Decimal,
  headBlock: Decimal,
  transfers: Type.Integer(),
  finalTransfers: Type.Integer(),
  settlements: Type.Integer(),
  payments: Type.Integer(),
  detectedAt: Instant,
  resolvedAt: OrNull(Instant),
  resolution: OrNull(Type.String()),
  resolvedBy: OrNull(Type.String()),
});

const NetworkState = closed({
  network: Type.String(),
  name: Type.String(),
  chainId: Type.Integer(),
  environment: StringEnum(['live', 'test']),
  confirmations: Type.Integer(),
  state: StringEnum(['operational', 'incident', 'unavailable']),
  unavailableReason: OrNull(Type.String()),
  watcher: OrNull(
    closed({
      cursorBlock: OrNull(Decimal),
      leaseOwner: OrNull(Type.String()),
      secondsSinceUpdate: Type.Integer(),
    }),
  ),
  head: OrNull(Decimal),
  headError: OrNull(Type.String()),
  lagBlocks: OrNull(Type.Integer()),
  incident: OrNull(Incident),
});

const IncidentFacts = closed({
  incident: Incident,
  nodeError: OrNull(Type.String()),
  transfers: Type.Array(
    closed({
      paymentId: Type.String(),
      merchantId: Type.String(),
      blockNumber: Decimal,
      recordedBlockHash: Type.String(),
      chainBlockHash: OrNull(Type.String()),
      txHash: Type.String(),
      amountUnits: Decimal,
      amount: OrNull(
        Type.String({ description: 'In the token’s decimals; null for a token whose decimals are unknown' }),
      ),
      tokenSymbol: OrNull(Type.String()),
      final: Type.Boolean(),
    }),
  ),
  sweeps: Type.Array(
    closed({
      settlementId: Type.String(),
      paymentId: Type.String(),
      minedBlock: Decimal,
      txHash: OrNull(Type.String()),
    }),
  ),
});

/** resolveIncident.ts's ResolvedIncident. */
const ResolvedIncident = closed({
  network: Type.String(),
  resolution: StringEnum(['applied_chain', 'kept_database']),
  agreedBlock: OrNull(Decimal),
  transfersRolledBack: Type.Integer(),
  settlementsVoided: Type.Integer(),
  paymentsRederived: Type.Integer(),
  statusChanges: Type.Integer(),
});

/** relayersAdmin.ts's relayer view. */
const Relayer = closed({
  network: Type.String(),
  address: Type.String(),
  chain: OrNull(
    closed({
      balance: Type.String({ description: 'In ether, decimal' }),
      balanceWei: Decimal,
      sweepsAffordable: Type.Integer(),
      lowOnGas: Type.Boolean(),
      nonceLatest: Type.Integer(),
      noncePending: Type.Integer(),
    }),
  ),
  chainError: OrNull(Type.String()),
  storedNextNonce: OrNull(Decimal),
  pendingTransactions: Type.Array(
    closed({
      settlementId: Type.String(),
      paymentId: Type.String(),
      nonce: OrNull(Decimal),
      txHash: OrNull(Type.String()),
      submittedAt: OrNull(Instant),
    }),
  ),
});

/** The platform's queueStats and listDeadJobs. */
const QueueStat = closed({
  queue: Type.String(),
  depth: Type.Integer(),
  scheduled: Type.Integer(),
  running: Type.Integer(),
  dead: Type.Integer(),
  oldestDueAgeSeconds: Type.Number({ minimum: 0 }),
});
const DeadJob = closed({
  id: Decimal,
  queue: Type.String(),
  payload: Type.Unknown({ description: 'The job’s payload as it was enqueued' }),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  lastError: OrNull(Type.String()),
  createdAt: Instant,
  finishedAt: Instant,
});

/** operatorSettings.ts's AgentsConsole, as the agents' consoleView reads it. */
const AgentsView = closed({
  available: Type.Boolean(),
  adminApiUrl: OrNull(Type.String()),
  tenants: Type.Array(
    closed({
      tenantId: Type.String(),
      walletAddress: Type.String(),
      status: Type.String(),
      suspendedReason: OrNull(Type.String()),
      createdAt: Instant,
    }),
  ),
  services: Type.Array(
    closed({
      serviceId: Type.String(),
      available: Type.Boolean(),
      unavailableReason: OrNull(Type.String()),
      turnedOffByOperator: Type.Boolean(),
    }),
  ),
});

/** The platform's OperatorAuditEntry. */
const AuditEntry = closed({
  id: Decimal,
  at: Instant,
  operator: Type.String(),
  action: Type.String(),
  target: OrNull(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  remoteIp: OrNull(Type.String()),
});

/** The answer of every route under /admin/api, by method and OpenAPI path (every route has one; the test says so). */
export const ADMIN_ANSWERS = {
  'GET /admin/api/merchants': closed({ merchants: Type.Array(Merchant) }),
  'GET /admin/api/merchants/{id}': closed({ merchant: MerchantDetail }),
  'POST /admin/api/merchants/{id}/suspend': MerchantChange,
  'POST /admin/api/merchants/{id}/resume': MerchantChange,
  'GET /admin/api/networks': closed({ networks: Type.Array(NetworkState), recentlyResolved: Type.Array(Incident) }),
  'GET /admin/api/networks/{network}/incident': IncidentFacts,
  'POST /admin/api/networks/{network}/incident/resolve': closed({ resolved: ResolvedIncident }),
  'GET /admin/api/relayers': closed({ relayers: Type.Array(Relayer) }),
  'GET /admin/api/queues': closed({ queues: Type.Array(QueueStat), deadJobs: Type.Array(DeadJob) }),
  'POST /admin/api/jobs/{id}/retry': closed({ job: closed({ id: Decimal, state: Type.Literal('queued') }) }),
  'GET /admin/api/agents': AgentsView,
  'GET /admin/api/audit': closed({ audit: Type.Array(AuditEntry) }),
} satisfies Record<string, TSchema>;

/** The answer of route `K` (method and OpenAPI path) as its handler returns it. */
export type AdminAnswer<K extends keyof typeof ADMIN_ANSWERS> = Static<(typeof ADMIN_ANSWERS)[K]>;
