// Reading the caught mail: each message is parsed from its MIME source when read (mailparser), so what the page and
// the API show is what a mail client would show of the same bytes.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Sql } from '@tender/platform';

export interface CaughtAttachment {
  index: number;
  filename: string;
  contentType: string;
  size: number;
}

export interface CaughtMail {
  id: string;
  source: string;
  from: string;
  to: string[];
  subject: string;
  /** When the catcher kept it (the Date header may say otherwise). */
  date: Date;
  text: string;
  html: string | null;
  /** Every http(s) link of the HTML and the text, in order of appearance, without repeats. */
  links: string[];
  attachments: CaughtAttachment[];
  headers: { name: string; value: string }[];
}

interface Row {
  id: string;
  source: string;
  envelope_from: string;
  envelope_to: string[];
  raw: Uint8Array;
  created_at: Date;
}

/** Most messages the list returns at once. */
export const DEV_MAIL_LIST_MAX = 200;

export async function listCaughtMail(db: Sql, p: { limit: number }): Promise<CaughtMail[]> {
  const rows = await db.query<Row>(
    `select id, source, envelope_from, envelope_to, raw, created_at from dev_mail_messages
      order by created_at desc, id desc limit $1`,
    [Math.min(p.limit, DEV_MAIL_LIST_MAX)],
  );
  return Promise.all(rows.map(async (r) => toCaught(r, await parse(r.raw))));
}

/** One message with its parsed form (attachments' bytes included), or undefined when there is none by that id. */
export async function getCaughtMail(
  db: Sql,
  id: string,
): Promise<{ mail: CaughtMail; parsed: ParsedMail; raw: Buffer } | undefined> {
  const [r] = await db.query<Row>(
    'select id, source, envelope_from, envelope_to, raw, created_at from dev_mail_messages where id = $1',
    [id],
  );
  if (!r) return undefined;
  const parsed = await parse(r.raw);
  return { mail: toCaught(r, parsed), parsed, raw: Buffer.from(r.raw) };
}

export async function deleteCaughtMail(db: Sql): Promise<number> {
  const rows = await db.query('delete from dev_mail_messages returning id');
  return rows.length;
}

const parse = (raw: Uint8Array) => simpleParser(Buffer.from(raw), { skipImageLinks: true });

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? '')).filter(Boolean);
}

/** `Name <address>` as people write it (mailparser's text quotes the name). */
function fromOf(a: AddressObject | undefined): string | undefined {
  const v = a?.value[0];
  if (!v?.address) return undefined;
  return v.name ? `${v.name} <${v.address}>` : v.address;
}

function toCaught(r: Row, m: ParsedMail): CaughtMail {
  const html = typeof m.html === 'string' ? m.html : null;
  const text = m.text ?? '';
  return {
    id: r.id,
    source: r.source,
    from: fromOf(m.from) ?? r.envelope_from,
    to: addresses(m.to).length ? addresses(m.to) : r.envelope_to,
    subject: m.subject ?? '',
    date: r.created_at,
    text,
    html,
    links: linksOf(html, text),
    attachments: m.attachments.map((a, index) => ({
      index,
      filename: a.filename ?? `attachment-${index + 1}`,
      contentType: a.contentType,
      size: a.size,
    })),
    headers: m.headerLines.map((h) => {
      const colon = h.line.indexOf(':');
      return { name: colon > 0 ? h.line.slice(0, colon) : h.key, value: h.line.slice(colon + 1).trim() };
    }),
  };
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The http(s) links of a message: the HTML's hrefs first, then URLs written in the text. */
export function linksOf(html: string | null, text: string): string[] {
  const found: string[] = [];
  for (const m of (html ?? '').matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    found.push((m[1] ?? m[2] ?? '').replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e));
  }
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) found.push(m[0].replace(/[.,;:)\]]+$/, ''));
  return [...new Set(found.filter((u) => /^https?:\/\//i.test(u)))];
}
