/**
 * Client navigation (spec §2, §4): the router's location changes at once, the page stays
 * until the new payload is current, and the loading flag is up meanwhile. A plain
 * react-router <BrowserRouter> plus this hook replaces the data router, whose code alone
 * was 17 KB gzip of the landing page's budget (docs/decisions/004-declarative-router.md).
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { PagePayload } from '#shared/payload';
import { useSite } from '@/ui/site-context';

/** Loads the payload of a document path (basename included) with its query string. */
export type PayloadLoader = (target: string, signal: AbortSignal) => Promise<PagePayload>;

type Shown =
  | { target: string; ok: true; payload: PagePayload }
  /** `previous`: the last page that loaded, whose shell (header, footer) frames the error. */
  | { target: string; ok: false; failure: unknown; previous: PagePayload };

export interface PageNavigation {
  /** The page on screen (the previous one while the next loads). */
  payload: PagePayload | null;
  /** Set when the last navigation failed (network down, a broken answer): a 500 page. */
  failure: unknown;
  /** The last page that loaded: on screen, or before the failed navigation. */
  lastLoaded: PagePayload;
  loading: boolean;
  /** The document path and query of the page on screen. */
  shownTarget: string;
}

function documentPath(basename: string, pathname: string): string {
  if (!basename) return pathname;
  return pathname === '/' ? basename : `${basename}${pathname}`;
}

/**
 * Follows the router's location. `load` is absent on the server, which renders the one
 * payload it was given. `initialTarget`: the address `initial` belongs to, when it is not
 * the current one (the app shell: the current address is loaded at once).
 */
export function usePageNavigation(initial: PagePayload, load?: PayloadLoader, initialTarget?: string): PageNavigation {
  const { pathname, search } = useLocation();
  const { basename } = useSite();
  const target = documentPath(basename, pathname) + search;
  const [shown, setShown] = useState<Shown>({ target: initialTarget ?? target, ok: true, payload: initial });

  useEffect(() => {
    if (!load || target === shown.target) return;
    const controller = new AbortController();
    load(target, controller.signal).then(
      (payload) => {
        if (!controller.signal.aborted) setShown({ target, ok: true, payload });
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error(failure);
        setShown((before) => ({ target, ok: false, failure, previous: before.ok ? before.payload : before.previous }));
      },
    );
    // A newer navigation wins: the older answer is dropped.
    return () => controller.abort();
  }, [load, target, shown.target]);

  return {
    payload: shown.ok ? shown.payload : null,
    failure: shown.ok ? undefined : shown.failure,
    lastLoaded: shown.ok ? shown.payload : shown.previous,
    loading: target !== shown.target,
    shownTarget: shown.target,
  };
}

const savedScroll = new Map<string, number>();

/**
 * Scrolls when a new page is shown: back and forward restore where the visitor was, other
 * navigations go to the #anchor when there is one, else to the top (spec §2). A change of
 * the hash alone scrolls to its anchor.
 */
export function useScrollOnNavigation(shownTarget: string): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const previousKey = useRef(key);
  // The first page is the browser's: it has scrolled it (to an anchor, or by the visitor
  // before hydration) and nothing may move it.
  const firstRun = useRef(true);

  // Remember where the page being left was scrolled to, before the next one renders.
  useEffect(() => {
    if (previousKey.current === key) return;
    savedScroll.set(previousKey.current, window.scrollY);
    previousKey.current = key;
  }, [key]);

  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    if (navigationType === 'POP' && savedScroll.has(key)) {
      window.scrollTo(0, savedScroll.get(key)!);
      return;
    }
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    // Runs when the shown page or the hash changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownTarget, hash]);
}
