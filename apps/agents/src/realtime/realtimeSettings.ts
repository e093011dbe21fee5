/** Gateway limits and timings, from configuration (REALTIME_*, EVENTS_SWEEP_MS, VOICE_MAX_PENDING_TURNS). */
export interface RealtimeSettings {
  authTimeoutMs: number;
  heartbeatMs: number;
  sweepMs: number;
  maxSocketsPerTenant: number;
  maxInFlight: number;
  voiceMaxPendingTurns: number;
  /** How long a voice turn's origin waits for a holder's offer (default 1 s). */
  voiceOfferWindowMs?: number;
}
