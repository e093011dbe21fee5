export * from './config.ts';
export * from './context.ts';
export * from './http/errors.ts';
export * from './server.ts';
export { gatewayMigrations } from './migrations.ts';
export { ensureDevMerchant, DEV_MERCHANT_EMAIL } from './accounts/devMerchant.ts';
export { gatewayAuthContext, oidcPairProblem } from './auth/authAdapters.ts';
export { audit, type AuditInput } from './audit/audit.ts';
// The receiver helper lives in the SDK (merchants install it); re-exported for code that imports the gateway.
export * from '../../../packages/sdk/src/verifyWebhook.ts';
export { signatureHeader, SIGNATURE_HEADER } from './webhooks/signature.ts';
export { requireAuth, principalOf, securityFor, ENVIRONMENT_HEADER, type Credential } from './http/authenticate.ts';
export type { Principal, Actor } from './auth/principal.ts';
export { actorOf } from './auth/principal.ts';
export * from './auth/permissions.ts';
export * from './tenant.ts';
export type { Mailer, OutgoingMail } from './email/mailer.ts';
export { createDevMailCatcher, type DevMailCatcher } from './devMail/devMailCatcher.ts';
export type { OidcVerifier, IdTokenClaims } from './auth/oidc/oidcVerifier.ts';
// Payments (networks, intents, watcher, settlement, ledger).
export {
  createNetworkRegistry,
  DEVNET_RELAYER_INDEX,
  type GatewayNetwork,
  type NetworkRegistry,
} from './networks/registry.ts';
export { networkConfigSpec, type NetworkConfig } from './networks/networkConfig.ts';
export { startGatewayWorkers, type GatewayWorkers, type GatewayWorkersOptions } from './workers.ts';
export {
  createGateway,
  createGatewayServices,
  gatewayFeatures,
  type Gateway,
  type GatewayDeps,
  type GatewayFeatureOptions,
} from './runtime.ts';
export { setUpDevPayments, DEV_VAULT_INDEX } from './settings/devSetup.ts';
export { ensureDevVault } from './settings/settlementSettings.ts';
export { paymentJobQueues } from './payments/jobQueues.ts';
export { settlementJobQueues } from './settlement/settlementJobQueues.ts';
export { PAYMENT_STATUSES, deriveStatus, type PaymentStatus } from './payments/status.ts';
export { factEvents, announcedFrom, type PaymentEventType } from './payments/paymentFacts.ts';
export { emitEvent, listEvents, type OutgoingEvent, type StoredEvent } from './outbox/events.ts';
export { parseAmount, formatAmount } from './money/amount.ts';
// Going live (tender doctor, the operator view): the relayer's gas and the SMTP relay's answer.
export { readRelayerGas, relayerGas, SWEEP_GAS, type RelayerGas } from './settlement/relayerGas.ts';
export { verifySmtp } from './email/smtpMailer.ts';
// The operator console's API document (not served): apps/web generates the console client's types from it.
export { adminApiDocument, type OpenApiDocument } from './operator/adminApiDocument.ts';
