export * from './config.ts';
export * from './context.ts';
export * from './http/errors.ts';
export * from './server.ts';
export * from './runtime.ts';
export { Catalog, SERVICES, priceUnits, type ServiceRecord } from './catalog/catalog.ts';
export { startInboundSmtp } from './email/inbound.ts';
export { recordEvent } from './events/events.ts';
export { agentsMigrations } from './migrations.ts';
