import { Type } from 'typebox';

/**
 * Request schemas of services whose routes are declared without a handler of their own here (telephony while no
 * provider is configured): they document the spec's request shapes in /openapi.json. A service routed through
 * serviceRoute declares its schema beside its handler instead.
 */
const uuid = (description: string) => Type.String({ format: 'uuid', description });
const e164 = (description: string) => Type.String({ pattern: '^\\+[1-9]\\d{1,14}$', description });

const purchase = Type.Object(
  {
    agentName: Type.String({ minLength: 1, maxLength: 100, description: 'Name the agent answers calls with' }),
    areaCode: Type.String({ pattern: '^\\d{3}$', description: 'Three-digit area code' }),
    beginMessage: Type.Optional(Type.String({ maxLength: 2000, description: 'First words spoken on inbound calls' })),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 35, description: 'BCP 47 tag, e.g. en-US' })),
  },
  { additionalProperties: false },
);
const onNumber = Type.Object({ phoneNumberId: uuid('Owned phone number') }, { additionalProperties: false });
const outbound = Type.Object(
  {
    phoneNumberId: uuid('Owned phone number to call from'),
    toNumber: e164('Number to call (E.164)'),
    initialGreeting: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
const onCall = Type.Object({ callId: uuid('Owned active call') }, { additionalProperties: false });
const callParams = Type.Object({ callId: uuid('Owned call') });

export const REQUEST_SCHEMAS: Record<string, { body?: unknown; params?: unknown }> = {
  'phone.number.us.30d': { body: purchase },
  'phone.number.ca.30d': { body: purchase },
  'phone.number.renew.30d': { body: onNumber },
  'phone.call.outbound.1m': { body: outbound },
  'phone.call.outbound.5m': { body: outbound },
  'phone.call.extend.1m': { body: onCall },
  'phone.call.inbound.add.10m': { body: onNumber },
  'phone.number.release': {
    body: Type.Object(
      {
        phoneNumberId: uuid('Owned phone number'),
        confirmRelease: Type.Literal(true, { description: 'Must be true' }),
      },
      { additionalProperties: false },
    ),
  },
  'phone.call.get': { params: callParams },
  'phone.call.transcript': { params: callParams },
};
