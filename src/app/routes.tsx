/**
 * The route table. Every site path is a CMS path below the router basename (preview and
 * locale prefix), so one splat route loads the page payload and renders it.
 */
import { ScrollRestoration, useLoaderData, useRouteError, type RouteObject } from 'react-router';
import { CmsPage } from '../features/content/components/cms-page';
import { ErrorPage } from '../features/errors/error-page';
import type { PagePayload } from '../shared/payload';
import { AppShell } from './app-shell';
import { DocumentHead } from './document-head';

export type PayloadLoader = (request: Request) => Promise<PagePayload>;

function PageRoute() {
  const payload = useLoaderData() as PagePayload;
  return (
    <AppShell layout={payload.layout} head={payload.head} preview={payload.preview}>
      <DocumentHead head={payload.head} />
      {payload.error ? <ErrorPage error={payload.error} /> : payload.page ? <CmsPage page={payload.page} /> : null}
      {/* Scrolls to the top on navigation, or to the #anchor when the URL has one. */}
      <ScrollRestoration />
    </AppShell>
  );
}

/** Errors thrown while rendering or loading (network down, a bug): the 500 error page. */
function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <main id="main" className="error-shell">
      <ErrorPage error={{ status: 500, statusName: 'INTERNAL_SERVER_ERROR', path, reason: 'server' }} />
    </main>
  );
}

export function createRoutes(loadPayload: PayloadLoader): RouteObject[] {
  return [
    {
      id: 'page',
      path: '*',
      loader: ({ request }) => loadPayload(request),
      Component: PageRoute,
      ErrorBoundary: RouteErrorBoundary,
    },
  ];
}
