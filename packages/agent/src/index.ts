// @tender/agent: Tender's agent services for autonomous agents (x402 payments, token custody, spend limits, events
// and voice over the WebSocket).
export { createAgent, type Agent, type AgentOptions, type CallOptions, type PaidResult } from './agent.ts';
export { AgentApiError, AgentAuthError, SpendLimitError } from './errors.ts';
export { fileTokenStore, memoryTokenStore, type StoredAgentState, type TokenStore } from './tokenStore.ts';
export type { DeliveredEvent, EventHandler, VoiceTurn, VoiceTurnHandler } from './realtime.ts';
