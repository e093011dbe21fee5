import type { DevJson } from './devJson.ts';

/** What a person needs after `npm start`: where everything is and a key to call the API with. */
export function printStartBanner(dev: DevJson, summary: string[], home: string, ms: number): void {
  const g = dev.gateway ?? {};
  const a = dev.agents ?? {};
  const d = dev.devnet as { rpcUrl?: string; chainId?: number } | undefined;
  const lines = [
    '',
    `Tender is running (started in ${(ms / 1000).toFixed(1)} s)`,
    '',
    `  Gateway API        ${g.url}        OpenAPI ${g.openapi}`,
    ...(g.testApiKey ? [`  Test API key       ${g.testApiKey}`] : []),
    `  Agent services     ${a.url}        OpenAPI ${a.openapi}`,
    `  Owner dashboard    ${a.url}/owner/  (sign in with the paying wallet)`,
    `  Inbound SMTP       127.0.0.1:${a.smtpPort}  (mailboxes @${a.emailDomain})`,
    ...phoneSimulatorLines(dev.phone),
    ...(d ? [`  Devnet RPC         ${d.rpcUrl}  (chain id ${d.chainId})`] : []),
    ...(g.vaults ? [`  Devnet vault       ${(g.vaults as { devnet?: string }).devnet}`] : []),
    '',
    ...summary.map((line) => `  ${line}`),
    '',
    `  Machine-readable:  ${home}/dev.json`,
    '  Try:  curl -s ' + `${g.url}/healthz`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
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
