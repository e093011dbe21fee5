import { useState } from 'react';

/**
 * A form's or a card's user actions: `run(work)` marks it busy, clears the last error and keeps a failure for the
 * page to show (ApiErrorText) rather than letting it escape the event handler.
 */
export function useAction(): {
  busy: boolean;
  error: unknown;
  setError: (error: unknown) => void;
  run: (work: () => Promise<unknown>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(work: () => Promise<unknown>): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
