// `tender doctor`, the services Tender talks to: the SMTP relay accepts our credentials (EHLO, TLS, AUTH), the
// identity provider's discovery document names this issuer and a key set, the Twilio account answers, and the x402
// asset's EIP-712 domain is what the agents advertise. An unconfigured optional service gives no line.
import { createChainReader, OFFICIAL_USDT } from '@tender/agents';
import { verifySmtp } from '@tender/gateway';
import type { TenderConfig } from '../cliConfig.ts';
import { fail, ok, reason, warn, type CheckResult } from './doctorCheck.ts';

const TIMEOUT_MS = 10_000;

export interface ServiceCheckOptions {
  fetcher?: typeof fetch;
  /** Twilio's REST API (default https://api.twilio.com); tests stand in for it. */
  twilioApiUrl?: string;
}

export async function serviceChecks(config: TenderConfig, opts: ServiceCheckOptions = {}): Promise<CheckResult[]> {
  const fetcher = opts.fetcher ?? fetch;
  const checks = await Promise.all([
    smtpCheck(config),
    config.oidcIssuer ? oidcCheck(config.oidcIssuer, fetcher) : undefined,
    config.twilioAccountSid && config.twilioAuthToken
      ? twilioCheck(config.twilioAccountSid, config.twilioAuthToken, fetcher, opts.twilioApiUrl)
      : undefined,
    config.x402Network ? x402Check(config) : undefined,
  ]);
  return checks.filter((c): c is CheckResult => c !== undefined);
}

async function smtpCheck(config: TenderConfig): Promise<CheckResult> {
  if (!config.smtpUrl) {
    return warn(
      'smtp',
      'SMTP_URL is not set: no account email (sign-up verification, password reset answer 503 EMAIL_UNAVAILABLE)',
      'set SMTP_URL=smtp://user:pass@relay:587',
    );
  }
  const where = new URL(config.smtpUrl);
  const relay = `${where.hostname}:${where.port || (where.protocol === 'smtps:' ? 465 : 587)}`;
  try {
    await verifySmtp(config.smtpUrl, TIMEOUT_MS);
    return ok('smtp', `${relay} accepted EHLO${where.username ? ' and our credentials (AUTH)' : ''}`);
  } catch (err) {
    return fail('smtp', `${relay} refused: ${reason(err)}`, 'check the host, port and credentials in SMTP_URL');
  }
}

async function oidcCheck(issuer: string, fetcher: typeof fetch): Promise<CheckResult> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const fix = 'OIDC_ISSUER must be the issuer exactly as in its id_tokens (iss)';
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) return fail('oidc', `${url} answered ${res.status}`, fix);
    const doc = (await res.json()) as {
      issuer?: unknown;
      jwks_uri?: unknown;
      authorization_endpoint?: unknown;
      response_types_supported?: unknown;
    };
    if (doc.issuer !== issuer) return fail('oidc', `the discovery document names issuer ${String(doc.issuer)}`, fix);
    if (typeof doc.jwks_uri !== 'string') return fail('oidc', 'the discovery document has no jwks_uri', fix);
    const jwks = await fetcher(doc.jwks_uri, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const keys = jwks.ok ? ((await jwks.json()) as { keys?: unknown[] }).keys : undefined;
    if (!keys?.length) return fail('oidc', `${doc.jwks_uri} serves no keys (${jwks.status})`, fix);
    const found = `${issuer}: discovery and ${keys.length} signing key(s)`;
    // The dashboard's button (GET /public/auth/idp) sends people to the authorization endpoint for an id_token.
    const types = Array.isArray(doc.response_types_supported) ? doc.response_types_supported : [];
    if (typeof doc.authorization_endpoint !== 'string' || (types.length && !types.includes('id_token'))) {
      return warn(
        'oidc',
        `${found}, but no authorization_endpoint offering response_type=id_token: the dashboard shows no working ` +
          'sign-in button (GET /public/auth/idp answers 503 IDP_UNAVAILABLE)',
        "allow the implicit flow's id_token response for this client at the provider",
      );
    }
    return ok('oidc', found);
  } catch (err) {
    return fail('oidc', `${url}: ${reason(err)}`, fix);
  }
}

async function twilioCheck(
  sid: string,
  token: string,
  fetcher: typeof fetch,
  api = 'https://api.twilio.com',
): Promise<CheckResult> {
  const fix = 'check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (Twilio console, Account info)';
  try {
    const res = await fetcher(`${api}/2010-04-01/Accounts/${sid}.json`, {
      headers: { authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 401 || res.status === 403)
      return fail('twilio', `Twilio refused our credentials (${res.status})`, fix);
    if (!res.ok) return fail('twilio', `Twilio answered ${res.status}`, fix);
    const account = (await res.json()) as { status?: string };
    if (account.status !== 'active') return fail('twilio', `the account ${sid} is ${account.status}`, fix);
    return ok('twilio', `account ${sid} is active`);
  } catch (err) {
    return fail('twilio', `Twilio did not answer: ${reason(err)}`, fix);
  }
}

async function x402Check(config: TenderConfig): Promise<CheckResult> {
  const network = config.x402Network!;
  const asset = config.x402UsdtAddress ?? OFFICIAL_USDT[network];
  if (!asset) return fail('x402', `no USDT contract for ${network}`, 'set X402_USDT_ADDRESS');
  if (!config.agentsRpcUrl) {
    return fail(
      'x402',
      'AGENTS_RPC_URL is not set: the asset cannot be read',
      `set AGENTS_RPC_URL to a ${network} node`,
    );
  }
  try {
    const d = await createChainReader(network, config.agentsRpcUrl).tokenDomain(asset);
    const problems = [
      `eip155:${d.chainId}` !== network ? `AGENTS_RPC_URL serves eip155:${d.chainId}, not ${network}` : '',
      d.decimals !== 6 ? `${d.decimals} decimals, not 6` : '',
      config.x402UsdtEip712Name !== undefined && d.name !== config.x402UsdtEip712Name
        ? `EIP-712 name "${d.name}", configured "${config.x402UsdtEip712Name}"`
        : '',
      config.x402UsdtEip712Version !== undefined && d.version !== config.x402UsdtEip712Version
        ? `EIP-712 version "${d.version}", configured "${config.x402UsdtEip712Version}"`
        : '',
    ].filter(Boolean);
    if (problems.length) {
      return fail(
        'x402',
        `${asset} on ${network}: ${problems.join('; ')}`,
        'check X402_NETWORK, X402_USDT_ADDRESS, AGENTS_RPC_URL and X402_USDT_EIP712_NAME/_VERSION',
      );
    }
    return ok('x402', `${asset} on ${network}: EIP-712 domain "${d.name}" version ${d.version}`);
  } catch (err) {
    return fail('x402', `cannot read the EIP-712 domain of ${asset}: ${reason(err)}`, 'check AGENTS_RPC_URL');
  }
}
