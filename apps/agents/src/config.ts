import { field, hexKey, int, operatorConfigSpec, port, str, url, type ConfigOf } from '@tender/platform';

/** CAIP-2 id of an EVM network: `eip155:<chain id>`. */
export function caip2(raw: string): `eip155:${number}` {
  if (!/^eip155:[1-9]\d{0,15}$/.test(raw))
    throw new Error(`must be a CAIP-2 EVM network id like eip155:42161, got "${raw}"`);
  return raw as `eip155:${number}`;
}

export function evmAddress(raw: string): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(raw)) throw new Error(`must be a 0x-prefixed 20-byte hex address`);
  return raw.toLowerCase() as `0x${string}`;
}

/** `smtp://user:pass@host:port` or `smtps://…`: the outbound relay. */
const smtpUrl = url('smtp', 'smtps');

export const agentsConfigSpec = {
  agentsPort: field({ env: 'AGENTS_PORT', doc: 'Agent services HTTP port', parse: port, default: 4100 }),
  agentsPublicUrl: field({
    env: 'AGENTS_PUBLIC_URL',
    doc: 'Public base URL of the agent services; defaults to http://HOST:AGENTS_PORT',
    parse: url('http', 'https'),
    required: 'production',
  }),
  emailDomain: field({
    env: 'EMAIL_DOMAIN',
    doc: 'Domain of agent mailboxes',
    parse: (raw: string) => {
      const d = raw.toLowerCase();
      if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(d)) {
        throw new Error(`must be a domain name, got "${raw}"`);
      }
      return d;
    },
    default: 'agents.localhost',
  }),
  smtpPort: field({ env: 'SMTP_PORT', doc: 'Inbound SMTP (MX) port', parse: port, default: 2525 }),
  smtpMaxMessageBytes: field({
    env: 'SMTP_MAX_MESSAGE_BYTES',
    doc: 'Largest inbound message accepted (SMTP SIZE); larger ones are refused with 552',
    parse: int(1024, 50 * 1024 * 1024),
    default: 10 * 1024 * 1024,
  }),
  smtpRelayUrl: field({
    env: 'SMTP_RELAY_URL',
    doc: 'Outbound SMTP relay (smtp:// or smtps://, credentials in the URL); without it only mail to EMAIL_DOMAIN is delivered (on the dev profile the rest is kept by the dev mail catcher, DEV_MAIL_CATCHER)',
    parse: smtpUrl,
    secret: true,
  }),
  dkimSelector: field({
    env: 'DKIM_SELECTOR',
    doc: 'DKIM selector of EMAIL_DOMAIN (with DKIM_PRIVATE_KEY)',
    parse: str,
  }),
  dkimPrivateKey: field({
    env: 'DKIM_PRIVATE_KEY',
    doc: 'PEM private key (RSA or Ed25519) that DKIM-signs outbound mail; literal \\n are newlines',
    parse: (raw: string) => {
      const pem = raw.replace(/\\n/g, '\n');
      if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) throw new Error('must be a PEM private key');
      return pem;
    },
    secret: true,
  }),
  x402Network: field({
    env: 'X402_NETWORK',
    doc: 'CAIP-2 network agents pay on (eip155:42161 Arbitrum One, eip155:196 X Layer, eip155:31337 devnet); unset: paid services unavailable',
    parse: caip2,
  }),
  x402UsdtAddress: field({
    env: 'X402_USDT_ADDRESS',
    doc: "USDT (USDT0, EIP-3009) contract on X402_NETWORK; defaults to the issuer's contract on known networks",
    parse: evmAddress,
  }),
  x402PayTo: field({ env: 'X402_PAY_TO', doc: 'Wallet that receives x402 payments', parse: evmAddress }),
  x402UsdtEip712Name: field({
    env: 'X402_USDT_EIP712_NAME',
    doc: 'Expected EIP-712 name of the USDT contract ("USD₮0" or "USDT0"); when the chain says otherwise, payments are not advertised',
    parse: str,
  }),
  x402UsdtEip712Version: field({
    env: 'X402_USDT_EIP712_VERSION',
    doc: 'Expected EIP-712 version of the USDT contract; checked against the chain at start like the name',
    parse: str,
  }),
  x402FacilitatorUrl: field({
    env: 'X402_FACILITATOR_URL',
    doc: 'Remote x402 facilitator (HTTP /verify, /settle, /supported); unset: built-in facilitator (needs RELAYER_PRIVATE_KEY and AGENTS_RPC_URL)',
    parse: url('http', 'https'),
  }),
  x402MaxTimeoutSeconds: field({
    env: 'X402_MAX_TIMEOUT_SECONDS',
    doc: 'Longest validity window (validBefore - now) a payment authorization may have',
    parse: int(30, 3600),
    default: 300,
  }),
  relayerPrivateKey: field({
    env: 'RELAYER_PRIVATE_KEY',
    doc: 'Key of the built-in facilitator that submits transferWithAuthorization (pays gas)',
    parse: hexKey(32),
    secret: true,
  }),
  agentsRpcUrl: field({
    env: 'AGENTS_RPC_URL',
    doc: 'JSON-RPC URL of X402_NETWORK (token EIP-712 domain at start, built-in facilitator)',
    parse: url('http', 'https', 'ws', 'wss'),
    secret: true,
  }),
  rpcPollingMs: field({
    env: 'AGENTS_RPC_POLLING_MS',
    doc: 'Receipt polling interval of the built-in facilitator',
    parse: int(10, 60_000),
    default: (profile) => (profile === 'dev' ? 50 : 1000),
  }),
  // Durable events and the realtime WebSocket gateway (apps/agents/src/events, apps/agents/src/realtime).
  eventsLeaseMs: field({
    env: 'EVENTS_LEASE_MS',
    doc: 'Delivery lease of an event sent to a socket; renewed while the socket lives. After a gateway crash its events are delivered again within this time plus EVENTS_SWEEP_MS',
    parse: int(500, 3_600_000),
    default: 60_000,
  }),
  eventsSweepMs: field({
    env: 'EVENTS_SWEEP_MS',
    doc: 'Interval of the gateway sweep: redelivery of events whose lease ran out, missed wake-ups, expiry',
    parse: int(50, 600_000),
    default: 5_000,
  }),
  eventsRetentionDays: field({
    env: 'EVENTS_RETENTION_DAYS',
    doc: 'Unacknowledged events expire after this many days (never delivered or replayed afterwards; kept for audit)',
    parse: int(1, 3650),
    default: 30,
  }),
  eventsMaxAttempts: field({
    env: 'EVENTS_MAX_ATTEMPTS',
    doc: 'Socket deliveries of one event without acknowledgement before it becomes failed (still listed and acknowledgeable over REST)',
    parse: int(1, 100_000),
    default: 100,
  }),
  realtimeAuthTimeoutMs: field({
    env: 'REALTIME_AUTH_TIMEOUT_MS',
    doc: 'A WebSocket that has not sent session.authenticate within this time is closed',
    parse: int(100, 120_000),
    default: 10_000,
  }),
  realtimeHeartbeatMs: field({
    env: 'REALTIME_HEARTBEAT_MS',
    doc: 'WebSocket ping interval; a socket silent through two pings in a row is closed',
    parse: int(100, 600_000),
    default: 30_000,
  }),
  realtimeMaxSocketsPerTenant: field({
    env: 'REALTIME_MAX_SOCKETS_PER_TENANT',
    doc: 'Authenticated WebSockets one tenant may hold on one gateway process',
    parse: int(1, 10_000),
    default: 32,
  }),
  realtimeMaxInFlight: field({
    env: 'REALTIME_MAX_IN_FLIGHT',
    doc: 'Events sent to one socket and not yet acknowledged; more wait for acknowledgements (flow control)',
    parse: int(1, 100_000),
    default: 500,
  }),
  voiceMaxPendingTurns: field({
    env: 'VOICE_MAX_PENDING_TURNS',
    doc: 'Open live voice turns per tenant; a turn beyond it gets the fallback line at once',
    parse: int(1, 10_000),
    default: 16,
  }),
  // Telephony (apps/agents/src/phone). Without the three TWILIO_* values the phone services are unavailable, except
  // on the dev profile, where the telephony simulator answers (a configured Twilio account always wins).
  telephonyProvider: field({
    env: 'TELEPHONY_PROVIDER',
    doc: 'twilio, or simulator (dev profile only: Twilio played locally, fictional +1 555 01xx numbers); default: twilio when TWILIO_* are set, else the simulator on the dev profile',
    parse: (raw: string) => {
      if (raw !== 'twilio' && raw !== 'simulator') throw new Error('must be twilio or simulator');
      return raw;
    },
  }),
  twilioAccountSid: field({
    env: 'TWILIO_ACCOUNT_SID',
    doc: 'Twilio account SID (AC + 32 hex); with TWILIO_AUTH_TOKEN and TELEPHONY_WEBHOOK_BASE_URL enables the phone services',
    parse: (raw: string) => {
      if (!/^AC[0-9a-fA-F]{32}$/.test(raw))
        throw new Error('must be a Twilio account SID: AC followed by 32 hex digits');
      return raw;
    },
  }),
  twilioAuthToken: field({
    env: 'TWILIO_AUTH_TOKEN',
    doc: 'Twilio auth token: authenticates our API requests and verifies X-Twilio-Signature on every webhook',
    parse: (raw: string) => {
      if (raw.length < 16) throw new Error('must be a Twilio auth token (at least 16 characters)');
      return raw;
    },
    secret: true,
  }),
  telephonyWebhookBaseUrl: field({
    env: 'TELEPHONY_WEBHOOK_BASE_URL',
    doc: 'Public https base URL Twilio calls back (voice, status, the wss:// ConversationRelay socket); signatures are checked against it',
    parse: url('http', 'https'),
  }),
  phoneReleaseGraceDays: field({
    env: 'PHONE_RELEASE_GRACE_DAYS',
    doc: 'Days an expired (suspended) number is kept before it is released at the provider; renewal restores it until then',
    parse: int(0, 90),
    default: 7,
  }),
  voiceTurnTimeoutMs: field({
    env: 'VOICE_TURN_TIMEOUT_MS',
    doc: 'How long the agent has to answer one caller utterance (voice.turn deadline); afterwards the fallback line is spoken',
    parse: int(500, 60_000),
    default: 8_000,
  }),
  phoneSweepMs: field({
    env: 'PHONE_SWEEP_MS',
    doc: 'Interval of the phone sweep: calls past their authorised seconds, expiry warnings, suspension, release after grace',
    parse: int(50, 600_000),
    default: 1_000,
  }),
  // Owner dashboard (wallet sign-in) and operator admin (apps/agents/src/owner, apps/agents/src/operator).
  ownerSessionTtlSeconds: field({
    env: 'OWNER_SESSION_TTL_SECONDS',
    doc: 'Lifetime of an owner dashboard session opened by a wallet signature (Sign-In with Ethereum)',
    parse: int(300, 7 * 86_400),
    default: 12 * 3600,
  }),
  ...operatorConfigSpec,
} as const;

export type AgentsConfig = ConfigOf<typeof agentsConfigSpec> & { profile: 'dev' | 'production' };
