// Rows of the payment tables and the API objects made from them. Amounts leave here as decimal strings with
// their `_units` twins; addresses as EIP-55 checksummed strings.
import { checksumAddress } from '@tender/evm';
import { formatAmount, unitsFromDb } from '../money/amount.ts';
import type { PaymentStatus } from './status.ts';
import type { PaymentIntent } from './intentSchema.ts';
import type { Environment } from '../tenant.ts';

export interface IntentRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  status: PaymentStatus;
  amount_units: string;
  currency: 'USDC' | 'EURC';
  decimals: number;
  order_reference: string | null;
  description: string | null;
  checkout_methods: string[];
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  opened: boolean;
  /** The payment link this intent was made from (one intent per customer visit), or null. */
  payment_link_id: string | null;
  /** The invoice this intent pays, or null. */
  invoice_id: string | null;
  expires_at: Date;
  received_units: string;
  final_units: string;
  excess_units: string;
  settled_units: string;
  /** Final on-time funds covered the amount (beneath any refund state; payments/status.ts). */
  confirmed: boolean;
  /** An accepted underpayment: the amount it was accepted for (payments/acceptUnderpayment.ts), or null. */
  accepted_units: string | null;
  status_changed_at: Date;
  created_at: Date;
}

export const INTENT_COLUMNS = `i.id, i.merchant_id, i.environment, i.status, i.amount_units, i.currency, i.decimals,
  i.order_reference, i.description, i.checkout_methods, i.customer_email, i.success_url, i.cancel_url, i.metadata,
  i.opened, i.payment_link_id, i.invoice_id, i.expires_at, i.received_units, i.final_units, i.excess_units, i.settled_units, i.confirmed,
  i.accepted_units::text as accepted_units, i.status_changed_at,
  i.created_at`;

export interface DepositRow {
  payment_id: string;
  network: string;
  address: string;
  token: string;
  vault: string;
  factory: string;
  salt: string;
}

export const DEPOSIT_COLUMNS = 'd.payment_id, d.network, d.address, d.token, d.vault, d.factory, d.salt';

/** What the view needs to know about a network beyond the row (from the registry). */
export interface NetworkFacts {
  chainId: number;
  confirmations: number;
  available: boolean;
}

/** EIP-55 spelling of an address. Tokens, factories and vaults repeat across intents: memoised (bounded). */
const checksums = new Map<string, string>();
export function checksum(address: string): string {
  let c = checksums.get(address);
  if (c === undefined) {
    c = checksumAddress(address as `0x${string}`);
    if (checksums.size >= 10_000) checksums.clear();
    checksums.set(address, c);
  }
  return c;
}

export function money(units: string | bigint, decimals: number): string {
  return formatAmount(typeof units === 'bigint' ? units : unitsFromDb(units), decimals);
}

/** The payment intent object of the API (POST/GET /v1/payment-intents, data.object of payment events). */
export function intentView(
  row: IntentRow,
  deposits: readonly DepositRow[],
  opts: { publicUrl: string; network: (id: string) => NetworkFacts | undefined },
): PaymentIntent {
  const d = row.decimals;
  const wallet = row.checkout_methods.includes('WALLET');
  return {
    id: row.id,
    object: 'payment_intent',
    status: row.status,
    amount: money(row.amount_units, d),
    amount_units: row.amount_units,
    currency: row.currency,
    order_reference: row.order_reference,
    description: row.description,
    checkout_url: `${opts.publicUrl}/checkout/${row.id}`,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    checkout_methods: row.checkout_methods,
    customer_email: row.customer_email,
    metadata: row.metadata,
    payment_link_id: row.payment_link_id,
    invoice_id: row.invoice_id,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    livemode: row.environment === 'live',
    amount_received: money(row.received_units, d),
    amount_received_units: row.received_units,
    amount_confirmed: money(row.final_units, d),
    amount_confirmed_units: row.final_units,
    overpaid_amount: money(row.excess_units, d),
    overpaid_amount_units: row.excess_units,
    amount_settled: money(row.settled_units, d),
    amount_settled_units: row.settled_units,
    amount_accepted: row.accepted_units === null ? null : money(row.accepted_units, d),
    amount_accepted_units: row.accepted_units,
    networks: deposits.map((dep) => {
      const n = opts.network(dep.network);
      return {
        network: dep.network,
        chain_id: n?.chainId ?? null,
        // The spec's field name; it holds the official token of the intent's currency (USDC or EURC).
        usdc_address: checksum(dep.token),
        token_address: checksum(dep.token),
        token_symbol: row.currency,
        deposit_address: checksumAddress(dep.address as `0x${string}`),
        wallet_checkout_supported: wallet && (n?.available ?? false),
        confirmations_required: n?.confirmations ?? null,
        // Everything a merchant needs to recompute the address: CREATE2(factory, salt, keccak256(initCode(vault))).
        factory_address: checksum(dep.factory),
        vault_address: checksum(dep.vault),
        salt: dep.salt,
      };
    }),
  };
}
