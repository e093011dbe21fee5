import { useEffect, useState } from 'react';

function left(expiresAt: string, offsetMs: number): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - (Date.now() + offsetMs)) / 1000));
}

/** Time left to pay, on the server's clock (a phone's clock may be off by minutes). */
export function ExpiryCountdown({ expiresAt, clockOffsetMs }: { expiresAt: string; clockOffsetMs: number }) {
  const [seconds, setSeconds] = useState(() => left(expiresAt, clockOffsetMs));
  useEffect(() => {
    setSeconds(left(expiresAt, clockOffsetMs));
    const t = setInterval(() => setSeconds(left(expiresAt, clockOffsetMs)), 1000);
    return () => clearInterval(t);
  }, [expiresAt, clockOffsetMs]);
  if (seconds <= 0) return <p className="countdown expired">Payment window closed</p>;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const text =
    h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
  return (
    <p className="countdown">
      Pay within{' '}
      <span role="timer" aria-live="off" data-testid="countdown">
        {text}
      </span>
    </p>
  );
}
