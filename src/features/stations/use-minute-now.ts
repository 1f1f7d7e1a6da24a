/**
 * The time, refreshed at every minute boundary and when the page comes back into view (a
 * phone wakes an app left open), for "open now", "closes in 40 min" and the age of prices
 * and charger statuses. Null on the server and in the first render in the browser, so
 * that hydration never compares two clocks; the time shows right after, in a transition:
 * set in the hydration's effects, a plain update made React re-render the station page's
 * prices, chargers and hours synchronously in the same task, one of its longest
 * (docs/performance.md).
 */
import { startTransition, useEffect, useState } from 'react';

const MINUTE = 60_000;

export function useMinuteNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = new Date();
      startTransition(() => setNow(current));
      clearTimeout(timer);
      timer = setTimeout(tick, MINUTE - (current.getTime() % MINUTE) + 50);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return now;
}
