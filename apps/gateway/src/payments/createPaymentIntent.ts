// POST /v1/payment-intents as an operation: validate against the merchant's settings and the network registry,
// compute one counterfactual deposit address per network (no chain call), and write the intent, its deposit
// addresses, its first timeline entry and its expiry job in ONE statement (atomic without an explicit
// transaction, one round trip: this is the hot path of the intents benchmark). The statement is a call of a
// server-side function (migrations/0402, 0404), whose plans PostgreSQL caches per connection; concurrent requests
// are grouped into one statement and one commit (intentBatcher.ts).
//
// Deposit address (documented for merchants, see README):
//   salt    = keccak256(utf8(payment id))
//   address = CREATE2(factory, salt, keccak256(DepositForwarder.creationCode ++ abi.encode(vault)))
// Anyone can recompute it from the `factory_address`, `salt` and `vault_address` in the intent's network entry,
// or call DepositFactory.addressOf(salt, vault) on chain. Funds sent there can only ever reach that vault.
import { depositSalt, type StablecoinSymbol } from '@tender/evm';
import { newId, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { parseAmount } from '../money/amount.ts';
import { officialTokenOf, type GatewayNetwork } from '../networks/registry.ts';
import type { IntentSettings } from './intentSettings.ts';
import { assertNetworksServed } from './assertNetworksServed.ts';
import { depositAddressFor } from './depositAddress.ts';
import { writeOne, type IntentRecord } from './intentBatcher.ts';
import type { DepositRow, IntentRow } from './model.ts';
import type { Tenant } from '../tenant.ts';

export interface CreateIntentInput {
  amount: string;
  currency?: StablecoinSymbol;
  order_reference?: string;
  description?: string;
  networks?: string[];
  checkout_methods?: ('WALLET' | 'ADDRESS')[];
  expires_in_seconds?: number;
  customer_email?: string;
  success_url?: string;
  cancel_url?: string;
  metadata?: Record<string, string>;
}

const invalid = (path: string, message: string) =>
  new GatewayError('VALIDATION_FAILED', 'Request validation failed', { details: [{ path, message }] });

/** Where an intent comes from when it is not a plain API intent (payment links, invoices). */
export interface IntentOrigin {
  /** False: the intent is CREATED (not open for payment); its expiry clock starts when it is opened. */
  opened?: boolean;
  paymentLinkId?: string;
  invoiceId?: string;
  /** An expiry chosen by the caller (an invoice's due date), beyond the API's input range. */
  expiresAt?: Date;
  /**
   * Called when the database refused to write the intent, before settings are reloaded: throws when the refusal
   * is the origin's (a link deactivated meanwhile), so it is answered as such rather than retried.
   */
  onRefused?: (sql: Sql) => Promise<void>;
}

export interface CreatedIntent {
  id: string;
  /** The stored rows, as a read would return them (the response is built without reading back). */
  row: IntentRow;
  deposits: DepositRow[];
}

export async function createPaymentIntent(
  ctx: GatewayContext,
  t: Tenant,
  input: CreateIntentInput,
  sql: Sql = ctx.db,
  origin: IntentOrigin = {},
): Promise<CreatedIntent> {
  const registry = ctx.networkRegistry;
  const currency = input.currency ?? 'USDC';
  const decimals = 6;
  const amountUnits = parseAmount(input.amount, decimals);
  if (amountUnits <= 0n) throw invalid('amount', 'must be greater than 0');
  if (input.networks && new Set(input.networks).size !== input.networks.length) {
    throw invalid('networks', 'must not name a network twice');
  }
  const methods = [...new Set(input.checkout_methods ?? ['WALLET', 'ADDRESS'])];

  for (let attempt = 0; attempt < 3; attempt++) {
    // Cached per process (ctx.settings), never trusted blindly: the insert re-checks every vault and the default
    // expiry in the database and inserts nothing when they changed; then they are reloaded and tried again.
    const settings = await ctx.settings.intentSettings(sql, t, attempt > 0);
    const envNetworks = registry.forEnvironment(t.environment);
    const requested =
      input.networks ??
      settings.defaultNetworks ??
      envNetworks.filter((n) => n.available && settings.vaults.has(n.id)).map((n) => n.id);
    if (requested.length === 0) {
      throw new GatewayError(
        'VAULT_NOT_CONFIGURED',
        `No ${t.environment} network has a vault yet: set one with PUT /v1/vaults/{network} before creating intents`,
      );
    }
    // Every unserved network at once (named, or defaults set before the operator stopped serving one).
    assertNetworksServed(ctx, t, requested, (i) => (input.networks ? `networks[${i}]` : 'networks'));
    const id = newId('pi');
    const salt = depositSalt(id);
    const deposits = requested.map((network, i) => {
      const path = input.networks ? `networks[${i}]` : 'networks';
      const { n, token, vault } = checkIntentNetwork(ctx, t, settings, network, currency, path);
      const address = depositAddressFor(n.factory!, vault as `0x${string}`, salt);
      return {
        network,
        address,
        token: token.address.toLowerCase(),
        vault,
        factory: n.factory!.toLowerCase(),
      };
    });

    const usesDefaultExpiry = input.expires_in_seconds === undefined && origin.expiresAt === undefined;
    const expiresIn = input.expires_in_seconds ?? settings.defaultExpiresInSeconds;
    const now = ctx.now();
    const expiresAt = origin.expiresAt ?? new Date(now.getTime() + expiresIn * 1000);
    const opened = origin.opened ?? true;
    const record: IntentRecord = {
      id,
      merchant_id: t.merchantId,
      environment: t.environment,
      amount: amountUnits.toString(),
      currency,
      decimals,
      order_reference: input.order_reference ?? null,
      description: input.description ?? null,
      methods,
      email: input.customer_email ?? null,
      success_url: input.success_url ?? null,
      cancel_url: input.cancel_url ?? null,
      metadata: input.metadata ?? {},
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
      default_expiry: usesDefaultExpiry ? settings.defaultExpiresInSeconds : null,
      salt,
      deposits,
      ...(opened ? {} : { opened: false }),
      ...(origin.paymentLinkId ? { payment_link_id: origin.paymentLinkId } : {}),
      ...(origin.invoiceId ? { invoice_id: origin.invoiceId } : {}),
    };
    // Outside a transaction, concurrent creations share statements and commits (intentBatcher.ts); inside the
    // caller's transaction (Idempotency-Key) the intent is written on that transaction.
    const written = sql === ctx.db ? await ctx.intents.write(record) : await writeOne(sql, record);
    if (written) {
      const row: IntentRow = {
        id,
        merchant_id: t.merchantId,
        environment: t.environment,
        status: opened ? 'AWAITING_PAYMENT' : 'CREATED',
        amount_units: amountUnits.toString(),
        currency,
        decimals,
        order_reference: input.order_reference ?? null,
        description: input.description ?? null,
        checkout_methods: methods,
        customer_email: input.customer_email ?? null,
        success_url: input.success_url ?? null,
        cancel_url: input.cancel_url ?? null,
        metadata: input.metadata ?? {},
        opened,
        payment_link_id: origin.paymentLinkId ?? null,
        invoice_id: origin.invoiceId ?? null,
        expires_at: expiresAt,
        received_units: '0',
        final_units: '0',
        excess_units: '0',
        accepted_units: null,
        settled_units: '0',
        confirmed: false,
        status_changed_at: now,
        created_at: now,
      };
      return { id, row, deposits: deposits.map((d) => ({ payment_id: id, salt, ...d })) };
    }
    // The origin refused (e.g. the link was deactivated): onRefused throws its own error.
    await origin.onRefused?.(sql);
    // The cached settings were stale (a vault or the default expiry changed): reload and compute again.
    ctx.settings.forget(t);
  }
  throw new Error('createPaymentIntent: settings kept changing while creating the intent');
}

/**
 * Whether an intent of `t` in `currency` can use `network`: a network of the tenant's environment, available on
 * this deployment, with an official token of the currency and a vault of the merchant. Throws the API's error
 * (with `path` in its details) otherwise. Payment links check their terms with it when they are created.
 */
export function checkIntentNetwork(
  ctx: GatewayContext,
  t: Tenant,
  settings: IntentSettings,
  network: string,
  currency: StablecoinSymbol,
  path: string,
): { n: GatewayNetwork; token: { address: string }; vault: string } {
  const registry = ctx.networkRegistry;
  const n = registry.get(network);
  if (!n || n.environment !== t.environment) {
    const envNetworks = registry.forEnvironment(t.environment);
    throw new GatewayError(
      'NETWORK_NOT_SUPPORTED',
      `"${network}" is not a ${t.environment} network; ${t.environment} keys can use ${envNetworks.map((x) => x.id).join(', ')}`,
      { details: [{ path, message: `is not a ${t.environment} network` }] },
    );
  }
  if (!n.available || !n.factory) {
    throw new GatewayError(
      'NETWORK_UNAVAILABLE',
      `${network} is not served by this deployment (${n.unavailableReason ?? 'no deposit factory configured'})`,
      { details: [{ path, message: `${network} is not served by this deployment` }] },
    );
  }
  const token = officialTokenOf(n, currency);
  if (!token) {
    throw new GatewayError('CURRENCY_NOT_SUPPORTED', `The issuer publishes no official ${currency} on ${network}`, {
      details: [{ path, message: `has no official ${currency}` }],
    });
  }
  const vault = settings.vaults.get(network);
  if (!vault) {
    throw new GatewayError(
      'VAULT_NOT_CONFIGURED',
      `No ${t.environment} vault is set for ${network}: set one with PUT /v1/vaults/${network} or leave ${network} out`,
      { details: [{ path, message: 'has no vault' }] },
    );
  }
  return { n, token, vault };
}
