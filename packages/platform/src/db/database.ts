/**
 * The one database interface every domain operation uses. Two implementations run the same SQL text:
 * PostgreSQL through postgres.js (production, CI) and PGlite (embedded, dev profile and fast tests).
 *
 * Parameters are positional ($1, $2 …). Rows come back as plain objects with column names as keys;
 * `numeric` and `int8` arrive as strings (never floats: money is bigint in code, numeric in SQL),
 * `timestamptz` as Date, `jsonb` as parsed JSON.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction (READ COMMITTED): commits when it resolves, rolls back when it throws.
   * Nested calls inside `fn` must use the `tx` handed in, never the outer database.
   */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Sends NOTIFY `payloads` on `channel` (already namespaced), in order, in one transaction of their own, on a
   * connection kept for it: a wake-up never waits in the queue of the pool's statements (producers that fell behind
   * would otherwise delay the wake-ups of what they already committed).
   */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (already namespaced by `channel()`); resolves once listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Namespaces a channel name so that several schemas on one server (tests) do not wake each other. */
  channel(name: string): string;
  close(): Promise<void>;
}
