/**
 * SQLSTATEs after which running the same work again is the whole remedy: deadlock_detected (40P01) and
 * serialization_failure (40001). PostgreSQL rolled the statement or transaction back, so nothing of it was written.
 */
const TRANSIENT_SQLSTATES = new Set(['40P01', '40001']);

export function isTransientDbError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && TRANSIENT_SQLSTATES.has((err as { code?: unknown }).code as string);
}

/**
 * Runs `fn` (one statement, or one `tx`) and runs it again, up to `attempts` times in all, while it fails with a
 * transient error, after a short jittered pause. Only for work that is atomic: a failed try must have written nothing.
 * Example: a statement that locks rows of two tables in an order other writers reverse (webhook attempt logging vs
 * disabling an endpoint) can be chosen as a deadlock victim; the retry then goes through.
 */
export async function retryTransient<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts || !isTransientDbError(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}
