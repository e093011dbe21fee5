import type { Database, Logger } from '@tender/platform';
import type { PublicClient } from 'viem';
import type { Catalog } from './catalog/catalog.ts';
import type { MailTransport } from './email/transport.ts';
import type { ChainReader } from './facilitator/chain.ts';
import type { Facilitator } from './facilitator/facilitator.ts';
import type { EventPolicy } from './eventLog/index.ts';
import type { PhoneServices } from './phone/phoneServices.ts';
import type { RealtimeGateway, RealtimeSettings } from './realtime/gateway.ts';

/** What binds an owner's Sign-In with Ethereum message to this deployment, resolved once by the runtime. */
export interface OwnerSignInSettings {
  /** RFC 3986 authority of the dashboard (host[:port] of AGENTS_PUBLIC_URL): the message's domain. */
  domain: string;
  /** The dashboard URL the message names (its origin must be ours). */
  uri: string;
  /** EIP-155 chain id the message must name: the chain agents pay on (X402_NETWORK), 1 without payments. */
  chainId: number;
  /** Reads the chain for contract-wallet signatures (EIP-1271, EIP-6492); plain EOA signatures need no RPC. */
  client: PublicClient;
  nonceTtlMs: number;
  sessionTtlMs: number;
}

/** Keeps the catalog in step with the operator's service switches (operator/serviceSwitches.ts). */
export interface SwitchWatcher {
  /** Re-reads the switches now and applies them to the catalog. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** How agents pay: present only when network, asset, payTo, facilitator and chain are all configured and agree. */
export interface Payments {
  facilitator: Facilitator;
  chain: ChainReader;
  /**
   * Makes the chain's state durable, called after a settlement is known to be on the chain and before the database
   * records it (the devnet's persist(): a devnet killed before its own dump would otherwise forget a transfer the
   * database says was paid). Absent on a real network, where a mined transaction is the chain's to keep.
   */
  beforeRecordSettlement?: () => Promise<void>;
}

/** What agent-service operations and routes receive. No module-level singletons: everything comes from here. */
export interface AgentsContext {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: {
    publicUrl: string;
    profile: 'dev' | 'production';
    emailDomain: string;
    /** Dev profile without SMTP_RELAY_URL: the dev mail catcher's page, where mail outside the domain is kept. */
    devMailUrl?: string | undefined;
    /** Largest inbound message accepted by the SMTP server. */
    smtpMaxMessageBytes: number;
    /** Lease of a paid request while it is verified, settled and performed. */
    paidRequestLeaseMs: number;
    /** Durable event delivery: lease, retention, attempts (eventLog/). */
    events: EventPolicy;
    /** WebSocket gateway limits and timings (realtime/gateway.ts). */
    realtime: RealtimeSettings;
  };
  catalog: Catalog;
  payments: Payments | null;
  mail: MailTransport;
  /** Telephony: present only when a provider is configured (else every phone service answers 503). */
  phone: PhoneServices | null;
  /** This process's WebSocket gateway: event delivery and live voice turns (`requestVoiceTurn`). */
  realtime: RealtimeGateway;
  /** Owner dashboard sign-in: what binds a Sign-In with Ethereum message to this deployment. */
  owner: OwnerSignInSettings;
  /** Operator admin credentials; null password: the admin path is off (dev only; production requires one). */
  operator: { username: string; password: string | null };
  /** Keeps the catalog in step with the operator's service switches (every process). */
  switches: SwitchWatcher;
}
