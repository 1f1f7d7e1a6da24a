/**
 * The page's one bridge to the service worker (docs/style.md rule 8): registration through
 * workbox-window, the messages of src/shared/service-worker-protocol.ts, and the update
 * policy's page side (docs/pwa.md):
 * - a new worker that installed and waits is not activated at once; the next client
 *   navigation lets it take over (SKIP_WAITING) and then loads its target as a new page;
 * - when another tab activates a new worker, this tab switches at its next navigation too;
 * - nothing here ever reloads a page by itself, so a half-filled form is never lost, and
 *   the cart (IndexedDB) is not the worker's to touch.
 */
import { Workbox } from 'workbox-window';
import { LOCALE_INFO, type Locale } from '#shared/locales';
import {
  HOST_LOCALE_PARAM,
  offlineStartPages,
  SERVICE_WORKER_URL,
  type PageToWorkerMessage,
} from '#shared/service-worker-protocol';
import { reloadOnNextNavigation } from './navigation-reload';

/** How long a navigation waits for a waiting worker to take over before it loads anyway. */
const TAKEOVER_WAIT_MS = 3000;

export interface SiteFacts {
  locale: Locale;
  /** Router basename: "/preview" and/or the locale prefix. */
  basename: string;
}

/** Domain mode (DESIGN §2): the locale comes from the host, the paths have no prefix. */
export function isDomainMode({ locale, basename }: SiteFacts): boolean {
  const prefix = basename.replace(/^\/preview(?=\/|$)/, '');
  return prefix !== LOCALE_INFO[locale].prefix;
}

export function serviceWorkerUrl(site: SiteFacts): string {
  return isDomainMode(site)
    ? `${SERVICE_WORKER_URL}?${HOST_LOCALE_PARAM}=${encodeURIComponent(site.locale)}`
    : SERVICE_WORKER_URL;
}

function post(worker: ServiceWorker | null | undefined, message: PageToWorkerMessage): void {
  worker?.postMessage(message);
}

/**
 * Asks the worker to keep documents (and their payloads) for offline use: pages reached by
 * client navigation, whose document the worker never saw (./keep-offline.ts decides which).
 * Before a worker is active the message waits for it; without service workers it is dropped.
 */
export function keepPagesOffline(urls: string[]): void {
  if (urls.length === 0 || !('serviceWorker' in navigator)) return;
  const controller = navigator.serviceWorker.controller;
  if (controller) post(controller, { type: 'CACHE_PAGES', urls });
  else
    void navigator.serviceWorker.ready.then((registration) => post(registration.active, { type: 'CACHE_PAGES', urls }));
}

/** Resolves once a service worker controls this page (never, where none ever will). */
export async function whenServiceWorkerControls(): Promise<void> {
  if (!('serviceWorker' in navigator)) return new Promise<void>(() => {});
  if (navigator.serviceWorker.controller) return;
  // A first visit: the worker takes control once it has installed (sw/sw.ts clientsClaim).
  await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
}

/** Lets a waiting worker take over and waits (briefly) until it controls this page. */
export async function activateWaitingWorker(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const waiting = registration?.waiting;
  if (!waiting) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, TAKEOVER_WAIT_MS);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    post(waiting, { type: 'SKIP_WAITING' });
  });
}

/** Asks for a fresh copy of the worker script (after a build change was noticed). */
export async function checkForWorkerUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  await registration?.update().catch(() => undefined);
}

/**
 * Registers the worker (once per page) and asks it to keep the landing page, the station
 * locator and this page for offline use. Resolves with the registration, or undefined where
 * service workers are not available (old browsers, insecure origins, private modes).
 */
export async function startServiceWorker(site: SiteFacts): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const workbox = new Workbox(serviceWorkerUrl(site), { scope: '/' });
  workbox.addEventListener('waiting', () => reloadOnNextNavigation(activateWaitingWorker));
  workbox.addEventListener('controlling', (event) => {
    // Another tab let a new worker take over: this page's scripts are the old build's.
    if (event.isUpdate) reloadOnNextNavigation();
  });
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await workbox.register();
  } catch (error) {
    console.warn('The service worker could not be registered', error);
    return undefined;
  }
  if (!site.basename.startsWith('/preview')) {
    const ready = await navigator.serviceWorker.ready;
    const here = `${window.location.pathname}${window.location.search}`;
    post(ready.active, {
      type: 'CACHE_PAGES',
      urls: [...new Set([...offlineStartPages(site.locale, isDomainMode(site)), here])],
    });
  }
  return registration;
}
