import { randomUUID } from 'node:crypto';
import type { Sql } from '@tender/platform';
import { recordEvent } from '../../eventLog/index.ts';
import { ensureTenant, issueFirstToken } from '../../tenants/tenants.ts';

let walletSeq = 0;

/** A tenant with its access token (as the first provisioning would issue it). */
export async function makeTenant(sql: Sql): Promise<{ id: string; wallet: string; token: string }> {
  const wallet = `0x${(Date.now().toString(16) + (++walletSeq).toString(16).padStart(6, '0') + randomUUID().replace(/-/g, '')).slice(0, 40)}`;
  const t = await ensureTenant(sql, wallet);
  const token = (await issueFirstToken(sql, t))!;
  return { id: t.id, wallet, token };
}

/** One durable event as a producer writes it (recordEvent), with test fields. */
export async function makeEvent(
  sql: Sql,
  tenantId: string,
  fields: Record<string, unknown> = {},
  opts: { type?: string; service?: string; resourceId?: string; agentId?: string; expiresAt?: Date } = {},
): Promise<string> {
  const r = await recordEvent(sql, {
    tenantId,
    type: opts.type ?? 'test.event',
    source: 'agentos.internal',
    service: opts.service ?? null,
    resourceId: opts.resourceId ?? null,
    agentId: opts.agentId ?? null,
    fields,
    dedupeKey: `test:${randomUUID()}`,
    expiresAt: opts.expiresAt ?? null,
  });
  return r.eventId;
}

/** Polls `fn` until it returns a value other than undefined (or throws after `ms`). */
export async function eventually<T>(
  fn: () => Promise<T | undefined> | T | undefined,
  ms = 10_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
