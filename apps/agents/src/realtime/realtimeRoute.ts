import type { App } from '@tender/platform';
import { AgentError } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { REALTIME_PATH } from './protocol.ts';

/** GET REALTIME_PATH over plain HTTP: documents the socket and answers 426 (the upgrade listener takes sockets). */
export function realtimeRoute(app: App, websocketUrl: string): void {
  app.get(
    REALTIME_PATH,
    {
      schema: {
        tags: ['events'],
        summary: 'Realtime WebSocket (upgrade only)',
        description:
          'Connect with a WebSocket client to realtime.websocketUrl, then send {"type":"session.authenticate","token":"rt_v1_…"} ' +
          '(never a token in the URL). Plain HTTP requests answer 426. Frames: see /docs#websocket.',
        response: plainResponses(['UPGRADE_REQUIRED'], { success: false }),
      },
      config: { rateLimit: false },
    },
    async () => {
      throw new AgentError('UPGRADE_REQUIRED', `Connect with a WebSocket client to ${websocketUrl}`);
    },
  );
}
