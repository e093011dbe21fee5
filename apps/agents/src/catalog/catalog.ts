/**
 * The service catalog: the single source of every agent service record and of every price. Routes, the
 * paywall, discovery, /openapi.json, /llms.txt and /docs all read these records; nothing else states a price.
 *
 * Prices are fixed decimal USDT strings here and become base units (6 decimals, bigint) through `priceUnits`.
 */

export type AuthMode = 'none' | 'x402' | 'bearer';
export type ServiceArea = 'discovery' | 'events' | 'email' | 'phone' | 'domain';

/** The kind of resource an input id names; the paywall checks its ownership before any challenge. */
export type ResourceKind = 'mailbox' | 'phone_number' | 'call' | 'message';

export interface ServiceDefinition {
  serviceId: string;
  area: ServiceArea;
  method: 'GET' | 'POST';
  path: string;
  /** Fixed price in USDT as a decimal string, or null when free. */
  price: string | null;
  auth: AuthMode;
  startHere: boolean;
  summary: string;
  /** Required input, as an agent reads it (the OpenAPI schema is the machine form). */
  input: string;
  /** HTTP status of a successful call. */
  successStatus: 200 | 201;
  /** Named resource inputs (body or query field → kind) whose ownership is checked before payment. */
  owns?: Record<string, ResourceKind>;
  /** Never available, whatever is configured (domain registration). */
  neverAvailable?: boolean;
}

/** USDT has 6 decimals, on the issuer's chains and on the devnet stand-in. */
export const USDT_DECIMALS = 6;

export const SERVICES: readonly ServiceDefinition[] = [
  {
    serviceId: 'discovery.api',
    area: 'discovery',
    method: 'GET',
    path: '/api/v1',
    price: null,
    auth: 'none',
    startHere: false,
    summary: 'API identity, authentication rules and the compact catalog.',
    input: 'none',
    successStatus: 200,
  },
  {
    serviceId: 'discovery.services',
    area: 'discovery',
    method: 'GET',
    path: '/api/v1/services',
    price: null,
    auth: 'none',
    startHere: false,
    summary: 'Canonical service records (also GET /api/v1/services/{serviceId}).',
    input: 'none',
    successStatus: 200,
  },
  {
    serviceId: 'events.list',
    area: 'events',
    method: 'POST',
    path: '/api/v1/events/list',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'List durable events of the tenant.',
    input: 'status, types, agentId, service, resourceId, from, to, limit, cursor (all optional)',
    successStatus: 200,
  },
  {
    serviceId: 'events.get',
    area: 'events',
    method: 'POST',
    path: '/api/v1/events/get',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Read one durable event.',
    input: 'eventId (uuid)',
    successStatus: 200,
  },
  {
    serviceId: 'events.ack',
    area: 'events',
    method: 'POST',
    path: '/api/v1/events/ack',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Acknowledge one durable event (idempotent).',
    input: 'eventId (uuid)',
    successStatus: 200,
  },
  {
    serviceId: 'events.ack-all',
    area: 'events',
    method: 'POST',
    path: '/api/v1/events/ack-all',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Acknowledge every event created before an explicit cutoff.',
    input: 'before (ISO 8601), types (optional), service (optional)',
    successStatus: 200,
  },
  {
    serviceId: 'events.realtime-token',
    area: 'events',
    method: 'GET',
    path: '/api/v1/events/realtime-token',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Short-lived (15 min) WebSocket credential and websocketUrl.',
    input: 'none',
    successStatus: 200,
  },
  {
    serviceId: 'email.mailbox.create',
    area: 'email',
    method: 'POST',
    path: '/api/v1/email/mailboxes',
    price: '0.25',
    auth: 'x402',
    startHere: true,
    summary: 'Provision one mailbox on the configured domain. Start here: issues the access token once.',
    input: 'localPart (string), displayName (string), outboundSignature (optional string)',
    successStatus: 201,
  },
  {
    serviceId: 'email.mailbox.list',
    area: 'email',
    method: 'GET',
    path: '/api/v1/email/mailboxes/query',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'List owned mailboxes.',
    input: 'limit, cursor (optional query parameters)',
    successStatus: 200,
  },
  {
    serviceId: 'email.mailbox.update',
    area: 'email',
    method: 'POST',
    path: '/api/v1/email/mailboxes/update',
    price: '0.01',
    auth: 'bearer',
    startHere: false,
    summary: 'Change the display name or outbound signature of one owned mailbox.',
    input: 'mailboxId (uuid), displayName (optional string), outboundSignature (optional string or null)',
    successStatus: 200,
    owns: { mailboxId: 'mailbox' },
  },
  {
    serviceId: 'email.mailbox.delete',
    area: 'email',
    method: 'POST',
    path: '/api/v1/email/mailboxes/delete',
    price: '0.01',
    auth: 'bearer',
    startHere: false,
    summary: 'Delete one owned mailbox and its stored messages. The address stays bound to the tenant.',
    input: 'mailboxId (uuid)',
    successStatus: 200,
    owns: { mailboxId: 'mailbox' },
  },
  {
    serviceId: 'email.message.send',
    area: 'email',
    method: 'POST',
    path: '/api/v1/email/messages/send',
    price: '0.02',
    auth: 'bearer',
    startHere: false,
    summary: 'Send one real email from an owned mailbox.',
    input: 'mailboxId (uuid), to (array of email strings), subject (string), text (string)',
    successStatus: 201,
    owns: { mailboxId: 'mailbox' },
  },
  {
    serviceId: 'email.message.query',
    area: 'email',
    method: 'GET',
    path: '/api/v1/email/messages/query',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'List messages (newest first, with cursor) or fetch one complete message by messageId.',
    input: 'messageId (optional uuid); mailboxId, limit, cursor (optional)',
    successStatus: 200,
    owns: { mailboxId: 'mailbox', messageId: 'message' },
  },
  {
    serviceId: 'phone.number.us.30d',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/purchase-us-number-30-days',
    price: '5.00',
    auth: 'x402',
    startHere: true,
    summary: 'Provision one US number with a 30-day entitlement. Start here.',
    input: 'agentName (string), areaCode (string), beginMessage (optional string), language (optional string)',
    successStatus: 201,
  },
  {
    serviceId: 'phone.number.ca.30d',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/purchase-canada-number-30-days',
    price: '5.00',
    auth: 'x402',
    startHere: true,
    summary: 'Provision one Canadian number with a 30-day entitlement. Start here.',
    input: 'agentName (string), areaCode (string), beginMessage (optional string), language (optional string)',
    successStatus: 201,
  },
  {
    serviceId: 'phone.number.renew.30d',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/renew-number-30-days',
    price: '5.00',
    auth: 'bearer',
    startHere: false,
    summary: 'Extend one active owned number by 30 days.',
    input: 'phoneNumberId (uuid)',
    successStatus: 200,
    owns: { phoneNumberId: 'phone_number' },
  },
  {
    serviceId: 'phone.call.outbound.1m',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/call-1-minute',
    price: '0.30',
    auth: 'bearer',
    startHere: false,
    summary: 'Outbound call authorised for up to 60 connected seconds.',
    input: 'phoneNumberId (uuid), toNumber (E.164), initialGreeting (optional string)',
    successStatus: 201,
    owns: { phoneNumberId: 'phone_number' },
  },
  {
    serviceId: 'phone.call.outbound.5m',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/call-5-minutes',
    price: '1.50',
    auth: 'bearer',
    startHere: false,
    summary: 'Outbound call authorised for up to 300 connected seconds.',
    input: 'phoneNumberId (uuid), toNumber (E.164), initialGreeting (optional string)',
    successStatus: 201,
    owns: { phoneNumberId: 'phone_number' },
  },
  {
    serviceId: 'phone.call.extend.1m',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/extend-call-1-minute',
    price: '0.30',
    auth: 'bearer',
    startHere: false,
    summary: 'Add exactly 60 seconds to one active owned call.',
    input: 'callId (uuid)',
    successStatus: 200,
    owns: { callId: 'call' },
  },
  {
    serviceId: 'phone.call.inbound.add.10m',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/add-inbound-minutes-10',
    price: '3.00',
    auth: 'bearer',
    startHere: false,
    summary: 'Add 600 inbound voice seconds to one active owned number.',
    input: 'phoneNumberId (uuid)',
    successStatus: 200,
    owns: { phoneNumberId: 'phone_number' },
  },
  {
    serviceId: 'phone.number.release',
    area: 'phone',
    method: 'POST',
    path: '/api/v1/phone/release-number',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Irreversibly release one owned number.',
    input: 'phoneNumberId (uuid), confirmRelease (boolean, must be true)',
    successStatus: 200,
    owns: { phoneNumberId: 'phone_number' },
  },
  {
    serviceId: 'phone.number.list',
    area: 'phone',
    method: 'GET',
    path: '/api/v1/phone/numbers',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'List owned numbers.',
    input: 'none',
    successStatus: 200,
  },
  {
    serviceId: 'phone.call.get',
    area: 'phone',
    method: 'GET',
    path: '/api/v1/phone/calls/{callId}',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Read one owned call.',
    input: 'callId (path, uuid)',
    successStatus: 200,
    owns: { callId: 'call' },
  },
  {
    serviceId: 'phone.call.transcript',
    area: 'phone',
    method: 'GET',
    path: '/api/v1/phone/calls/{callId}/transcript',
    price: null,
    auth: 'bearer',
    startHere: false,
    summary: 'Transcript of one owned call (recordings are never enabled).',
    input: 'callId (path, uuid)',
    successStatus: 200,
    owns: { callId: 'call' },
  },
  {
    serviceId: 'domain.register',
    area: 'domain',
    method: 'POST',
    path: '/api/v1/domains/register',
    price: null,
    auth: 'none',
    startHere: false,
    summary: 'Domain registration is unavailable: answers 503 at once; never send payment for it.',
    input: 'none (do not call)',
    successStatus: 200,
    neverAvailable: true,
  },
];

/** The x402 terms of a paid service, as advertised: everything a client needs to sign the exact payment. */
export interface X402Price {
  scheme: 'exact';
  network: string;
  asset: string;
  /** Base units (USDT, 6 decimals) as a decimal integer string. */
  amount: string;
  payTo: string;
  maxTimeoutSeconds: number;
  /** EIP-712 domain of the asset, as read on chain at start. */
  extra: { name: string; version: string };
}

/** A service record as published (GET /api/v1/services). */
export interface ServiceRecord {
  serviceId: string;
  method: 'GET' | 'POST';
  path: string;
  /** Fixed price in USDT ("0.25"), or null when free. */
  price: string | null;
  /** The same price in base units ("250000"), or null when free. */
  priceUnits: string | null;
  currency: 'USDT';
  auth: AuthMode;
  startHere: boolean;
  paid: boolean;
  available: boolean;
  /** Why the service is unavailable (null when available). */
  unavailableReason: string | null;
  /** The x402 terms when paid and available, else null. */
  x402Price: X402Price | null;
  /** Listed on OKX's x402 marketplace: paid and available services only. */
  registerOnOkx: boolean;
  idempotencyKeyRequired: boolean;
  summary: string;
  input: string;
  ownershipChecked: string[];
  guide: string;
}

/** What decides availability; built once at start by the runtime. */
export interface CatalogEnvironment {
  /** Null when agents can pay; otherwise why not (no network, no facilitator, token domain mismatch …). */
  paymentUnavailable: string | null;
  /** Terms shared by every paid service (network, asset, payTo, EIP-712 domain); null when payment unavailable. */
  x402: Omit<X402Price, 'amount'> | null;
  /** Per area: null when its provider is configured, else why not. */
  providers: Record<ServiceArea, string | null>;
}

/** Base units of a decimal USDT price ("0.25" → 250000n). Exact: no floats. */
export function priceUnits(price: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(price);
  if (!m) throw new Error(`invalid price ${price}`);
  return BigInt(m[1]!) * 10n ** BigInt(USDT_DECIMALS) + BigInt((m[2] ?? '').padEnd(USDT_DECIMALS, '0'));
}

export class Catalog {
  private current: readonly ServiceRecord[] = [];
  private byId = new Map<string, { def: ServiceDefinition; record: ServiceRecord }>();
  private switchedOff: ReadonlyMap<string, string> = new Map();

  constructor(private readonly env: CatalogEnvironment) {
    this.rebuild();
  }

  /** The published records, with the operator's switches applied. Read it per request: switches change it. */
  get records(): readonly ServiceRecord[] {
    return this.current;
  }

  /**
   * Services the operator turned off (service id → reason). Such a service is unavailable like one whose provider is
   * missing: 503 before any challenge, no x402 terms advertised. Replaces the previous set.
   */
  setSwitchedOff(off: ReadonlyMap<string, string>): void {
    this.switchedOff = new Map(off);
    this.rebuild();
  }

  /** Service ids the operator turned off, with the reason given. */
  get operatorDisabled(): ReadonlyMap<string, string> {
    return this.switchedOff;
  }

  private rebuild(): void {
    const byId = new Map<string, { def: ServiceDefinition; record: ServiceRecord }>();
    const records: ServiceRecord[] = [];
    for (const def of SERVICES) {
      const record = buildRecord(def, this.env, this.switchedOff.get(def.serviceId));
      records.push(record);
      byId.set(def.serviceId, { def, record });
    }
    this.byId = byId;
    this.current = records;
  }

  get(serviceId: string): { def: ServiceDefinition; record: ServiceRecord } {
    const s = this.byId.get(serviceId);
    if (!s) throw new Error(`unknown service ${serviceId}`);
    return s;
  }

  find(serviceId: string): ServiceRecord | undefined {
    return this.byId.get(serviceId)?.record;
  }

  /** The start-here service an agent should call first for a service of this area (428 bodies point to it). */
  startHereFor(serviceId: string): ServiceRecord {
    const { def } = this.get(serviceId);
    const area = def.area === 'phone' ? 'phone' : 'email';
    const preferred = area === 'phone' ? 'phone.number.us.30d' : 'email.mailbox.create';
    const rec = this.get(preferred).record;
    // An unavailable phone start-here is no help; the email one provisions the shared token as well.
    return rec.available ? rec : this.get('email.mailbox.create').record;
  }
}

function buildRecord(def: ServiceDefinition, env: CatalogEnvironment, switchedOff: string | undefined): ServiceRecord {
  const paid = def.price !== null && !def.neverAvailable;
  let unavailableReason: string | null = null;
  if (def.neverAvailable) unavailableReason = 'Domain registration is not offered; no payment is ever taken for it.';
  else if (switchedOff !== undefined) unavailableReason = `turned off by the operator: ${switchedOff}`;
  else if (env.providers[def.area]) unavailableReason = env.providers[def.area];
  else if (paid && env.paymentUnavailable) unavailableReason = env.paymentUnavailable;
  const available = unavailableReason === null;
  const units = def.price === null ? null : priceUnits(def.price);
  return {
    serviceId: def.serviceId,
    method: def.method,
    path: def.path,
    price: paid ? def.price : null,
    priceUnits: paid && units !== null ? units.toString() : null,
    currency: 'USDT',
    auth: def.auth,
    startHere: def.startHere,
    paid,
    available,
    unavailableReason,
    x402Price: paid && available && env.x402 && units !== null ? { ...env.x402, amount: units.toString() } : null,
    registerOnOkx: paid && available,
    idempotencyKeyRequired: paid && def.method === 'POST',
    summary: def.summary,
    input: def.input,
    ownershipChecked: Object.keys(def.owns ?? {}),
    guide: `/docs#${def.serviceId}`,
  };
}
