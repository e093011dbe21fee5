// Doctor's service checks against real sockets: an identity provider's discovery document, a stand-in for Twilio's
// account endpoint, the x402 asset's EIP-712 domain on a devnet, and an SMTP relay that refuses our credentials.
import http from 'node:http';
import { startDevnet, type Devnet } from '@tender/evm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenderConfig } from '../cliConfig.ts';
import { serviceChecks } from './serviceChecks.ts';

let devnet: Devnet;
let server: http.Server;
let base = '';
let smtp: SMTPServer;
let smtpPort = 0;
const SID = `AC${'a'.repeat(32)}`;
let issuerDoc: Record<string, unknown> = {};

beforeAll(async () => {
  devnet = await startDevnet({ blockTime: 0 });
  server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/idp/.well-known/openid-configuration') return json(200, issuerDoc);
    if (req.url === '/idp/jwks') return json(200, { keys: [{ kty: 'RSA', kid: 'k1', n: 'x', e: 'AQAB' }] });
    if (req.url === `/2010-04-01/Accounts/${SID}.json`) {
      const good = `Basic ${Buffer.from(`${SID}:right-token-1234567890`).toString('base64')}`;
      return req.headers.authorization === good ? json(200, { sid: SID, status: 'active' }) : json(401, {});
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  issuerDoc = {
    issuer: `${base}/idp`,
    jwks_uri: `${base}/idp/jwks`,
    authorization_endpoint: `${base}/idp/authorize`,
    response_types_supported: ['code', 'id_token'],
  };
  smtp = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(new Error('Invalid username or password')),
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  await devnet?.stop();
});

function config(env: Record<string, string>) {
  return loadTenderConfig({ DEVNET: 'false', ...env });
}

describe('tender doctor: services', () => {
  it('passes what answers as configured and names what does not', async () => {
    const good = await serviceChecks(
      config({
        SMTP_URL: `smtp://tender:wrong@127.0.0.1:${smtpPort}`,
        OIDC_ISSUER: `${base}/idp`,
        OIDC_CLIENT_ID: 'tender',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'right-token-1234567890',
        X402_NETWORK: `eip155:${devnet.chainId}`,
        X402_USDT_ADDRESS: devnet.manifest.tokens.USDT,
        X402_USDT_EIP712_NAME: 'USDT0',
        AGENTS_RPC_URL: devnet.rpcUrl,
      }),
      { twilioApiUrl: base },
    );
    const by = (check: string) => good.find((c) => c.check === check)!;
    expect(by('oidc')).toMatchObject({ status: 'ok', message: `${base}/idp: discovery and 1 signing key(s)` });
    expect(by('twilio')).toMatchObject({ status: 'ok', message: `account ${SID} is active` });
    expect(by('x402')).toMatchObject({ status: 'ok' });
    expect(by('x402').message).toContain('EIP-712 domain "USDT0" version 1');
    expect(by('smtp')).toMatchObject({ status: 'fail' });
    expect(by('smtp').message).toMatch(/^127\.0\.0\.1:\d+ refused: .*Invalid username or password/);

    // Keys, but no implicit id_token response: the dashboard's button cannot work.
    issuerDoc = { ...issuerDoc, response_types_supported: ['code'] };
    const [codeOnly] = await serviceChecks(config({ OIDC_ISSUER: `${base}/idp`, OIDC_CLIENT_ID: 'tender' }), {
      twilioApiUrl: base,
    }).then((r) => r.filter((c) => c.check === 'oidc'));
    expect(codeOnly).toMatchObject({ status: 'warn' });
    expect(codeOnly!.message).toBe(
      `${base}/idp: discovery and 1 signing key(s), but no authorization_endpoint offering response_type=id_token: ` +
        'the dashboard shows no working sign-in button (GET /public/auth/idp answers 503 IDP_UNAVAILABLE)',
    );

    issuerDoc = { issuer: 'https://other.example', jwks_uri: `${base}/idp/jwks` };
    const bad = await serviceChecks(
      config({
        OIDC_ISSUER: `${base}/idp`,
        OIDC_CLIENT_ID: 'tender',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: 'wrong-token-1234567890',
        X402_NETWORK: `eip155:${devnet.chainId}`,
        X402_USDT_ADDRESS: devnet.manifest.tokens.USDT,
        X402_USDT_EIP712_NAME: 'USD₮0',
        AGENTS_RPC_URL: devnet.rpcUrl,
      }),
      { twilioApiUrl: base },
    );
    const badBy = (check: string) => bad.find((c) => c.check === check)!;
    expect(badBy('smtp')).toMatchObject({ status: 'warn' }); // SMTP_URL unset: no account email
    expect(badBy('oidc')).toMatchObject({
      status: 'fail',
      message: 'the discovery document names issuer https://other.example',
    });
    expect(badBy('twilio')).toMatchObject({ status: 'fail', message: 'Twilio refused our credentials (401)' });
    expect(badBy('x402').status).toBe('fail');
    expect(badBy('x402').message).toContain('EIP-712 name "USDT0", configured "USD₮0"');
    console.info(bad.map((c) => `${c.status.padEnd(5)} ${c.check.padEnd(8)} ${c.message}`).join('\n'));
  }, 60_000);
});
