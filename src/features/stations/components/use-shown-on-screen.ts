/**
 * Whether an element has come near the screen and is displayed, once: the maps mount then,
 * not with the page. On a phone the locator shows its list and hides the map column
 * (`display: none`, the list/map switch), and a station page's map is at its end; a
 * Lighthouse trace of both put the map's first draw (country outlines, clusters, the
 * layout its size reads force) among the longest tasks of a first visit, for a map
 * nobody saw (docs/performance.md). An element that is not displayed never intersects,
 * so the switch to the map view mounts it as well as scrolling does.
 */
import { useEffect, useState, type RefObject } from 'react';

/** How far from the screen the map starts to mount: about half a phone screen. */
const AHEAD = '400px 0px';

export function useShownOnScreen(ref: RefObject<Element | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, shown]);
  return shown;
}
