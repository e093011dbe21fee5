import { Type, type TSchema } from 'typebox';

/**
 * What each owner dashboard route answers in `data`, closed (no other field). The served /openapi.json keeps these
 * routes' `data` open, as it was published; the owner dashboard's client is typed from the owner document
 * (ownerApiDocument.ts), which carries these. ownerRoutes.test.ts checks every answer against them.
 */
const closed = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const Instant = Type.String({ format: 'date-time' });
const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const OneOf = <const V extends string[]>(...values: V) => Type.Union(values.map((v) => Type.Literal(v)));

const AccessToken = closed({
  tokenId: Type.String(),
  status: OneOf('active', 'revoked'),
  createdAt: Instant,
  revokedAt: OrNull(Instant),
  revokedBy: OrNull(Type.String()),
  replacedBy: OrNull(Type.String()),
});

const Mailbox = closed({
  mailboxId: Type.String(),
  address: Type.String(),
  displayName: Type.String(),
  status: OneOf('active', 'deleted'),
  messages: Type.Integer(),
  createdAt: Instant,
});

const Message = closed({
  emailId: Type.String(),
  mailboxId: Type.String(),
  direction: OneOf('inbound', 'outbound'),
  from: Type.String(),
  to: Type.Array(Type.String()),
  subject: Type.String(),
  receivedAt: Instant,
  deliveryState: OrNull(Type.String()),
});

const Event = closed({
  eventId: Type.String(),
  type: Type.String(),
  status: Type.String(),
  createdAt: Instant,
  deliveredAt: OrNull(Instant),
  acknowledgedAt: OrNull(Instant),
  source: Type.String(),
  service: OrNull(Type.String()),
  resourceId: OrNull(Type.String()),
  deliveryAttempts: Type.Integer(),
});

const Payment = closed({
  paymentId: Type.String(),
  serviceId: Type.String(),
  state: Type.String(),
  amountUnits: Type.String({ description: 'Base units (6 decimals)' }),
  amount: Type.String({ description: 'USDT, decimal' }),
  currency: Type.Literal('USDT'),
  network: Type.String(),
  asset: Type.String(),
  transaction: OrNull(Type.String()),
  settledAt: OrNull(Instant),
  createdAt: Instant,
  responseStatus: OrNull(Type.Integer()),
});

/** The telephony module's number view (phone/numbers.ts PhoneNumberView, as phone.number.list answers it). */
const PhoneNumber = closed({
  phoneNumberId: Type.String(),
  number: Type.String(),
  country: OneOf('US', 'CA'),
  agentName: Type.String(),
  areaCode: Type.String(),
  beginMessage: OrNull(Type.String()),
  language: OrNull(Type.String()),
  status: OneOf('active', 'suspended', 'released'),
  entitlementDays: Type.Integer(),
  expiresAt: Instant,
  renewalDeadline: Instant,
  inboundAllowanceSeconds: Type.Integer(),
  inboundSecondsPurchased: Type.Integer(),
  createdAt: Instant,
  releasedAt: OrNull(Instant),
});

/** The telephony module's call view (phone/calls.ts CallView, as phone.call.get answers it). */
const Call = closed({
  callId: Type.String(),
  providerCallId: OrNull(Type.String()),
  phoneNumberId: Type.String(),
  direction: OneOf('inbound', 'outbound'),
  fromNumber: Type.String(),
  toNumber: Type.String(),
  status: OneOf('initiated', 'connected', 'ended'),
  authorisedSeconds: Type.Integer(),
  connectedAt: OrNull(Instant),
  endsBy: OrNull(Instant),
  endedAt: OrNull(Instant),
  endReason: OrNull(Type.String()),
  durationSeconds: OrNull(Type.Integer()),
  hasTranscript: Type.Boolean(),
  createdAt: Instant,
});

const Transcript = closed({
  callId: Type.String(),
  entries: Type.Array(
    closed({ seq: Type.Integer(), speaker: OneOf('caller', 'agent'), text: Type.String(), at: Instant }),
  ),
});

/** `data` of every owner route, by method and path (every route under /owner/api has one; the test says so). */
export const OWNER_ANSWERS: Record<string, TSchema> = {
  'POST /owner/api/sign-in/nonce': closed({
    nonce: Type.String(),
    domain: Type.String(),
    uri: Type.String(),
    chainId: Type.Integer(),
    version: Type.Literal('1'),
    statement: Type.String(),
    issuedAt: Instant,
    expirationTime: Instant,
  }),
  'POST /owner/api/sign-in': closed({
    session: closed({ token: Type.String({ pattern: '^os_v1_' }), expiresAt: Instant }),
    walletAddress: Type.String(),
  }),
  'POST /owner/api/sign-out': closed({ signedOut: Type.Literal(true) }),
  'GET /owner/api/overview': closed({
    walletAddress: Type.String(),
    tenantSince: OrNull(Instant),
    suspended: Type.Boolean(),
    accessTokens: Type.Array(AccessToken),
  }),
  'GET /owner/api/mailboxes': closed({ mailboxes: Type.Array(Mailbox) }),
  'GET /owner/api/messages': closed({ messages: Type.Array(Message) }),
  'GET /owner/api/phone': closed({
    available: Type.Boolean(),
    numbers: Type.Array(PhoneNumber),
    calls: Type.Array(Call),
    transcripts: Type.Array(Transcript),
  }),
  'GET /owner/api/events': closed({ events: Type.Array(Event) }),
  'GET /owner/api/payments': closed({ payments: Type.Array(Payment) }),
  'POST /owner/api/access-token/replace': closed({
    accessToken: Type.String({ pattern: '^at_v1_' }),
    tokenId: Type.String(),
    revokedTokenIds: Type.Array(Type.String()),
    walletAddress: Type.String(),
    note: Type.String(),
  }),
  'POST /owner/api/access-token/revoke': closed({ revokedTokenIds: Type.Array(Type.String()) }),
};
