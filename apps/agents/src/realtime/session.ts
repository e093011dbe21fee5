import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { newId } from '@tender/platform';
import type { AgentErrorCode } from '../http/errors.ts';
import type { ServerFrame } from './protocol.ts';
import type { VoiceSocket } from './voiceTurns.ts';

export type SessionState = 'new' | 'authenticating' | 'open' | 'closed';

/** One WebSocket. Kept small: 10,000 idle sockets per process are expected. */
export class Session implements VoiceSocket {
  readonly id = newId('ws', 16);
  /** Every lease this socket takes carries this token (see the lease protocol in eventLog/eventRecord.ts). */
  readonly leaseToken = randomUUID();
  tenantId = '';
  /** The access token behind the realtime token that authenticated this socket. */
  accessTokenId = '';
  state: SessionState = 'new';
  /** Events leased to this socket and not yet acknowledged (flow control: at most maxInFlight). */
  readonly inFlight = new Set<string>();
  replayDone = false;
  replayed = 0;
  /** Has taken at least one lease: they must be released when it closes (idle sockets cost no query then). */
  claimed = false;
  /** Heartbeats sent since the socket last showed life (a pong or any frame). */
  missed = 0;
  authTimer: NodeJS.Timeout | null = null;

  constructor(readonly ws: WebSocket) {}

  isOpen(): boolean {
    return this.state === 'open';
  }

  send(frame: ServerFrame, cb?: (err?: Error) => void): boolean {
    if (this.state === 'closed' || this.ws.readyState !== this.ws.OPEN) return false;
    this.ws.send(JSON.stringify(frame), cb);
    return true;
  }

  error(code: AgentErrorCode, message: string, ids: { eventId?: string; turnId?: string } = {}): void {
    this.send({ type: 'error', code, message, ...ids });
  }
}

/** The open sockets of one tenant on this process. A socket is in its tenant's hub exactly while its state is open. */
export interface TenantHub {
  sessions: Session[];
  /** Rotates which socket of the tenant claims next. */
  rr: number;
  /**
   * At the tenant's last claim some socket had no room (window or send buffer full): what it could not take waits
   * for an acknowledgement, which claims again (eventDelivery.ts `windowFreed`).
   */
  windowFull: boolean;
}
