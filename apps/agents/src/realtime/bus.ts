import { randomBytes } from 'node:crypto';
import type { Database } from '@tender/platform';

/**
 * JSON messages between gateway processes over one NOTIFY channel. NOTIFY payloads must stay under 8000 bytes;
 * a larger message (a long transcript, a 2000-character response in a four-byte script) is sent as base64 chunks
 * `#<id>:<i>:<n>:<data>` in one statement (so together, in order, at its commit) and reassembled here. Chunks of a
 * message that never completes are dropped after `partialTtlMs`. Delivery is best effort, as NOTIFY is: every use
 * (voice turns) has a deadline that turns a lost message into a fallback, never into a hang.
 */
export interface Bus<M> {
  publish(msg: M): Promise<void>;
  start(onMessage: (msg: M) => void): Promise<void>;
  stop(): Promise<void>;
}

/** Payloads up to this size go as they are; bigger ones are chunked (base64 grows by 4/3: 7,200 chars per chunk). */
const PLAIN_LIMIT = 7_900;
const CHUNK_CHARS = 7_200;

export function createBus<M>(db: Database, name: string, opts: { partialTtlMs?: number } = {}): Bus<M> {
  const channel = db.channel(name);
  const ttl = opts.partialTtlMs ?? 30_000;
  const partial = new Map<string, { parts: string[]; got: number; at: number }>();
  let unlisten: (() => Promise<void>) | null = null;

  const receive = (payload: string, onMessage: (msg: M) => void) => {
    let json = payload;
    if (payload.startsWith('#')) {
      const m = /^#([0-9a-f]{16}):(\d+):(\d+):(.*)$/s.exec(payload);
      if (!m) return;
      const [, id, iRaw, nRaw, data] = m as unknown as [string, string, string, string, string];
      const i = Number(iRaw);
      const n = Number(nRaw);
      if (!(n > 0 && n <= 1000 && i < n)) return;
      const now = Date.now();
      for (const [k, v] of partial) if (now - v.at > ttl) partial.delete(k);
      const entry = partial.get(id) ?? { parts: new Array<string>(n).fill(''), got: 0, at: now };
      partial.set(id, entry);
      if (entry.parts[i] === '') {
        entry.parts[i] = data;
        entry.got++;
      }
      if (entry.got < n) return;
      partial.delete(id);
      json = Buffer.from(entry.parts.join(''), 'base64').toString('utf8');
    }
    let msg: M;
    try {
      msg = JSON.parse(json) as M;
    } catch {
      return; // not ours; every publisher on this channel sends JSON
    }
    onMessage(msg);
  };

  return {
    async publish(msg) {
      const json = JSON.stringify(msg);
      let payloads: string[];
      if (Buffer.byteLength(json, 'utf8') <= PLAIN_LIMIT) payloads = [json];
      else {
        const b64 = Buffer.from(json, 'utf8').toString('base64');
        const id = randomBytes(8).toString('hex');
        const n = Math.ceil(b64.length / CHUNK_CHARS);
        payloads = Array.from(
          { length: n },
          (_, i) => `#${id}:${i}:${n}:${b64.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS)}`,
        );
      }
      await db.query(`select pg_notify($1, p)::text from unnest($2::text[]) with ordinality as u(p, i) order by i`, [
        channel,
        payloads,
      ]);
    },
    async start(onMessage) {
      if (unlisten) return;
      unlisten = await db.listen(channel, (p) => receive(p, onMessage));
    },
    async stop() {
      const u = unlisten;
      unlisten = null;
      partial.clear();
      if (u) await u();
    },
  };
}
