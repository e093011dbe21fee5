import { useEffect, useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';

function left(expiresAt: string, offsetMs: number): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - (Date.now() + offsetMs)) / 1000));
}

/**
 * Time left to pay, on the server's clock (a phone's clock may be off by minutes). Shown only in states whose
 * window is open; at zero the page's next poll moves it to a closed state, so it never reads "closed" here.
 */
export function ExpiryCountdown({ expiresAt, clockOffsetMs }: { expiresAt: string; clockOffsetMs: number }) {
  const { tx, countdown } = useI18n();
  const [seconds, setSeconds] = useState(() => left(expiresAt, clockOffsetMs));
  useEffect(() => {
    setSeconds(left(expiresAt, clockOffsetMs));
    const timer = setInterval(() => setSeconds(left(expiresAt, clockOffsetMs)), 1000);
    return () => clearInterval(timer);
  }, [expiresAt, clockOffsetMs]);
  return (
    <p className="countdown">
      {tx('checkout.payWithin', {
        time: (
          <span role="timer" aria-live="off" data-testid="countdown">
            {countdown(seconds)}
          </span>
        ),
      })}
    </p>
  );
}
