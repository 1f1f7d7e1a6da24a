import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app';
import { BOOT_ELEMENT_ID, type BootData } from './shared/boot-data';
import { PageRoute } from './app/routes';
import { preloadPageBlocks } from './app/lazy-blocks';
import { captureInstallPrompt } from './features/pwa/install-event';
import { isNetworkFailure, listenForChunkErrors, withNavigationReloads } from './features/pwa/navigation-reload';
import { createI18n, setBrowserI18n } from './i18n/catalogs';
import './app/styles.css';

/**
 * The payload client is loaded on the first client navigation, not with the page: the
 * first view is server-rendered and needs no fetch, so its code stays off the landing page.
 */
async function loadPayload(target: string, signal: AbortSignal) {
  const payload = await (
    await import('./features/content/api/fetch-payload')
  )
    .fetchPayload(target, signal)
    .catch(
      async (error: unknown) => (isNetworkFailure(error) && (await offlinePayload(target))) || Promise.reject(error),
    );
  await preloadPageBlocks(payload.page?.content);
  return payload;
}

/**
 * With no network, a station page or the locator visited before comes from the device
 * (docs/stations.md). The module is the one the station chunks already loaded.
 */
async function offlinePayload(target: string) {
  try {
    return await (await import('./features/stations/offline-pages')).storedPayload(target);
  } catch {
    return undefined;
  }
}

/** Build updates, chunk-load errors and offline navigation turn into full page loads (docs/pwa.md). */
const loadPage = withNavigationReloads(loadPayload);
listenForChunkErrors();
// Chromium offers installation once, maybe before the install offer has loaded.
captureInstallPrompt();

async function main() {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no boot data');
  const boot = JSON.parse(element.textContent) as BootData;
  // The i18n instance is handed over as soon as it exists: block chunks with a feature
  // catalog wait for it (src/i18n/catalogs.ts), so waiting for them first would deadlock.
  const [i18n] = await Promise.all([
    createI18n(boot.payload.locale).then((instance) => {
      setBrowserI18n(instance);
      return instance;
    }),
    preloadPageBlocks(boot.payload.page?.content),
  ]);
  // Scrolling on navigation is the app's (src/app/page-navigation.ts), not the browser's.
  window.history.scrollRestoration = 'manual';
  // Hydration as a transition is time-sliced: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole page (Total Blocking
  // Time), and input that arrives meanwhile is handled first.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <AppProviders i18n={i18n} site={{ locale: boot.payload.locale, basename: boot.basename }}>
          <BrowserRouter basename={boot.basename || '/'}>
            <PageRoute initial={boot.payload} load={loadPage} />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}

void main();
