// Whether a customer page can take a payment now, said on the page before the customer presses Pay (the public link
// and invoice views' `accepting_payments`) rather than only as the refusal of Pay (MERCHANT_NOT_READY). It is the
// merchant's setup and this deployment's networks, nothing else: a suspended merchant's pages answer
// MERCHANT_SUSPENDED, an inactive link says `active: false`, a paid or void invoice its status.
import type { StablecoinSymbol } from '@tender/evm';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { offeredNetworks } from './assertOfferedNetworkHasVault.ts';
import { checkIntentNetwork } from './createPaymentIntent.ts';
import type { IntentSettings } from './intentSettings.ts';
import type { Tenant } from '../tenant.ts';

/**
 * Whether an intent started now with `networks` (null: the merchant's defaults) would be created: some network is
 * offered, and every one passes the very check intent creation makes (served here, the currency's official token,
 * a vault of the merchant). Intent creation is all or nothing, so one unpayable network makes it false.
 */
export function linkAcceptsPayments(
  ctx: GatewayContext,
  t: Tenant,
  settings: IntentSettings,
  networks: readonly string[] | null,
  currency: StablecoinSymbol,
): boolean {
  const offered = offeredNetworks(ctx, t, settings, networks ?? undefined);
  if (offered.length === 0) return false;
  try {
    for (const n of offered) checkIntentNetwork(ctx, t, settings, n, currency, 'networks');
    return true;
  } catch (err) {
    if (err instanceof GatewayError) return false;
    throw err;
  }
}

/**
 * Whether an existing intent (an invoice's) can still be paid on some network of its deposit addresses: one this
 * deployment serves (its watcher sees the payment). Its vaults are not re-read: a deposit address pays the vault it
 * was computed with, forever (settings/settlementSettings.ts), so removing a vault later does not stop it.
 */
export function intentAcceptsPayments(ctx: GatewayContext, depositNetworks: readonly string[]): boolean {
  return depositNetworks.some((id) => ctx.networkRegistry.get(id)?.available === true);
}
