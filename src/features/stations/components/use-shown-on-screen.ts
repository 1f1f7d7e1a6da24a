/**
 * Whether an element has been displayed (or has come near the screen), once: the maps
 * mount then, not with the page. On a phone the locator shows its list and hides the map
 * column (`display: none`, the list/map switch), and a station page's map is several
 * screens down; a Lighthouse trace of both put the map's first draw (country outlines,
 * clusters, the layout its size reads force) among the longest tasks of a first visit,
 * for a map nobody saw (docs/performance.md).
 *
 * - `displayed`: as soon as the element has a box (the locator: the switch to the map
 *   view mounts it wherever it is, under an open filter panel too);
 * - `near`: when it is displayed and within a screen's height of the screen (a station page).
 */
import { useEffect, useState, type RefObject } from 'react';

export type ShownWhen = 'displayed' | 'near';

/** How far from the screen a `near` element counts as shown: one screen height. */
const AHEAD = '100% 0px';

function observe(element: Element, when: ShownWhen, onShown: () => void): () => void {
  if (when === 'near') {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onShown(), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }
  // A ResizeObserver reports the box when observing starts and whenever `display` changes it.
  const observer = new ResizeObserver((entries) =>
    entries.some((e) => e.contentRect.width > 0 || e.contentRect.height > 0) ? onShown() : undefined,
  );
  observer.observe(element);
  return () => observer.disconnect();
}

export function useShownOnScreen(ref: RefObject<Element | null>, when: ShownWhen): boolean {
  // Without the observers (old browsers, the server render) the map mounts at once.
  const [shown, setShown] = useState(
    () => typeof IntersectionObserver !== 'function' || typeof ResizeObserver !== 'function',
  );
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    return observe(element, when, () => setShown(true));
  }, [ref, shown, when]);
  return shown;
}
