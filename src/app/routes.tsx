/**
 * The page route. Every site path is a CMS path below the router basename (preview and
 * locale prefix), so one component shows whatever page the location points at: the
 * payload embedded in the document first, then payloads fetched on client navigation.
 */
import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { CmsPage } from '@/features/content';
import { ErrorPage } from '@/features/errors';
import type { Layout } from '#shared/content-schema';
import { BRAND, type HeadData } from '#shared/head';
import { HTTP_MESSAGES_IDS } from '@/i18n/message-ids';
import type { PagePayload, PayloadError } from '#shared/payload';
import { AppShell } from './app-shell';
import { DocumentHead } from './document-head';
import { blockRegistry } from './lazy-blocks';
import { PayloadContext } from '@/ui/payload-context';
import { usePageNavigation, useScrollOnNavigation, type PayloadLoader } from './page-navigation';

export type { PayloadLoader };

// Pages put together on the device offline (never on the server, never on the landing page).
const OfflinePage = lazy(() => import('./offline-page'));

const SERVER_ERROR_MESSAGE_ID = HTTP_MESSAGES_IDS.INTERNAL_SERVER_ERROR!;

function serverError(): PayloadError {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return { status: 500, statusName: 'INTERNAL_SERVER_ERROR', path, reason: 'server' };
}

/**
 * The page of a failed navigation (network down, a broken answer): the 500 page in the
 * layout of the page before it, as the server's error pages come in theirs (spec §2: logo
 * and footer from the shell), with nothing to index or share, and the locale switcher's
 * landings. The shell's client extras stay mounted: the consent choice they read lets the
 * error's analytics event out (spec §8). Its title is `FailedNavigationHead`'s.
 */
function failedNavigationPayload(previous: PagePayload, layout: Layout | null): PagePayload {
  const { head } = previous;
  const error = serverError();
  // The locale switcher of an error page leads to the other locales' front pages.
  const landings = head.landings ?? [];
  const title = `${error.status} | ${BRAND}`;
  return {
    locale: previous.locale,
    buildId: previous.buildId,
    preview: previous.preview,
    layout,
    page: null,
    error,
    head: {
      lang: head.lang,
      title,
      description: '',
      canonical: null,
      alternates: landings,
      landings,
      robots: 'noindex',
      openGraph: { title, description: '', url: null, image: null, locale: head.openGraph.locale },
    },
  };
}

/**
 * The head of a failed navigation's 500 page, titled as the server titles its error pages
 * (server/site/payload-service.ts `errorHead`). Its own component: the page view must not
 * follow the i18n instance, whose every added catalog would render the whole page again.
 */
function FailedNavigationHead({ head }: { head: HeadData }) {
  const { i18n } = useLingui();
  const message = i18n._(SERVER_ERROR_MESSAGE_ID);
  const titled = useMemo(
    () => ({
      ...head,
      title: `500 ${message} | ${BRAND}`,
      description: message,
      openGraph: { ...head.openGraph, title: message, description: message },
    }),
    [head, message],
  );
  return <DocumentHead head={titled} />;
}

/** Errors thrown while rendering (a bug): the 500 error page instead of a blank screen. */
class RenderErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="error-shell">
        <ErrorPage error={serverError()} />
      </main>
    );
  }
}

function PageView({
  initial,
  load,
  initialTarget,
}: {
  initial: PagePayload;
  load?: PayloadLoader | undefined;
  initialTarget?: string | undefined;
}) {
  const navigation = usePageNavigation(initial, load, initialTarget);
  const { loading, shownTarget, lastLoaded } = navigation;
  const [storedLayout, setStoredLayout] = useState<Layout | null>(null);
  useScrollOnNavigation(shownTarget);
  // One object per failure: the shell's parts compare payloads to see a new page.
  const failed = navigation.payload === null;
  const payload = useMemo(
    () =>
      navigation.payload ??
      // A page built on the device carries no layout: the one it showed (stored) instead.
      failedNavigationPayload(lastLoaded, lastLoaded.layout ?? storedLayout ?? initial.layout),
    [navigation.payload, lastLoaded, storedLayout, initial.layout],
  );
  const page = payload.page ? <CmsPage page={payload.page} blocks={blockRegistry} /> : null;
  // A page put together on the device shows the layout stored there (read by OfflinePage).
  const builtOffline = payload.offline !== undefined && payload.offline.kind !== 'shell';
  const layout = builtOffline ? (storedLayout ?? initial.layout) : payload.layout;
  return (
    <PayloadContext.Provider value={payload}>
      <AppShell
        layout={layout}
        head={payload.head}
        preview={payload.preview}
        loading={loading}
        keepLayout={!failed && !payload.offline && !payload.preview}
      >
        {failed ? <FailedNavigationHead head={payload.head} /> : <DocumentHead head={payload.head} />}
        {payload.error ? (
          <ErrorPage error={payload.error} />
        ) : builtOffline ? (
          <Suspense fallback={null}>
            <OfflinePage payload={payload} onLayout={setStoredLayout}>
              {page}
            </OfflinePage>
          </Suspense>
        ) : (
          page
        )}
      </AppShell>
    </PayloadContext.Provider>
  );
}

/**
 * The page route. `load` fetches the payloads of later pages; the server leaves it out and
 * renders the payload it was given. `initialTarget` is the address `initial` belongs to
 * when it is not the current one: the app shell's document loads the address at once.
 */
export function PageRoute({
  initial,
  load,
  initialTarget,
}: {
  initial: PagePayload;
  load?: PayloadLoader;
  initialTarget?: string;
}) {
  return (
    <RenderErrorBoundary>
      <PageView initial={initial} load={load} initialTarget={initialTarget} />
    </RenderErrorBoundary>
  );
}
