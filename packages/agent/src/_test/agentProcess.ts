// An agent as its own process, for the crash-and-restart test: it loads its token from the file store, subscribes
// to email.received and prints each delivered event id. MODE=hang never finishes handling (so never acknowledges):
// the test kills it there. MODE=ack handles and acknowledges.
import { privateKeyToAccount } from 'viem/accounts';
import { createAgent, fileTokenStore } from '../index.ts';

const agent = await createAgent({
  account: privateKeyToAccount(process.env.PRIVATE_KEY as `0x${string}`),
  baseUrl: process.env.BASE_URL!,
  tokenStore: fileTokenStore(process.env.TOKEN_FILE!),
});
agent.on('email.received', async (event) => {
  process.stdout.write(
    `${JSON.stringify({ eventId: event.eventId, attempts: event.attempts, token: agent.accessToken })}\n`,
  );
  if (process.env.MODE === 'hang') await new Promise(() => {});
});
await agent.connected();
process.stdout.write('ready\n');
