/**
 * A value one commit late: what the locator's map draws (the results once the list has
 * shown them). In one render the map's clustering and first draw held the list back: on a
 * cold start of the installed app offline, about 0.3 s of the 2.6 s until the list was
 * usable at 1,300 stations (4× slowdown, scripts/bench-pwa-offline.ts), more at 13,000.
 * The list is what a driver reads first; the map takes the value in a transition of its
 * own after the list's commit, which React may interrupt for the next key.
 */
import { startTransition, useEffect, useState } from 'react';

export function useAfterList<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    startTransition(() => setShown(value));
  }, [value]);
  return shown;
}
