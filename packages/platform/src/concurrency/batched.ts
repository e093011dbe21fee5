/**
 * Group commit: gathers the calls made during one event-loop turn into one call of `fn`, which must answer one
 * value per item, in input order. At most `maxInFlight` calls of `fn` run at once (default: no limit); what arrives
 * meanwhile waits and goes into the next batch. With `distinct`, two items with the same key never share a batch
 * (the second waits for the next), e.g. two writes of one row that must not meet in one statement. A batch holds
 * at most `maxBatch` items (default 500); the rest wait their turn.
 *
 * Errors: if `fn` rejects, every call of that batch rejects with its error (one statement: nothing was written for
 * any of them). Callers that must isolate one bad item handle that inside `fn`.
 */
export function batched<K, V>(
  fn: (items: K[]) => Promise<V[]>,
  opts: { maxInFlight?: number; distinct?: (item: K) => string; maxBatch?: number } = {},
): (item: K) => Promise<V> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxInFlight = opts.maxInFlight ?? Infinity;
  let queue: { item: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let inFlight = 0;
  const schedule = () => {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(run);
  };
  const run = () => {
    scheduled = false;
    const seen = new Set<string>();
    const batch: typeof queue = [];
    const later: typeof queue = [];
    for (const q of queue) {
      const key = opts.distinct?.(q.item);
      if (batch.length >= maxBatch || (key !== undefined && seen.has(key))) later.push(q);
      else {
        if (key !== undefined) seen.add(key);
        batch.push(q);
      }
    }
    queue = later;
    inFlight++;
    fn(batch.map((b) => b.item))
      .then(
        (values) => batch.forEach((b, i) => b.resolve(values[i] as V)),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  };
  return (item) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
