import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import type { Layout } from '#shared/content-schema';
import type { HeadData } from '#shared/head';
import { PartErrorBoundary } from '@/ui/part-error-boundary';
import { useSite } from '@/ui/site-context';
import { useHydrated } from '@/ui/use-hydrated';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { afterInteractionOrIdle } from '@/ui/after-load-idle';
import { notePageView } from '@/features/pwa/install-event';
import { Footer } from './footer';
import { Header } from './header';

const ClientExtras = lazy(() => import('./client-extras'));
// Its own chunk, mounted right after hydration: a notice of the visitor's first press
// (a product added to the cart) must find the region there, so it does not wait with the
// client extras.
const Notifications = lazy(() => import('@/ui/notifications').then((module) => ({ default: module.Notifications })));

/**
 * Whether the client extras are wanted yet: at the visitor's first press or key, or at the
 * first idle moment after the load event, once per document (afterInteractionOrIdle). Not
 * before: a first visit of the landing page would fetch their script (the HTTP client,
 * valtio, the service worker's bridge) before the visitor can use the page, and the page
 * on screen needs none of it (docs/performance.md "Landing page JavaScript budget").
 */
let extrasWanted = false;
let extrasAsked = false;
const extrasListeners = new Set<() => void>();
function subscribeExtrasWanted(listener: () => void): () => void {
  extrasListeners.add(listener);
  if (!extrasAsked) {
    extrasAsked = true;
    void afterInteractionOrIdle().then(() => {
      extrasWanted = true;
      for (const notify of extrasListeners) notify();
    });
  }
  return () => extrasListeners.delete(listener);
}

/** The page-loading flag of spec §4: shown while a client navigation fetches its payload. */
function LoadingBar({ loading }: { loading: boolean }) {
  const { i18n } = useLingui();
  return (
    <div className={`loading-bar${loading ? ' is-loading' : ''}`} role="status" aria-live="polite">
      {loading ? <span className="visually-hidden">{i18n._('page.loading')}</span> : null}
    </div>
  );
}

export function AppShell({
  layout,
  head,
  preview,
  loading,
  keepLayout = true,
  children,
}: {
  layout: Layout | null;
  head: HeadData;
  preview: boolean;
  loading: boolean;
  /** Whether `layout` came from the server with this page, and is to be stored for offline pages. */
  keepLayout?: boolean;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { pathname } = useLocation();
  // The install offer comes on the second page (it loads later, with the client extras).
  useEffect(() => notePageView(pathname), [pathname]);
  // Mounted only after hydration: the server's HTML and the first client render match.
  const hydrated = useHydrated();
  // False on the server and while hydrating (the server's snapshot), like `hydrated`.
  const extras = useSyncExternalStore(
    subscribeExtrasWanted,
    () => extrasWanted,
    () => false,
  );
  return (
    <>
      <a className="skip-link" href="#main">
        {i18n._('nav.skipToContent')}
      </a>
      <LoadingBar loading={loading} />
      {preview ? <p className="preview-banner">{i18n._('page.preview')}</p> : null}
      <Header layout={layout} head={head} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer layout={layout} />
      {/* Last in the document: the first-visit consent banner must not come before the skip link. */}
      <ConsentBanner />
      {hydrated ? (
        // Offline, their chunks may never load: the page, and what was typed into it, stays.
        <PartErrorBoundary name="The notifications">
          <Suspense fallback={null}>
            <Notifications />
          </Suspense>
        </PartErrorBoundary>
      ) : null}
      {hydrated && extras ? (
        <PartErrorBoundary name="The client extras">
          <Suspense fallback={null}>
            <ClientExtras tagManagerId={layout?.tagManagerId} locale={locale} layout={keepLayout ? layout : null} />
          </Suspense>
        </PartErrorBoundary>
      ) : null}
    </>
  );
}
