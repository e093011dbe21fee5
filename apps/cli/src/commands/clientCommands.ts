// The commands that talk to a running Tender over its public API (never to its database): listen, trigger, pay,
// keys. Exit codes: 0 done, 1 the operation failed (the API's error is printed with its code and request id),
// 2 wrong usage.
import { parseArgs } from 'node:util';
import { TenderConnectionError, TenderError } from '@tender/sdk';
import { resolveApiTarget, resolveBaseUrl } from './apiTarget.ts';
import { keysCommand } from './keys.ts';
import { listen } from './listen.ts';
import { mailApiUrl, mailCommand } from './mail.ts';
import { createOutput } from './output.ts';
import { payIntent } from './payIntent.ts';
import { PHONE_USAGE, phoneCommand } from './phoneCall.ts';
import { trigger } from './trigger.ts';
import { UsageError } from './usageError.ts';

export const CLIENT_COMMANDS = ['listen', 'trigger', 'pay', 'keys', 'mail', 'phone'] as const;

export const CLIENT_USAGE = `  listen    Forward live events to a local URL, signed: tender listen --forward-to <url> [--events a,b]
  trigger   Make an event happen on the devnet: tender trigger payment.completed|payment.underpaid|payment.overpaid …
  pay       Pay an intent from a devnet account: tender pay <pi_…> [--amount 1.50] [--token USDC|EURC|plainERC20|0x…]
  keys      API keys (signs in with TENDER_EMAIL/TENDER_PASSWORD): tender keys list | create --name n | revoke <id>
  mail      The mail the dev mail catcher kept (dev profile): tender mail [--follow] [--limit 20] [--json]
  phone     Call an agent's number in the telephony simulator, as the caller: ${PHONE_USAGE.slice('tender phone '.length)}

  Client commands take --url and --api-key (or TENDER_URL, TENDER_API_KEY; default: the local npm start) and --json.
`;

const OPTIONS = {
  url: { type: 'string' },
  'api-key': { type: 'string' },
  json: { type: 'boolean', default: false },
  'forward-to': { type: 'string' },
  events: { type: 'string' },
  secret: { type: 'string' },
  amount: { type: 'string' },
  token: { type: 'string' },
  timeout: { type: 'string', default: '60' },
  name: { type: 'string' },
  role: { type: 'string' },
  environment: { type: 'string' },
  from: { type: 'string' },
  say: { type: 'string', multiple: true },
  follow: { type: 'boolean', default: false },
  limit: { type: 'string', default: '20' },
} as const;

export async function runClientCommand(command: string, argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    process.stderr.write(`tender ${command}: ${(err as Error).message}\n`);
    return 2;
  }
  const { values: f, positionals } = parsed;
  const out = createOutput({ json: f.json });
  try {
    if (command === 'keys') {
      await keysCommand(await resolveBaseUrl(f), out, {
        action: positionals[0] ?? 'list',
        id: positionals[1],
        name: f.name,
        role: f.role,
        environment: f.environment,
      });
      return 0;
    }
    if (command === 'phone') return await phoneCommand(out, positionals, f);
    if (command === 'mail') {
      const limit = Number(f.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError('--limit is 1 to 200');
      const abort = new AbortController();
      process.once('SIGINT', () => abort.abort());
      process.once('SIGTERM', () => abort.abort());
      const home = process.env.TENDER_HOME ?? '.tender';
      await mailCommand(await mailApiUrl(home, f), out, { follow: f.follow, limit, signal: abort.signal });
      return 0;
    }
    const target = await resolveApiTarget(f);
    if (command === 'listen') {
      if (!f['forward-to']) throw new UsageError('tender listen --forward-to <url> [--events type,type]');
      const abort = new AbortController();
      process.once('SIGINT', () => abort.abort());
      process.once('SIGTERM', () => abort.abort());
      await listen(target, out, {
        forwardTo: f['forward-to'],
        events: f.events?.split(',').map((e) => e.trim()),
        secret: f.secret,
        signal: abort.signal,
      });
      return 0;
    }
    if (command === 'trigger') {
      if (!positionals[0]) throw new UsageError('tender trigger <event> [--amount 10.00]');
      await trigger(target, out, {
        event: positionals[0],
        amount: f.amount ?? '10.00',
        timeoutMs: Number(f.timeout) * 1000,
      });
      return 0;
    }
    if (command === 'pay') {
      if (!positionals[0]) throw new UsageError('tender pay <pi_…> [--amount 1.50] [--token USDC]');
      const intent = await target.tender.paymentIntents.retrieve(positionals[0]);
      const paid = await payIntent(target, { intent, amount: f.amount, token: f.token });
      out.result(paid, `Sent ${paid.amount} to ${paid.to} in ${paid.txHash}`);
      return 0;
    }
    throw new UsageError(`Unknown command "${command}"`);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`tender ${command}: ${err.message}\n`);
      return 2;
    }
    if (err instanceof TenderError) {
      const where = err.requestId ? ` (request ${err.requestId})` : '';
      const details = err.details.map((d) => `\n  ${d.path}: ${d.message}`).join('');
      process.stderr.write(`tender ${command}: ${err.code}: ${err.message}${where}${details}\n`);
      if (f.json) process.stdout.write(`${JSON.stringify({ error: { ...err, message: err.message } })}\n`);
      return 1;
    }
    if (err instanceof TenderConnectionError) {
      process.stderr.write(`tender ${command}: cannot reach the gateway: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
