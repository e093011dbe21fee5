import type { Database, Logger } from '@tender/platform';
import { createBus, type Bus } from './bus.ts';
import type { Session, TenantHub } from './session.ts';
import { VoiceRouter, type VoiceBusMessage, type VoiceSocket } from './voiceTurns.ts';

export interface VoiceTurnRoutingDeps {
  db: Database;
  log: Logger;
  processId: string;
  /** The open sockets of this process by tenant (the gateway's; read only here). */
  tenants: ReadonlyMap<string, TenantHub>;
  maxPendingPerTenant: number;
  offerWindowMs?: number | undefined;
}

/**
 * Live voice turns on this gateway (the protocol is voiceTurns.ts): a VoiceRouter that gives turns to this
 * process's sockets and reaches the other processes over the `agent_realtime` bus. Turns are never stored.
 */
export interface VoiceTurnRouting {
  /** voice.response and voice.cancel frames, closed sockets, requestVoiceTurn, shutdown, stats. */
  readonly router: VoiceRouter;
  /** Listens for the other processes' voice messages. */
  listen(): Promise<void>;
  unlisten(): Promise<void>;
}

export function createVoiceTurnRouting(deps: VoiceTurnRoutingDeps): VoiceTurnRouting {
  const { db, log, tenants } = deps;
  const bus: Bus<VoiceBusMessage> = createBus<VoiceBusMessage>(db, 'agent_realtime');

  const router: VoiceRouter = new VoiceRouter({
    processId: deps.processId,
    publish: (m) => bus.publish(m),
    maxPendingPerTenant: deps.maxPendingPerTenant,
    ...(deps.offerWindowMs !== undefined ? { offerWindowMs: deps.offerWindowMs } : {}),
    pickSocket(tenantId): VoiceSocket | null {
      const hub = tenants.get(tenantId);
      let best: Session | null = null;
      let bestTurns = Infinity;
      for (const s of hub?.sessions ?? []) {
        if (!s.isOpen()) continue;
        const n: number = router.openTurnsOf(tenantId, s.id);
        if (n < bestTurns) [best, bestTurns] = [s, n];
      }
      return best;
    },
    sendError: (socket, code, message, turnId) => (socket as Session).error(code, message, { turnId }),
    log: (obj, msg) => log.warn(obj, msg),
  });

  return {
    router,
    listen: () => bus.start((m) => router.onBus(m)),
    unlisten: () => bus.stop(),
  };
}
