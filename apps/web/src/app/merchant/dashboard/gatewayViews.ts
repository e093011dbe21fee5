// Views whose OpenAPI response schema is still open (`{ [key: string]: unknown }`), typed here as the gateway builds
// them: payment detail (apps/gateway/src/payments/queries.ts getPaymentDetail), overview and settlement policy
// (ledger/ledger.ts), settlement settings (settings/settlementSettings.ts), networks (networks/networkRoutes.ts).
// Once those routes declare their response schemas, these become ResponseOf<…> like the rest.
import type { Payment, PaymentStatus, RefundRequest } from './dashboardApi.ts';

export interface TimelineEntry {
  status: PaymentStatus;
  previous_status: PaymentStatus | null;
  reason: string;
  data: Record<string, unknown>;
  created_at: string;
}

export interface Transfer {
  id: string;
  type: 'payment' | 'settlement' | 'refund';
  refund_request_id: string | null;
  network: string;
  token_address: string;
  token_symbol: string | null;
  official: boolean;
  from: string;
  to: string;
  amount: string | null;
  amount_units: string;
  tx_hash: string;
  block_number: number;
  confirmations: number;
  final: boolean;
  removed: boolean;
}

export interface Settlement {
  id: string;
  network: string;
  token_address: string;
  token_symbol: string | null;
  amount_units: string | null;
  purpose: string;
  attempt: number;
  state: string;
  from: string;
  vault: string;
  relayer: string | null;
  tx_hash: string | null;
  block_number: number | null;
  amount: string | null;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface SweepAttempt {
  settlement_id: string;
  tx_hash: string;
  nonce: number;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: string;
}

export type PaymentDetail = Payment & {
  timeline: TimelineEntry[];
  transfers: Transfer[];
  settlements: Settlement[];
  attempts: SweepAttempt[];
  refunds: RefundRequest[];
  amount_refunded: string;
  amount_refunded_units: string;
};

interface Money {
  label: string;
  amount: string;
  amount_units: string;
  transfers: number;
}

export interface Overview {
  currency: 'USDC' | 'EURC';
  days: number;
  from: string;
  to: string;
  received: Money;
  settled: Money;
  refunded: Money;
  payments: { created: number; by_status: Partial<Record<PaymentStatus, { count: number; amount: string }>> };
  series: { date: string; received: string; received_units: string; settled: string; settled_units: string }[];
}

export interface VaultOnChain {
  error?: string;
  block_number?: number;
  read_at?: string;
  kind?: 'contract' | 'externally_owned_account';
  native_balance_units?: string;
  balances?: { symbol: string; token_address: string; amount: string }[];
}

export interface SettlementPolicy {
  accounting_policy: Record<string, string>;
  networks: {
    network: string;
    chain_id: number;
    available: boolean;
    confirmations: number;
    deposit_factory: string | null;
    relayer: string | null;
    vault: { address: string; on_chain: VaultOnChain | null } | null;
  }[];
}

export interface SettlementSettings {
  default_expires_in_seconds: number;
  default_networks: string[] | null;
  /** Origins that may embed the hosted checkout; empty: none. */
  checkout_allowed_origins: string[];
  vaults: {
    network: string;
    address: string;
    smart_contract_wallet: boolean;
    /** The address signed the vault proof; false for a vault set before proofs existed. */
    verified: boolean;
    verified_at: string | null;
    updated_at: string;
  }[];
}

export interface NetworkInfo {
  id: string;
  name: string;
  chain_id: number;
  available: boolean;
  unavailable_reason: string | null;
  payable: boolean;
  vault: { status: 'configured' | 'missing'; address: string | null };
}
