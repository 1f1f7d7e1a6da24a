/**
 * The PWA feature's browser-only part, mounted after hydration with the other client
 * extras (src/app/client-extras.tsx), so none of it is in the landing page's script:
 * the service worker registration and update policy, the build check, payload prefetch,
 * keeping pages reached by client navigation for offline use, background tasks of other
 * features, and the install offer (with the `app` message catalog it needs).
 */
import { useEffect, useState } from 'react';
import { whenEssentialRequestsAnswered } from '#shared/api/essential-requests';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import { loadFeatureMessages } from '@/i18n/catalogs';
import type { Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import { askForPersistentStorage } from '@/ui/persistent-storage';
import { afterLoadAndIdle } from '@/ui/after-load-idle';
import { browserEnvironment, scheduleBackgroundTasks } from '../background-tasks';
import { startBuildCheck } from '../build-check';
import { isStandalone } from '../display-mode';
import { pageToKeepOffline } from '../keep-offline';
import { prefetchAllowedNow, startPrefetching } from '../prefetch';
import { keepPagesOffline, startServiceWorker, whenServiceWorkerControls } from '../sw-bridge';
import { InstallPrompt } from './install-prompt';

/**
 * Work another feature wants done once the app can work offline (a service worker controls
 * the page) and only on a connection that allows prefetch (not Save-Data, not 2g), such as
 * storing the station list; run again whenever the app comes back to the foreground or
 * online (../background-tasks.ts), so each task must decide itself whether it is time.
 * The app shell passes these in: features do not import each other.
 */
export type BackgroundTask = (site: { locale: Locale }) => Promise<void>;

// Once per document, whatever React does with the component (StrictMode runs effects twice).
let started = false;
// The payload on screen when the worker was last asked; undefined until the first page.
let lastShown: PagePayload | null | undefined;

/**
 * After each client navigation, asks the worker to keep the new page's document (the first
 * page is asked for by startServiceWorker). Reloading it offline then works.
 */
function useKeepVisitedPages(basename: string): void {
  const payload = usePagePayload();
  useEffect(() => {
    if (lastShown === undefined || payload === lastShown) {
      lastShown = payload;
      return;
    }
    lastShown = payload;
    const url = pageToKeepOffline(payload, window.location, basename);
    if (url) keepPagesOffline([url]);
  }, [payload, basename]);
}

export default function PwaExtras({
  backgroundTasks = [],
  consentAsking,
}: {
  backgroundTasks?: readonly BackgroundTask[];
  /** The consent banner is on screen: the install offer waits for its answer. */
  consentAsking: boolean;
}) {
  const { locale, basename } = useSite();
  const [messagesReady, setMessagesReady] = useState(false);
  useKeepVisitedPages(basename);

  useEffect(() => {
    if (started) return;
    started = true;
    // Installed now, or started as an installed app: the stored stations, cart and saved
    // pages matter to this visitor, so ask the browser to keep them (docs/pwa.md).
    window.addEventListener('appinstalled', () => void askForPersistentStorage());
    if (isStandalone()) void askForPersistentStorage();
    // The worker's registration and install, the build check and prefetching wait until
    // the page has loaded and the main thread is idle: the page on screen needs none of it.
    void afterLoadAndIdle().then(async () => {
      startBuildCheck(__BUILD_ID__);
      // Preview payloads are private and never cached: nothing to gain from prefetching.
      if (!basename.startsWith('/preview')) startPrefetching(basename);
      const registration = await startServiceWorker({ locale, basename });
      if (!registration || backgroundTasks.length === 0) return;
      await whenServiceWorkerControls();
      // For the life of the document (like `started`): an installed app stays open for days.
      scheduleBackgroundTasks(async () => {
        // Behind the page's own requests (the session's and the cart's checks, a form).
        await whenEssentialRequestsAnswered();
        for (const task of backgroundTasks) {
          await task({ locale }).catch((error: unknown) => console.warn('A background task failed', error));
        }
      }, browserEnvironment(prefetchAllowedNow));
    });
  }, [locale, basename, backgroundTasks]);

  useEffect(() => {
    loadFeatureMessages('app').then(
      () => setMessagesReady(true),
      (error: unknown) => console.warn('The app messages could not be loaded', error),
    );
  }, []);

  return messagesReady ? <InstallPrompt consentAsking={consentAsking} /> : null;
}
