// `tender keys create|list|revoke`. Creating and revoking keys is for people (the API takes a dashboard session
// for it, never a key), so these commands sign in with TENDER_EMAIL and TENDER_PASSWORD, or use TENDER_SESSION.
import type { ApiKey } from '@tender/sdk';
import { Tender, TenderError } from '@tender/sdk';
import type { Output } from './output.ts';
import { UsageError } from './usageError.ts';

export async function keysCommand(
  baseUrl: string,
  out: Output,
  p: {
    action: string;
    name?: string | undefined;
    role?: string | undefined;
    environment?: string | undefined;
    id?: string | undefined;
  },
): Promise<void> {
  const tender = new Tender({ apiKey: await sessionToken(baseUrl), baseUrl });
  switch (p.action) {
    case 'list': {
      const keys = await tender.apiKeys.list({ limit: 100 }).toArray();
      if (out.json) return out.result(keys, '');
      for (const k of keys) out.info(line(k));
      if (keys.length === 0) out.info('No API keys.');
      return;
    }
    case 'create': {
      if (!p.name)
        throw new UsageError(
          'tender keys create --name <name> [--role admin|developer|read_only] [--environment test|live]',
        );
      const key = await tender.apiKeys.create({
        name: p.name,
        environment: (p.environment ?? 'test') as 'test' | 'live',
        ...(p.role ? { role: p.role as 'admin' | 'developer' | 'read_only' } : {}),
      });
      return out.result(key, `${line(key)}\n${out.green(key.secret)}  (shown once: store it now)`);
    }
    case 'revoke': {
      if (!p.id) throw new UsageError('tender keys revoke <key id>');
      const key = await tender.apiKeys.revoke(p.id);
      return out.result(key, `Revoked ${key.id}`);
    }
    default:
      throw new UsageError(`tender keys create|list|revoke, not "${p.action}"`);
  }
}

const line = (k: Pick<ApiKey, 'id' | 'name' | 'environment' | 'role'> & { revoked_at?: string | null }) =>
  `${k.id}  ${k.environment.padEnd(4)}  ${k.role.padEnd(9)}  ${k.name}${k.revoked_at ? '  (revoked)' : ''}`;

async function sessionToken(baseUrl: string): Promise<string> {
  if (process.env.TENDER_SESSION) return process.env.TENDER_SESSION;
  const email = process.env.TENDER_EMAIL;
  const password = process.env.TENDER_PASSWORD;
  if (!email || !password) {
    throw new UsageError('Managing keys needs a person: set TENDER_EMAIL and TENDER_PASSWORD, or TENDER_SESSION');
  }
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as {
    session?: { token: string };
    error?: ConstructorParameters<typeof TenderError>[1];
  };
  if (!res.ok || !body.session) throw new TenderError(res.status, body.error ?? {});
  return body.session.token;
}
