// The console's networks: state and lag, an incident's facts, and its resolution (resolveIncident.ts).
import { Type } from 'typebox';
import { GatewayError } from '../http/errors.ts';
import { StringEnum } from '../http/schemas.ts';
import type { AdminAnswer } from './adminAnswers.ts';
import { ADMIN_API, config, responses, security, tags, type AdminKit } from './adminKit.ts';
import { incidentFacts, listNetworks } from './networksAdmin.ts';
import { INCIDENT_RESOLUTIONS, resolveIncident } from './resolveIncident.ts';

export function networkAdminRoutes({ app, ctx, operatorOf, audit }: AdminKit): void {
  const NetworkParams = Type.Object({ network: Type.String({ minLength: 1, maxLength: 40 }) });
  app.get(
    `${ADMIN_API}/networks`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Networks: state, watcher lag behind the node, open incidents and the recently resolved',
        response: responses,
      },
    },
    async (): Promise<AdminAnswer<'GET /admin/api/networks'>> => listNetworks(ctx),
  );

  app.get(
    `${ADMIN_API}/networks/:network/incident`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'A network’s open incident with the recorded facts the chain disagrees with',
        params: NetworkParams,
        response: responses,
      },
    },
    async (req): Promise<AdminAnswer<'GET /admin/api/networks/{network}/incident'>> => {
      const facts = await incidentFacts(ctx, req.params.network);
      if (!facts) throw new GatewayError('RESOURCE_NOT_FOUND', `${req.params.network} has no open incident`);
      await audit(req, 'incident.view', req.params.network);
      return facts;
    },
  );

  app.post(
    `${ADMIN_API}/networks/:network/incident/resolve`,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Resolve a network’s incident: apply the chain, or keep the database',
        description:
          'apply_chain: the chain is read again and applied (facts above the newest agreeing block rolled back, ' +
          'payments re-derived, blocks read again). keep_database: the recorded facts stand and are no longer ' +
          'compared with the chain; the watcher goes on from its height. 409 without an open incident; 503 when ' +
          'the node does not answer (nothing changed).',
        params: NetworkParams,
        body: Type.Object({ resolution: StringEnum(INCIDENT_RESOLUTIONS) }, { additionalProperties: false }),
        response: responses,
      },
    },
    async (req): Promise<AdminAnswer<'POST /admin/api/networks/{network}/incident/resolve'>> => ({
      resolved: await resolveIncident(ctx, {
        network: req.params.network,
        resolution: req.body.resolution,
        operator: operatorOf(req),
        ip: req.ip,
      }),
    }),
  );
}
