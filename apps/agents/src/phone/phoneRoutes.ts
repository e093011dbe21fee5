import { Type } from 'typebox';
import type { App, Metrics } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { bodyOf, paramsOf } from '../http/schemaInput.ts';
import { serviceRoute, unavailableRoute } from '../paywall/paywall.ts';
import {
  callOwnedPrecheck,
  extendCall,
  extendPrecheck,
  getCall,
  getTranscript,
  outboundPrecheck,
  placeOutboundCall,
  type OutboundInput,
} from './calls.ts';
import {
  addInboundMinutes,
  inboundAddPrecheck,
  listNumbers,
  purchaseNumber,
  purchasePrecheck,
  releaseNumber,
  releasePrecheck,
  renewNumber,
  renewPrecheck,
  type PurchaseInput,
  type ReleaseInput,
} from './numbers.ts';
import { simulatorRoutes } from './simulator/simulatorRoutes.ts';
import { twilioWebhooks } from './twilioWebhooks.ts';

const uuid = (description: string) => Type.String({ format: 'uuid', description });
const E164 = '^\\+[1-9][0-9]{1,14}$';

const purchaseBody = (country: 'US' | 'CA') =>
  Type.Object(
    {
      agentName: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the agent answering the number' }),
      areaCode: Type.String({
        pattern: '^[2-9][0-9]{2}$',
        description: `Three-digit ${country === 'US' ? 'US' : 'Canadian'} area code (NANP)`,
      }),
      beginMessage: Type.Optional(
        Type.String({ minLength: 1, maxLength: 500, description: 'Spoken first on every call to the number' }),
      ),
      language: Type.Optional(
        Type.String({ pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$', description: 'BCP 47 tag, e.g. en-US' }),
      ),
    },
    { additionalProperties: false },
  );

const numberBody = Type.Object({ phoneNumberId: uuid('Owned phone number') }, { additionalProperties: false });
const callBody = Type.Object({ callId: uuid('Owned live call') }, { additionalProperties: false });
const releaseBody = Type.Object(
  {
    phoneNumberId: uuid('Owned number'),
    confirmRelease: Type.Boolean({ description: 'Must be true: the release is irreversible' }),
  },
  { additionalProperties: false },
);
const callParams = Type.Object({ callId: uuid('Owned call') });
const outboundBody = Type.Object(
  {
    phoneNumberId: uuid('Owned active number to call from'),
    toNumber: Type.String({ pattern: E164, description: 'E.164 number to call' }),
    initialGreeting: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);

/**
 * Phone services behind the paywall, and the provider's webhooks. Without a configured provider every phone
 * service answers 503 before any authentication, challenge or settlement (catalog available=false).
 */
export function phoneRoutes(app: App & { metrics: Metrics }, ctx: AgentsContext): void {
  if (!ctx.phone) {
    for (const r of ctx.catalog.records) {
      if (r.serviceId.startsWith('phone.')) unavailableRoute(app, ctx, r.serviceId);
    }
    return;
  }

  for (const [serviceId, country] of [
    ['phone.number.us.30d', 'US'],
    ['phone.number.ca.30d', 'CA'],
  ] as const) {
    const purchase = purchaseBody(country);
    serviceRoute<PurchaseInput>(
      app,
      ctx,
      { serviceId, input: bodyOf(purchase), precheck: purchasePrecheck(country), perform: purchaseNumber(country) },
      {
        body: purchase,
        description:
          'Entitlement exactly 30 days. A number is on offer in the area code (checked before the challenge); ' +
          'the bought number is recorded before the response, so a retry never buys a second one.',
      },
    );
  }

  serviceRoute<{ phoneNumberId: string }>(
    app,
    ctx,
    { serviceId: 'phone.number.renew.30d', input: bodyOf(numberBody), precheck: renewPrecheck, perform: renewNumber },
    {
      body: numberBody,
      description:
        '+30 days from the current expiry, exactly. A suspended (expired) number can be renewed until released.',
    },
  );

  serviceRoute<{ phoneNumberId: string }>(
    app,
    ctx,
    {
      serviceId: 'phone.call.inbound.add.10m',
      input: bodyOf(numberBody),
      precheck: inboundAddPrecheck,
      perform: addInboundMinutes,
    },
    { body: numberBody, description: 'Adds 600 inbound voice seconds to an active owned number.' },
  );

  serviceRoute<ReleaseInput>(
    app,
    ctx,
    {
      serviceId: 'phone.number.release',
      input: bodyOf(releaseBody),
      precheck: releasePrecheck,
      perform: releaseNumber,
    },
    {
      body: releaseBody,
      description: 'Irreversible: afterwards the number answers NUMBER_RELEASED.',
    },
  );

  serviceRoute<Record<string, never>>(
    app,
    ctx,
    { serviceId: 'phone.number.list', input: () => ({}), perform: listNumbers },
    {},
  );

  for (const [serviceId, seconds] of [
    ['phone.call.outbound.1m', 60],
    ['phone.call.outbound.5m', 300],
  ] as const) {
    serviceRoute<OutboundInput>(
      app,
      ctx,
      { serviceId, input: bodyOf(outboundBody), precheck: outboundPrecheck, perform: placeOutboundCall(seconds) },
      {
        body: outboundBody,
        description: `Authorises exactly ${seconds} connected seconds (enforced by the provider and by us); the caller's speech arrives as voice.turn on the events socket.`,
      },
    );
  }

  serviceRoute<{ callId: string }>(
    app,
    ctx,
    { serviceId: 'phone.call.extend.1m', input: bodyOf(callBody), precheck: extendPrecheck, perform: extendCall },
    { body: callBody, description: 'Adds exactly 60 seconds to a live owned call.' },
  );

  serviceRoute<{ callId: string }>(
    app,
    ctx,
    { serviceId: 'phone.call.get', input: paramsOf(callParams), precheck: callOwnedPrecheck, perform: getCall },
    { params: callParams },
  );

  serviceRoute<{ callId: string }>(
    app,
    ctx,
    {
      serviceId: 'phone.call.transcript',
      input: paramsOf(callParams),
      precheck: callOwnedPrecheck,
      perform: getTranscript,
    },
    { params: callParams, description: "The caller's utterances and the spoken answers, in order. Text only." },
  );

  twilioWebhooks(app, ctx, ctx.phone);
  if (ctx.phone.simulator) simulatorRoutes(app, ctx, ctx.phone.simulator);
}
