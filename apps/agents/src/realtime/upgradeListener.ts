import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME_PATH } from './protocol.ts';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The server's one upgrade listener: another path's handler (a provider's live-conversation socket), else the
 * realtime endpoint while the gateway runs (never with credentials in the URL), else a plain HTTP refusal.
 */
export function createUpgradeListener(opts: {
  routes: ReadonlyMap<string, UpgradeHandler>;
  running(): boolean;
  upgrade: UpgradeHandler;
}): UpgradeHandler {
  return (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refuse = (status: string, message: string) => {
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
      );
    };
    const other = opts.routes.get(url.pathname);
    if (other) return other(req, socket, head);
    if (url.pathname !== REALTIME_PATH) return refuse('404 Not Found', 'No WebSocket endpoint here');
    if ([...url.searchParams.keys()].some((k) => /token|auth/i.test(k))) {
      return refuse('400 Bad Request', 'Credentials go in the session.authenticate message, never in the URL');
    }
    if (!opts.running()) return refuse('503 Service Unavailable', 'The realtime gateway is not running');
    opts.upgrade(req, socket, head);
  };
}
