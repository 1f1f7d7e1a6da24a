/**
 * The build check of spec §4: the page asks `/builds/latest.json?t=…` which build the
 * server has, and when it is not the build this page runs (`__BUILD_ID__`, from
 * vite.config.ts), the next navigation becomes a full page load (./navigation-reload.ts)
 * and the service worker is asked to update.
 *
 * When: once at start, every 5 minutes while the tab is visible and online (the spec
 * leaves the interval open; five minutes is one small request per tab and still catches a
 * release well before most visits end), and whenever the tab becomes visible again (a
 * phone app brought back after hours), at most once a minute.
 */
import { whenEssentialRequestsAnswered } from '#shared/api/essential-requests';
import { PROBE_API_PATHS } from '#shared/api/paths';
import { activateWaitingWorker, checkForWorkerUpdate } from './sw-bridge';
import { reloadOnNextNavigation } from './navigation-reload';

export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;
const VISIBLE_CHECK_MIN_GAP_MS = 60 * 1000;

/** The build id in a `/builds/latest.json` answer, or undefined when it has none. */
export function buildIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('id' in body)) return undefined;
  const { id } = body;
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : undefined;
}

export async function fetchLatestBuildId(fetcher: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetcher(`/${PROBE_API_PATHS.latestBuild}?t=${Date.now()}`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    return buildIdOf(await response.json());
  } catch {
    return undefined; // Offline or a broken answer: ask again later.
  }
}

export interface BuildCheck {
  /** Checks now (also used by tests); resolves with whether the build changed. */
  check(): Promise<boolean>;
  stop(): void;
}

export function startBuildCheck(currentBuildId: string): BuildCheck {
  let changed = false;
  let lastCheck = 0;

  async function check(): Promise<boolean> {
    if (changed) return true;
    if (!navigator.onLine) return false;
    lastCheck = Date.now();
    // Behind the page's own requests: on a link that holds answers back, this one took a
    // connection the cart's check was waiting for (#shared/api/essential-requests).
    await whenEssentialRequestsAnswered();
    const latest = await fetchLatestBuildId();
    if (latest !== undefined && latest !== currentBuildId) {
      changed = true;
      reloadOnNextNavigation(activateWaitingWorker);
      void checkForWorkerUpdate();
    }
    return changed;
  }

  const timer = window.setInterval(() => {
    if (document.visibilityState === 'visible') void check();
  }, BUILD_POLL_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck >= VISIBLE_CHECK_MIN_GAP_MS) void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  void check();

  return {
    check,
    stop() {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
