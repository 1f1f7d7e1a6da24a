/**
 * The locator's query in its own address (locator-query.ts), replaced in place: the page
 * itself does not change. Only ever the locator's own address: a link followed from the
 * locator (a station's page) changes the address at once, but the locator stays on screen
 * until the next page's payload has come, and a search that settles in that moment must
 * not write the locator's query onto the station page's address (issue 31, a race seen on
 * a loaded machine: `/en-EU/stations/x?q=…`).
 */
import { useEffect, useState } from 'react';
import { locatorSearch, type LocatorQuery } from './locator-query';

function replaceAddress(query: LocatorQuery, ownPath: string): void {
  if (window.location.pathname !== ownPath) return;
  const search = locatorSearch(query);
  const url = `${ownPath}${search ? `?${search}` : ''}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.history.replaceState(window.history.state, '', url);
  }
}

/**
 * The path the page on screen was shown for: the browser's address when the page's
 * payload arrived (the whole path: the router's location is under its basename). It stays
 * while a navigation away waits for the next payload, when the address has moved on.
 */
export function usePathOfPage(page: unknown): string {
  const here = () => (typeof window === 'undefined' ? '' : window.location.pathname);
  const [shown, setShown] = useState(() => ({ page, path: here() }));
  // Adjusted while rendering (https://react.dev/learn/you-might-not-need-an-effect).
  if (shown.page !== page) setShown({ page, path: here() });
  return shown.page === page ? shown.path : here();
}

/**
 * The search words follow once typing pauses (`words`); the filters, sort and view at
 * once. A click before the words settle (a station's link followed) writes them at once,
 * before the link's own handler navigates, so that Back returns to the same search.
 */
export function useQueryInAddress(query: LocatorQuery, words: string, ownPath: string): void {
  useEffect(() => {
    replaceAddress({ ...query, q: words }, ownPath);
    if (words === query.q) return;
    const now = () => replaceAddress(query, ownPath);
    document.addEventListener('click', now, { capture: true });
    return () => document.removeEventListener('click', now, { capture: true });
  }, [query, words, ownPath]);
}
