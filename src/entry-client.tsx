import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@/app/app';
import { BOOT_ELEMENT_ID, type BootData } from '#shared/boot-data';
import { PageRoute } from '@/app/routes';
import { pageUsesCart, preloadPageBlocks } from '@/app/lazy-blocks';
import { lazyCartSource, type CartSource } from '@/features/shop';
import { captureInstallPrompt } from '@/features/pwa/install-event';
import { refreshIfAnsweredByStaticRoute } from '@/features/pwa/static-route-refresh';
import {
  OFFLINE_NOTICE_TITLE_ID,
  isChunkLoadError,
  isNetworkFailure,
  listenForChunkErrors,
  withNavigationReloads,
} from '@/features/pwa/navigation-reload';
import { createI18n, loadFeatureMessages, setBrowserI18n } from '@/i18n/catalogs';
import type { I18n } from '@lingui/core';
import type { Locale } from '#shared/locales';
import type { PagePayload } from '#shared/payload';
import type { PageContent } from '#shared/content-schema';
import '@/app/styles.css';

/** How long the app shell waits for a page's payload before it shows the offline notice. */
const SHELL_NETWORK_WAIT_MS = 2000;

/** What this document's page loads are made with: its locale and basename, its i18n and cart. */
interface DocumentServices {
  site: { locale: Locale; basename: string };
  i18n: I18n;
  cart: CartSource;
  /** In the app shell, the address it was served for: loaded without a reload (which would only bring the shell back). */
  shellTarget: string | undefined;
}

/**
 * The blocks of a page, and the cart when one of them shows it: a page is rendered once
 * both are there, so no block waits for them on screen (or while hydrating).
 */
async function preloadPage(content: PageContent | null | undefined, cart: CartSource): Promise<void> {
  await Promise.all([preloadPageBlocks(content), pageUsesCart(content) ? cart.load() : undefined]);
}

/**
 * The offline notice of a page that needs the network, inside the normal layout
 * (src/app/offline-page.tsx): what a page becomes when neither the network, the service
 * worker nor the device's data has it.
 */
function offlineNoticePayload(locale: Locale, title: string, target: string): PagePayload {
  const lang = document.documentElement.lang;
  return {
    locale,
    buildId: __BUILD_ID__,
    preview: false,
    layout: null,
    page: null,
    error: null,
    offline: { kind: 'notice', path: target },
    head: {
      lang,
      title,
      description: '',
      canonical: null,
      alternates: [],
      robots: 'noindex',
      openGraph: { title, description: '', url: null, image: null, locale: lang },
    },
  };
}

/**
 * The payload loader of client navigations. The payload client is loaded on the first
 * client navigation, not with the page: the first view is server-rendered and needs no
 * fetch, so its code stays off the landing page.
 */
function pageLoader(services: DocumentServices) {
  const { site } = services;

  async function loadPayload(target: string, signal: AbortSignal, options: { timeoutMs?: number } = {}) {
    const payloads = await import('@/features/content/api/fetch-payload');
    const payload = await payloads.fetchPayload(target, signal, options).catch(async (error: unknown) => {
      // An old address (spec §2 legacy redirects): the document of its new one, in place of it in the history.
      if (error instanceof payloads.PayloadRedirect) {
        window.location.replace(error.location);
        return new Promise<never>(() => undefined);
      }
      return (isNetworkFailure(error) && (await offlinePayload(target))) || Promise.reject(error);
    });
    await preloadPage(payload.page?.content, services.cart);
    return payload;
  }

  function localPath(target: string): string {
    const path = new URL(target, window.location.origin).pathname;
    const local = site.basename && path.startsWith(site.basename) ? path.slice(site.basename.length) : path;
    return local || '/';
  }

  /**
   * With no network, a station page or the locator visited before comes from the device,
   * and any other station page, or the locator of a locale never visited, is drawn from
   * the stored station lists (docs/stations.md, docs/pwa.md). The modules are the ones the station chunks already loaded.
   */
  async function offlinePayload(target: string): Promise<PagePayload | undefined> {
    try {
      const stored = await (await import('@/features/stations/offline-pages')).storedPayload(target);
      if (stored) return stored;
      const { storedLocatorPayload, storedStationPayload } = await import('@/features/stations/offline-station-page');
      const path = localPath(target);
      return (
        (await storedStationPayload(site.locale, path)) ??
        (await storedLocatorPayload(site.locale, path, services.i18n._('nav.stationLocator')))
      );
    } catch {
      return undefined;
    }
  }

  /** The offline notice of a page that needs the network (offlineNoticePayload). */
  async function offlineNotice(target: string): Promise<PagePayload> {
    await loadFeatureMessages('app');
    return offlineNoticePayload(site.locale, services.i18n._(OFFLINE_NOTICE_TITLE_ID), target);
  }

  /** A loader that ends in the offline notice instead of an error when the network is away. */
  function withOfflineNotice(load: typeof loadPayload): typeof loadPayload {
    return (target, signal) =>
      load(target, signal).catch(async (error: unknown) => {
        if (signal.aborted || !isNetworkFailure(error)) throw error;
        return offlineNotice(target);
      });
  }

  /**
   * Build updates, chunk-load errors and offline navigation turn into full page loads
   * (docs/pwa.md): a worker answers with the saved page or the app shell. Without a worker
   * an unreachable page becomes the offline notice.
   */
  const loadPage = withOfflineNotice(withNavigationReloads(loadPayload));
  /**
   * The app shell means the worker found the network wanting (no answer at all, or none in
   * time on lie-fi): the page the device can build comes first, the network gets a short
   * while more, then the offline notice says what opens without a connection.
   */
  const loadInShell = withOfflineNotice(async (target, signal) => {
    const built = await offlinePayload(target);
    if (!built) return loadPayload(target, signal, { timeoutMs: SHELL_NETWORK_WAIT_MS });
    await preloadPage(built.page?.content, services.cart);
    return built;
  });
  return (target: string, signal: AbortSignal) =>
    target === services.shellTarget ? loadInShell(target, signal) : loadPage(target, signal);
}

listenForChunkErrors();
// Chromium offers installation once, maybe before the install offer has loaded.
captureInstallPrompt();

async function main() {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no boot data');
  const boot = JSON.parse(element.textContent) as BootData;
  const site = { locale: boot.payload.locale, basename: boot.basename, renderedAt: boot.renderedAt };
  // The service worker's app shell for a page it has not saved: the page is built here.
  const appShell = boot.payload.offline?.kind === 'shell';
  // The page's cart, built once here; its code loads with the first page that shows it.
  const cart = lazyCartSource(async () => (await import('@/app/cart-service')).buildCart(site.locale));
  // The i18n instance is handed over as soon as it exists: block chunks with a feature
  // catalog wait for it (src/i18n/catalogs.ts), so waiting for them first would deadlock.
  const [i18n, partsLoaded] = await Promise.all([
    createI18n(boot.payload.locale).then((instance) => {
      setBrowserI18n(instance);
      return instance;
    }),
    // Offline, a page whose parts this device never fetched (a worker installed on a
    // metered link keeps only what pages used) cannot come alive: it becomes the offline
    // notice rather than a page that never finishes loading. Online the chunk-error
    // reload (listenForChunkErrors) has its say.
    preloadPage(boot.payload.page?.content, cart).then(
      () => true,
      (error: unknown) => {
        if (!isChunkLoadError(error) || navigator.onLine) throw error;
        console.warn('The page cannot be loaded offline', error);
        return false;
      },
    ),
  ]);
  const target = `${window.location.pathname}${window.location.search}`;
  let initial = boot.payload;
  if (!partsLoaded) {
    await loadFeatureMessages('app');
    initial = offlineNoticePayload(site.locale, i18n._(OFFLINE_NOTICE_TITLE_ID), target);
  }
  const load = pageLoader({
    site,
    i18n,
    cart,
    shellTarget: appShell ? target : undefined,
  });
  // Scrolling on navigation is the app's (src/app/page-navigation.ts), not the browser's.
  window.history.scrollRestoration = 'manual';
  // Hydration as a transition is time-sliced: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole page (Total Blocking
  // Time), and input that arrives meanwhile is handled first.
  const app = (
    <StrictMode>
      <AppProviders i18n={i18n} site={site} cart={cart}>
        <BrowserRouter basename={boot.basename || '/'}>
          <PageRoute initial={initial} load={load} {...(appShell ? { initialTarget: '' } : {})} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // The shell's HTML is not the address's page, and a saved copy made for another query
  // string (the worker's fallback offline) is not this view of it: rendered anew, not
  // hydrated, which would keep the server's markup for another state (issue 31: the map
  // address showed the list, and the switch to the map changed nothing).
  if (appShell || !partsLoaded || (boot.renderedSearch ?? '') !== window.location.search) {
    // Stylesheets React wrote into the server's markup (<link precedence>, StationStyles)
    // go to the head first: rendering anew clears the container, and React, which knows
    // them by address already, would not add them again.
    for (const link of root.querySelectorAll('link[rel="stylesheet"][data-precedence]')) document.head.append(link);
    createRoot(root).render(app);
    return;
  }
  startTransition(() => {
    hydrateRoot(root, app);
  });
  refreshIfAnsweredByStaticRoute();
}

void main();
