/**
 * The search words the locator's address and map follow: the list's words once the typing
 * has paused. Each change of the address costs a history entry update and, in Chromium, a
 * fresh load of the favicon; each change of the map's stations rebuilds its clusters.
 * Neither belongs on every key (docs/performance.md "Interaction").
 */
import { startTransition, useEffect, useState } from 'react';

/** How long the typing rests before the address and the map follow the words. */
export const TYPING_PAUSE_MS = 400;

/**
 * `words` (what the list shows) once `typed` (what is in the field) has rested for
 * TYPING_PAUSE_MS and the list has caught up with it; `words` at once when the locator opens.
 *
 * The pause is counted from the last key, not from the list's last change: the list takes
 * each key in a render React may interrupt, and on a busy machine it can stay on an early
 * word for longer than the pause while the keys go on. Counted from the list's change, the
 * address took that word ("?q=h") in the middle of typing (a flaky CI run of stations.spec.ts
 * "typing: …": two writes for one word typed without a pause).
 */
export function useSettledWords(words: string, typed: string): string {
  const [settled, setSettled] = useState(words);
  useEffect(() => {
    // Not yet shown, or shown already: nothing to settle (a key restarts the wait below).
    if (words !== typed || words === settled) return;
    // A render React may interrupt: the map's clusters are rebuilt in it.
    const timer = setTimeout(() => startTransition(() => setSettled(words)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [words, typed, settled]);
  return settled;
}
