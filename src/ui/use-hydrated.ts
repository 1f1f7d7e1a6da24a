/**
 * Whether the page has hydrated: false in the server's render and in the browser's
 * hydration of it, true after, and true at once for anything mounted later (a client
 * navigation). What a component shows only in the browser (a date from the browser's
 * clock, buttons that need script) follows it.
 *
 * Not useSyncExternalStore with a server snapshot that differs from the browser's: after
 * hydration React re-renders every such component synchronously, inside the task that runs
 * the hydration's effects, and on a station page that render (the whole page, for its
 * date) made that task the longest Lighthouse counted (about 390 ms at 4× CPU slowdown,
 * docs/performance.md). Here the switch is a transition: React renders it in slices.
 *
 * Only for components hydrated with the page's root, not inside a Suspense boundary
 * that hydrates later (such a component mounted after the switch would render the
 * browser's form where the server's HTML has the other).
 */
import { startTransition, useEffect, useState } from 'react';

/** Set by the first effect of a hydrated component: from then on, mounts are not hydration. */
let pageHydrated = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** For tests: back to the state of a page that has not hydrated. */
export function resetHydratedForTests(): void {
  pageHydrated = false;
}
