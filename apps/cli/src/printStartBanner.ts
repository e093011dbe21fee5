import { DEVNET_MINT_AMOUNT, DEVNET_TOKEN_DECIMALS } from '@tender/evm';
import type { DevJson } from './devJson.ts';

/** What a person needs after `npm start`: where everything is and a key to call the API with. */
export function printStartBanner(dev: DevJson, summary: string[], home: string, ms: number): void {
  process.stdout.write(startBannerLines(dev, summary, home, ms).join('\n') + '\n');
}

export function startBannerLines(dev: DevJson, summary: string[], home: string, ms: number): string[] {
  const g = dev.gateway ?? {};
  const a = dev.agents ?? {};
  const d = dev.devnet as
    { rpcUrl?: string; chainId?: number; accounts?: string[]; tokens?: Record<string, string> } | undefined;
  const board = dev.dashboard as { url?: string; email?: string; password?: string } | undefined;
  const mail = dev.mail as { url?: string } | undefined;
  return [
    '',
    `Tender is running (started in ${(ms / 1000).toFixed(1)} s)`,
    '',
    `  Gateway API        ${g.url}        OpenAPI ${g.openapi}`,
    ...(g.testApiKey ? [`  Test API key       ${g.testApiKey}`] : []),
    ...(board ? [`  Merchant dashboard ${board.url}  sign in: ${board.email} / ${board.password}`] : []),
    ...(mail ? [`  Mail catcher       ${mail.url}  (all mail sent here; or: tender mail --follow)`] : []),
    `  Agent services     ${a.url}        OpenAPI ${a.openapi}`,
    `  Owner dashboard    ${a.url}/owner/  (sign in with the paying wallet)`,
    `  Inbound SMTP       127.0.0.1:${a.smtpPort}  (mailboxes @${a.emailDomain})`,
    ...phoneSimulatorLines(dev.phone),
    ...(d ? [`  Devnet RPC         ${d.rpcUrl}  (chain id ${d.chainId})`] : []),
    ...(d?.accounts && d.tokens ? testTokenLines(d.accounts.length, d.tokens) : []),
    ...(g.vaults ? [`  Devnet vault       ${(g.vaults as { devnet?: string }).devnet}`] : []),
    '',
    ...summary.map((line) => `  ${line}`),
    '',
    `  Machine-readable:  ${home}/dev.json`,
    '  Try:  curl -s ' + `${g.url}/healthz`,
    '',
  ];
}

/** Which devnet accounts hold test tokens: all of them, the same amount of each (deployDevnetContracts). */
function testTokenLines(accounts: number, tokens: Record<string, string>): string[] {
  const each = (DEVNET_MINT_AMOUNT / 10n ** BigInt(DEVNET_TOKEN_DECIMALS)).toLocaleString('en-US');
  return [
    `  Test tokens        devnet accounts 0-${accounts - 1} (mnemonic in dev.json) each hold ${each} USDC, EURC and USDT`,
    `                     USDC ${tokens.USDC}  EURC ${tokens.EURC}  USDT ${tokens.USDT}`,
  ];
}

/** The telephony simulator's lines (dev profile without Twilio): how to call, and who answers outbound calls. */
function phoneSimulatorLines(phone: Record<string, unknown> | undefined): string[] {
  if (phone?.provider !== 'simulator') return [];
  const callees = Object.entries((phone.callees ?? {}) as Record<string, string>).map(([n, what]) => `…${n} ${what}`);
  return [
    `  Phone simulator    npx tender phone call <number>  (numbers ${String(phone.numbers)})`,
    `                     outbound callees: ${callees.join(', ')}`,
  ];
}
