// `tender mail [--follow] [--json]`: the mail the local dev mail catcher kept (the gateway's /dev/mail/api), read
// over HTTP like the page. No key: the catcher exists on the dev profile only and holds nothing of a merchant's API.
import { TenderConnectionError } from '@tender/sdk';
import { readDevJson } from '../devJson.ts';
import type { Output } from './output.ts';

export interface CaughtMailJson {
  id: string;
  source: string;
  from: string;
  to: string[];
  subject: string;
  date: string;
  text: string;
  html: string | null;
  links: string[];
  attachments: { filename: string; content_type: string; size: number; url: string }[];
}

/** The catcher's list URL: --url (a gateway), TENDER_URL, or the local dev.json's `mail.api`. */
export async function mailApiUrl(home: string, flags: { url?: string | undefined }): Promise<string> {
  const base = flags.url ?? process.env.TENDER_URL;
  if (base) return `${base.replace(/\/+$/, '')}/dev/mail/api/messages`;
  const dev = await readDevJson(home);
  const api = dev.mail?.api ?? (dev.gateway?.url ? `${String(dev.gateway.url)}/dev/mail/api/messages` : undefined);
  if (typeof api !== 'string')
    throw new TenderConnectionError('No gateway URL: pass --url, set TENDER_URL, or run `npm start` here first');
  return api;
}

async function fetchMail(api: string, limit: number, signal?: AbortSignal): Promise<CaughtMailJson[]> {
  let res: Response;
  try {
    res = await fetch(`${api}?limit=${limit}`, { ...(signal ? { signal } : {}) });
  } catch (err) {
    if (signal?.aborted) return [];
    throw new TenderConnectionError(`${api}: ${(err as Error).message}`, { cause: err });
  }
  if (res.status === 404)
    throw new TenderConnectionError(`${api} answered 404: that gateway has no dev mail catcher (dev profile only)`);
  if (!res.ok) throw new TenderConnectionError(`${api} answered ${res.status}`);
  return ((await res.json()) as { data: CaughtMailJson[] }).data;
}

function show(out: Output, m: CaughtMailJson): void {
  const files = m.attachments.map((a) => `\n    📎 ${a.filename} (${a.content_type}, ${a.size} bytes) ${a.url}`);
  const links = m.links.map((l) => `\n    ${out.dim('→')} ${l}`);
  out.result(
    m,
    `${out.dim(m.date.replace('T', ' ').slice(0, 19))}  ${m.from} → ${m.to.join(', ')}\n  ${out.green(m.subject || '(no subject)')}${links.join('')}${files.join('')}`,
  );
}

/**
 * Prints the newest `limit` messages, oldest first (as a terminal reads down). With `follow`, then polls and prints
 * each new message once, until `signal` aborts.
 */
export async function mailCommand(
  api: string,
  out: Output,
  opts: { follow: boolean; limit: number; pollMs?: number; signal?: AbortSignal },
): Promise<void> {
  const seen = new Set<string>();
  const first = await fetchMail(api, opts.limit, opts.signal);
  for (const m of first.reverse()) {
    seen.add(m.id);
    show(out, m);
  }
  if (!first.length) out.info(out.dim('No mail yet.'));
  if (!opts.follow) return;
  out.info(out.dim(`Waiting for mail (${api}); Ctrl-C stops.`));
  while (!opts.signal?.aborted) {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, opts.pollMs ?? 1000);
      opts.signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
    });
    if (opts.signal?.aborted) return;
    const fresh = (await fetchMail(api, 50, opts.signal)).filter((m) => !seen.has(m.id)).reverse();
    for (const m of fresh) {
      seen.add(m.id);
      show(out, m);
    }
  }
}
