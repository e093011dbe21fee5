import { field, hexKey, int, port, str, url, type ConfigOf } from '@tender/platform';

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
    doc: 'Outbound SMTP relay (smtp:// or smtps://, credentials in the URL); without it only mail to EMAIL_DOMAIN is delivered',
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
} as const;

export type AgentsConfig = ConfigOf<typeof agentsConfigSpec> & { profile: 'dev' | 'production' };
