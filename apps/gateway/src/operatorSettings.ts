// What the gateway's console shows of the agent services when both run in one process (`tender start`): the
// composition root hands the gateway a reader of the agents' tenants and service switches. The gateway imports
// nothing of the agents; this leaf module is the whole contract.

export interface AgentsConsoleTenant {
  tenantId: string;
  walletAddress: string;
  status: string;
  suspendedReason: string | null;
  createdAt: string;
}

export interface AgentsConsoleService {
  serviceId: string;
  available: boolean;
  unavailableReason: string | null;
  turnedOffByOperator: boolean;
}

export interface AgentsConsole {
  /** The agents' own admin API (suspend a tenant, turn a service off), with the same operator credentials. */
  adminApiUrl: string;
  read(limit: number): Promise<{ tenants: AgentsConsoleTenant[]; services: AgentsConsoleService[] }>;
}

/** The console's settings: the operator's credentials, and the agents' part when they run in this process. */
export interface OperatorConsoleSettings {
  username: string;
  /** Null: the console and its API answer 503 (OPERATOR_PASSWORD is not set). */
  password: string | null;
  /**
   * Null when the agent services do not run in this process. Set once by the composition root after the agents
   * start (they are built after the gateway), before any request can need it.
   */
  agents: AgentsConsole | null;
}
