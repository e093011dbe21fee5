import { useCallback, useEffect, useState } from 'react';

/** Loads `fn` now and whenever `deps` change; `reload` runs it again. Errors are kept for the page to show. */
export function useLoad<T>(
  fn: () => Promise<T>,
  deps: readonly unknown[],
): {
  data: T | null;
  error: unknown;
  reload: () => Promise<void>;
} {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(fn, deps);
  const reload = useCallback(async () => {
    try {
      setData(await run());
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, [run]);
  useEffect(() => {
    let live = true;
    run().then(
      (d) => {
        if (live) {
          setData(d);
          setError(null);
        }
      },
      (err: unknown) => {
        if (live) setError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [run]);
  return { data, error, reload };
}
