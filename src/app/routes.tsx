/**
 * The page route. Every site path is a CMS path below the router basename (preview and
 * locale prefix), so one component shows whatever page the location points at: the
 * payload embedded in the document first, then payloads fetched on client navigation.
 */
import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { CmsPage } from '@/features/content';
import { ErrorPage } from '@/features/errors';
import type { Layout } from '#shared/content-schema';
import type { PagePayload, PayloadError } from '#shared/payload';
import { AppShell } from './app-shell';
import { DocumentHead } from './document-head';
import { blockRegistry } from './lazy-blocks';
import { PayloadContext } from '@/ui/payload-context';
import { usePageNavigation, useScrollOnNavigation, type PayloadLoader } from './page-navigation';

export type { PayloadLoader };

// Pages put together on the device offline (never on the server, never on the landing page).
const OfflinePage = lazy(() => import('./offline-page'));

function serverError(): PayloadError {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return { status: 500, statusName: 'INTERNAL_SERVER_ERROR', path, reason: 'server' };
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
  const { payload, loading, shownTarget } = usePageNavigation(initial, load, initialTarget);
  const [storedLayout, setStoredLayout] = useState<Layout | null>(null);
  useScrollOnNavigation(shownTarget);
  if (!payload) {
    // A navigation whose payload could not be loaded (network down): the 500 page.
    return (
      <main id="main" className="error-shell">
        <ErrorPage error={serverError()} />
      </main>
    );
  }
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
        keepLayout={!payload.offline && !payload.preview}
      >
        <DocumentHead head={payload.head} />
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
