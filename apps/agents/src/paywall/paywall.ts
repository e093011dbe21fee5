// The paywall's public face for the features: the service contract, the route adapter and the provider failures.
// The paid flow itself (processPaidCall) knows no HTTP framework; serviceRoute adapts it to Fastify.
export type { Call, Operation, Outcome, RouteSchema, ServiceHandler } from './serviceHandler.ts';
export { serviceRoute, unavailableRoute } from './serviceRoute.ts';
export { gateAvailability } from './availability.ts';
export { IDEMPOTENCY_KEY_HEADER } from './idempotencyKey.ts';
export { ProviderRefusal, ProviderTemporaryFailure } from './providerFailure.ts';
