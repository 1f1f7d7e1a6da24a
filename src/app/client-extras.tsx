/**
 * Parts of the shell that exist only in the browser and that the page on screen does not
 * need: the consent manager (the settings dialog, the tag manager), the session check, the
 * service worker's bridge with the background tasks, and storing the layout. None is in
 * the server-rendered HTML; they load as their own chunk (with the HTTP client and
 * valtio) at the visitor's first press or key, or at the first idle moment after the load
 * event (app-shell.tsx), and stay out of the landing page's JavaScript budget
 * (docs/performance.md). The notifications region loads on its own right after hydration.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Layout } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { ConsentManager } from '@/features/consent/components/consent-manager';
import { bannerWanted, subscribeBannerWanted } from '@/features/consent/consent-banner-state';
import { whenServiceWorkerControls } from '@/features/pwa/sw-bridge';
// Service worker, build check, payload prefetch and install offer (src/features/pwa).
import PwaExtras, { type BackgroundTask } from '@/features/pwa/components/pwa-extras';
// The auth check that fills the session store (src/features/account/session, spec §4).
import SessionManager from '@/features/account/session/session-manager';

/**
 * Once the app works offline, the station lists are stored (the locale's country first,
 * then the other two), so the locator and every station page open offline even if never
 * opened online (docs/stations.md). Loaded on demand, and run in the station sync worker
 * (src/features/stations/sync-worker): the stations code (Dexie) stays out of this chunk
 * and its work off the main thread.
 */
const syncStationList: BackgroundTask = async ({ locale }) => {
  await (await import('@/features/stations/sync-worker/sync-client')).stationSync().syncLists(locale);
};
const BACKGROUND_TASKS = [syncStationList];

/**
 * Stores the layout of each page seen online (src/app/layout-store.ts), so that pages put
 * together offline show the current header and footer. Only pages a service worker
 * controls can be put together offline, so on a first visit Dexie (30 KB gzip) loads once
 * the worker has taken over, after the page has loaded, not before the visitor can use
 * the landing page (issue 31, finding 12).
 */
function KeepLayout({ locale, layout }: { locale: Locale; layout: Layout | null }) {
  useEffect(() => {
    if (!layout || !navigator.onLine) return;
    void whenServiceWorkerControls()
      .then(() => import('./layout-store'))
      .then(({ saveLayout }) => saveLayout(locale, layout))
      .catch((error: unknown) => console.warn('Could not store the layout', error));
  }, [locale, layout]);
  return null;
}

export default function ClientExtras({
  tagManagerId,
  locale,
  layout,
}: {
  tagManagerId: string | undefined;
  locale: Locale;
  /** The layout of a page from the server (null on pages put together offline). */
  layout: Layout | null;
}) {
  // The install offer waits while the consent banner asks (both hold the window's bottom).
  const consentAsking = useSyncExternalStore(subscribeBannerWanted, bannerWanted, () => true);
  return (
    <>
      <KeepLayout locale={locale} layout={layout} />
      <ConsentManager tagManagerId={tagManagerId} />
      <PwaExtras backgroundTasks={BACKGROUND_TASKS} consentAsking={consentAsking} />
      <SessionManager />
    </>
  );
}
