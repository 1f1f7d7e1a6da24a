/**
 * Pages kept for offline in-app navigation: every station page visited and the
 * locator. The app's payload loader asks here when the network fails (src/entry-client.tsx).
 * The service worker may cache payloads too; this does not depend on it.
 */
import type { PagePayload } from '#shared/payload';
import { afterNextPaint } from './after-next-paint';
import { readPage, savePage } from './station-db';

function documentPath(target: string): string {
  const path = new URL(target, 'http://localhost').pathname;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Keeps the payload of the page on screen; storage failures (private mode, quota) are not the visitor's problem. */
export async function rememberPage(target: string, payload: PagePayload): Promise<void> {
  if (!payload.page || payload.error || payload.preview) return;
  await savePage(documentPath(target), payload).catch((error: unknown) =>
    console.warn('Could not keep the page offline', error),
  );
}

/**
 * Keeps the page on screen (rememberPage) in a task of its own after the next paint, for a
 * page's mount effect; returns the cancel. Among the hydration's effects, the station
 * database's first open and write lengthened a station page's longest task
 * (docs/performance.md "Lighthouse").
 */
export function rememberPageAfterPaint(payload: PagePayload): () => void {
  const path = window.location.pathname;
  return afterNextPaint(() => void rememberPage(path, payload));
}

/** The stored payload of a document path (query ignored), if this device kept it. */
export async function storedPayload(target: string): Promise<PagePayload | undefined> {
  return (await readPage(documentPath(target)))?.payload;
}
