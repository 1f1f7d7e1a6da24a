/**
 * The page route. Every site path is a CMS path below the router basename (preview and
 * locale prefix), so one component shows whatever page the location points at: the
 * payload embedded in the document first, then payloads fetched on client navigation.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CmsPage } from '../features/content';
import { ErrorPage } from '../features/errors';
import type { PagePayload, PayloadError } from '../shared/payload';
import { AppShell } from './app-shell';
import { DocumentHead } from './document-head';
import { blockRegistry } from './lazy-blocks';
import { PayloadContext } from '../ui/payload-context';
import { usePageNavigation, useScrollOnNavigation, type PayloadLoader } from './page-navigation';

export type { PayloadLoader };

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

function PageView({ initial, load }: { initial: PagePayload; load?: PayloadLoader | undefined }) {
  const { payload, loading, shownTarget } = usePageNavigation(initial, load);
  useScrollOnNavigation(shownTarget);
  if (!payload) {
    // A navigation whose payload could not be loaded (network down): the 500 page.
    return (
      <main id="main" className="error-shell">
        <ErrorPage error={serverError()} />
      </main>
    );
  }
  return (
    <PayloadContext.Provider value={payload}>
      <AppShell layout={payload.layout} head={payload.head} preview={payload.preview} loading={loading}>
        <DocumentHead head={payload.head} />
        {payload.error ? (
          <ErrorPage error={payload.error} />
        ) : payload.page ? (
          <CmsPage page={payload.page} blocks={blockRegistry} />
        ) : null}
      </AppShell>
    </PayloadContext.Provider>
  );
}

/**
 * The page route. `load` fetches the payloads of later pages; the server leaves it out and
 * renders the payload it was given.
 */
export function PageRoute({ initial, load }: { initial: PagePayload; load?: PayloadLoader }) {
  return (
    <RenderErrorBoundary>
      <PageView initial={initial} load={load} />
    </RenderErrorBoundary>
  );
}
