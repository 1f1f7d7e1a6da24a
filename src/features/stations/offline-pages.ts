/**
 * Pages kept for offline in-app navigation: every station page visited and the
 * locator. The app's payload loader asks here when the network fails (src/entry-client.tsx).
 * The service worker may cache payloads too; this does not depend on it.
 */
import type { PagePayload } from '#shared/payload';
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

/** The stored payload of a document path (query ignored), if this device kept it. */
export async function storedPayload(target: string): Promise<PagePayload | undefined> {
  return (await readPage(documentPath(target)))?.payload;
}
