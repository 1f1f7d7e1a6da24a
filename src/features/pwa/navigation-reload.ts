/**
 * The small part of the PWA feature that is in the landing page's script, because it sits
 * in the navigation path (src/entry-client.tsx): everything else loads after hydration.
 *
 * - Build updates (spec §4 "Build check"): once the app knows that a newer build is out
 *   (./build-check.ts) or that a newer service worker is waiting, the next client
 *   navigation becomes a full page load of its target, so the new build shows up at a
 *   moment the visitor chose, never under a half-filled form.
 * - Chunk-load errors (spec §4): a script chunk that cannot be loaded (a release
 *   removed it) reloads the target route once; a second failure within the 10000 ms reload
 *   guard is left to the error page, so it can never loop. Offline there is no reload: the
 *   chunk is missing for want of a network, and a reload would lose the open page.
 * - Offline: a client navigation whose payload cannot be fetched becomes a page load when
 *   a service worker controls the page, which answers with the saved page or the offline
 *   page in the page's language instead of a "500" error page.
 */
import { RELOAD_GUARD_MS } from '#shared/rules/limits';
import { ApiError } from '#shared/api/errors';

const GUARD_KEY = 'st1:chunk-reload-at';

type Prepare = () => Promise<void>;
let pendingReload: { prepare: Prepare | undefined } | undefined;
let navigatingTo: string | undefined;

/** From now on the next client navigation is a full page load (after `prepare`, if given). */
export function reloadOnNextNavigation(prepare?: Prepare): void {
  pendingReload = { prepare: prepare ?? pendingReload?.prepare };
}

/**
 * Whether an error is a failed load of a script chunk (Chromium, Firefox and Safari word
 * it differently) or of a chunk's preloaded CSS (Vite's preload helper).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/**
 * A request that never got an answer (offline, DNS, connection refused, timed out): the
 * browser's TypeError from fetch, or ky's NetworkError and TimeoutError wrapping it.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (isChunkLoadError(error)) return false;
  if (error instanceof ApiError) return error.failure === 'network' || error.failure === 'timeout';
  if (error instanceof TypeError) return true;
  return error instanceof Error && (error.name === 'NetworkError' || error.name === 'TimeoutError');
}

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Claims the one reload the guard allows: true when no chunk-error reload happened in the
 * last 10000 ms (and records this one), false otherwise. Without session storage there is
 * no way to know, so it answers false: a missed reload is better than a loop.
 */
export function claimChunkReload(storage: GuardStorage | undefined, now: number): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(GUARD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

function sessionStore(): GuardStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const never = <T>() => new Promise<T>(() => {});

function loadDocument(target: string): void {
  window.location.assign(target);
}

/** Reloads `target` after a chunk-load error, unless the guard forbids it. */
function reloadAfterChunkError(target: string): boolean {
  if (!claimChunkReload(sessionStore(), Date.now())) return false;
  loadDocument(target);
  return true;
}

/**
 * Chunk errors outside a navigation (the first page's blocks before hydration, a dialog
 * opened later): reload the page once. During a navigation the loader wrapper below
 * handles them, with the navigation's target.
 */
export function listenForChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (navigatingTo !== undefined) return;
    // Offline, a chunk fails because there is no network, not because a release removed
    // it: a reload would swap the open page (a half-typed form) for the browser's offline
    // page. The failed part shows its own error; the rest of the page stays.
    if (!navigator.onLine) return;
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadAfterChunkError(window.location.href)) {
      // The page is going away: keep the error from surfacing as an unhandled rejection.
      event.preventDefault();
    } else {
      console.error('A script chunk failed to load again within the reload guard', payload);
    }
  });
}

/** Wraps the page loader of client navigation (src/entry-client.tsx) with the rules above. */
export function withNavigationReloads<T>(
  load: (target: string, signal: AbortSignal) => Promise<T>,
): (target: string, signal: AbortSignal) => Promise<T> {
  return async (target, signal) => {
    if (pendingReload) {
      const { prepare } = pendingReload;
      await prepare?.().catch(() => undefined);
      loadDocument(target);
      return never<T>();
    }
    navigatingTo = target;
    try {
      return await load(target, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      if (isChunkLoadError(error) && reloadAfterChunkError(target)) return never<T>();
      if (isNetworkFailure(error) && navigator.serviceWorker?.controller) {
        loadDocument(target);
        return never<T>();
      }
      throw error;
    } finally {
      if (navigatingTo === target) navigatingTo = undefined;
    }
  };
}

/** The document title of the offline notice a failed navigation ends in (the app catalog). */
export const OFFLINE_NOTICE_TITLE_ID = /*i18n*/ 'app.offline.documentTitle';
