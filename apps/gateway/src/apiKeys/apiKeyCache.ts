// API-key lookups cached per process, so that authenticating a request costs no database round trip (it was one of
// the two statements of POST /v1/payment-intents; bench/intents).
//
// Invariants:
// - A revoked key stops working in every process at once. A trigger (migrations/0005) NOTIFYs the key's hash on any
//   change of its revocation, role or environment, delivered at commit; each process drops the entry on hearing it.
//   The process that revoked also drops it itself (`forget`), so its very next request already sees the revocation.
//   Suspending or resuming a merchant NOTIFYs each of its keys' hashes the same way (operator/merchantsAdmin.ts).
// - A lookup that raced with such a change never caches the old answer: a notification heard while the lookup was
//   in flight bumps `epoch`, and a lookup only stores its result when the epoch is unchanged.
// - Entries live TTL_MS at most. That bounds staleness when a notification was missed (the listening connection
//   was down), and nothing is cached until the subscription is live.
// - Only valid keys are cached; an unknown or revoked key is looked up every time.
// - `last_used_at` is still recorded at most once a minute: every lookup that reaches the database does it
//   (resolveApiKey), and an entry is re-read every TTL_MS.
import { hashToken, type Database, type Sql } from '@tender/platform';
import type { KeyRole } from '../auth/permissions.ts';
import type { Environment } from '../tenant.ts';

type ValidKey = Extract<KeyLookup, { ok: true }>;

const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  lookup: ValidKey;
  cachedAt: number;
}

export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;
  private live = false;
  private closed = false;
  private subscription: Promise<(() => Promise<void>) | undefined> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Subscribes to key changes on first use (a process that never authenticates a key, such as a workers process,
   * holds no listening connection); until the subscription is live, lookups go to the database uncached. A failed
   * subscription leaves the cache off (every lookup reads the database), never wrong.
   */
  private subscribe(): void {
    if (this.subscription || this.closed) return;
    this.subscription = this.db
      .listen(this.db.channel('api_key_changes'), (hash) => {
        this.epoch++;
        this.entries.delete(hash);
      })
      .then(
        (unlisten) => {
          if (!this.closed) this.live = true;
          return unlisten;
        },
        () => undefined,
      );
  }

  /** Subscribes now and resolves once the subscription is live (or failed). */
  async start(): Promise<void> {
    this.subscribe();
    await this.subscription;
  }

  /** Ends the subscription (its connection goes back) and stops caching; lookups still work, uncached. */
  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    this.entries.clear();
    await (
      await this.subscription
    )?.();
  }

  /** Drops every entry of a merchant's keys after this process suspended or resumed it (operator/merchantsAdmin.ts). */
  forgetMerchant(merchantId: string): void {
    this.epoch++;
    for (const [hash, e] of this.entries) if (e.lookup.key.merchantId === merchantId) this.entries.delete(hash);
  }

  /** Drops a key's entry (by key id) after this process changed the key; the trigger tells the other processes. */
  forget(keyId: string): void {
    this.epoch++;
    for (const [hash, e] of this.entries) if (e.lookup.key.id === keyId) this.entries.delete(hash);
  }

  async resolve(secret: string, now: Date): Promise<KeyLookup> {
    this.subscribe();
    const hash = hashToken(secret);
    const t = now.getTime();
    const hit = this.entries.get(hash);
    if (hit && t - hit.cachedAt < TTL_MS) return hit.lookup;
    // Only a lookup that started while listening may be cached: a change committed before the subscription was
    // live was never heard, and such a lookup may have read the row before it.
    const cacheable = this.live;
    const epoch = this.epoch;
    const lookup = await resolveApiKey(this.db, hash, now);
    if (lookup.ok && cacheable && epoch === this.epoch) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(hash, { lookup, cachedAt: t });
    } else if (!lookup.ok) {
      this.entries.delete(hash);
    }
    return lookup;
  }
}

export type KeyLookup =
  | {
      ok: true;
      /** `merchantSuspended`: the operator suspended the key's merchant (authentication answers 403). */
      key: { id: string; merchantId: string; role: KeyRole; environment: Environment; merchantSuspended: boolean };
    }
  | { ok: false; reason: 'unknown' | 'revoked' };

/** Resolves a bearer API key by its hash; records use at most once a minute. */
async function resolveApiKey(sql: Sql, hash: string, now: Date): Promise<KeyLookup> {
  const [r] = await sql.query<{
    id: string;
    merchant_id: string;
    role: KeyRole;
    environment: Environment;
    revoked_at: Date | null;
    last_used_at: Date | null;
    suspended: boolean;
  }>(
    `select k.id, k.merchant_id, k.role, k.environment, k.revoked_at, k.last_used_at,
            m.suspended_at is not null as suspended
       from api_keys k join merchants m on m.id = k.merchant_id
      where k.token_hash = $1`,
    [hash],
  );
  // The prefix is part of the hashed secret, so a stored key always matches the environment its prefix names.
  if (!r) return { ok: false, reason: 'unknown' };
  if (r.revoked_at) return { ok: false, reason: 'revoked' };
  if (!r.last_used_at || now.getTime() - r.last_used_at.getTime() >= 60_000) {
    await sql.query('update api_keys set last_used_at = greatest(last_used_at, $2) where id = $1', [r.id, now]);
  }
  return {
    ok: true,
    key: {
      id: r.id,
      merchantId: r.merchant_id,
      role: r.role,
      environment: r.environment,
      merchantSuspended: r.suspended,
    },
  };
}
