import { useEffect, useState } from 'react';

const TICK_MS = 60_000;

/** The browser's "now" in epoch milliseconds, read again every minute: the waited minutes move on while the list is open. */
export function useMinuteNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Whole minutes from an ISO instant to `now`; never below 0 (the browser's clock may run behind the server's). */
export function minutesSince(iso: string, now: number): number {
  const since = Date.parse(iso);
  return Number.isNaN(since) ? 0 : Math.max(0, Math.floor((now - since) / 60_000));
}
