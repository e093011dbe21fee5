/**
 * An agent with a mailbox of its own: it buys the mailbox with x402 (the first purchase issues its access token,
 * kept in a file), waits for mail over the WebSocket and answers each message, acknowledging only once it replied.
 *
 *   AGENT_PRIVATE_KEY=0x… npx tsx examples/mail-agent.ts     # against `npm start`
 *
 * It uses only what an agent outside this repository would: @tender/agent and viem.
 */
import { pathToFileURL } from 'node:url';
import { createAgent, fileTokenStore } from '@tender/agent';
import { privateKeyToAccount } from 'viem/accounts';

export async function runMailAgent(o: { baseUrl: string; privateKey: `0x${string}`; tokenFile: string; name: string }) {
  const agent = await createAgent({
    account: privateKeyToAccount(o.privateKey),
    baseUrl: o.baseUrl,
    tokenStore: fileTokenStore(o.tokenFile),
    maxPerCallUnits: 500_000n, // 0.50 USDT: a mailbox costs 0.25, a message 0.02
  });
  const mailbox = await agent.email.createMailbox({ localPart: o.name, displayName: 'Echo agent' });
  const { mailboxId, address } = mailbox.data;

  agent.on('email.received', async (event) => {
    const { emailId } = event.payload as { emailId: string };
    const { data } = await agent.email.messages({ messageId: emailId });
    const message = (data as { message: { from: string; subject: string; messageId?: string } }).message;
    // One reply per received message, even if the event is delivered again: the key is the event id.
    await agent.email.send(
      { mailboxId, to: [message.from], subject: `Re: ${message.subject}`, text: 'Received, thank you.' },
      { idempotencyKey: `reply-${event.eventId}` },
    );
  });
  await agent.connected();
  return { agent, address };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { address } = await runMailAgent({
    baseUrl: process.env.AGENTS_URL ?? 'http://127.0.0.1:4100',
    privateKey: process.env.AGENT_PRIVATE_KEY as `0x${string}`,
    tokenFile: process.env.AGENT_TOKEN_FILE ?? '.agent/token.json',
    name: process.env.AGENT_NAME ?? `echo-${Date.now()}`,
  });
  console.log(`listening for mail at ${address}`);
}
