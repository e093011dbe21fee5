// Live status without reloading: the page polls the public view every 2 s while anything can still change, and
// slows to every 10 s once the payment is settled. Polling (rather than a server push) keeps the gateway
// stateless per page and works through any proxy; one read is a few indexed queries.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type PaymentStatus, type PublicIntent } from '../../shared/api.ts';

const FAST_MS = 2000;
const SLOW_MS = 10_000;
const RESTING: readonly PaymentStatus[] = ['SETTLED', 'REFUNDED', 'PARTIALLY_REFUNDED', 'REFUND_REQUESTED'];

export interface IntentState {
  intent: PublicIntent | undefined;
  error: unknown;
  /** Milliseconds to add to Date.now() to get the server's clock (for the countdown). */
  clockOffsetMs: number;
  refresh(): Promise<void>;
}

export function usePublicIntent(id: string): IntentState {
  const [intent, setIntent] = useState<PublicIntent>();
  const [error, setError] = useState<unknown>();
  const [clockOffsetMs, setOffset] = useState(0);
  const status = useRef<PaymentStatus | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const sent = Date.now();
      const next = await api.paymentIntent(id);
      setOffset(new Date(next.server_time).getTime() - (sent + Date.now()) / 2);
      status.current = next.status;
      setIntent(next);
      setError(undefined);
    } catch (err) {
      setError(err);
    }
  }, [id]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      await refresh();
      if (stopped) return;
      timer = setTimeout(tick, status.current && RESTING.includes(status.current) ? SLOW_MS : FAST_MS);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [refresh]);

  return { intent, error, clockOffsetMs, refresh };
}
