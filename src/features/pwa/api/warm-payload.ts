/**
 * Fetches a page payload at low priority only so that the service worker stores it
 * (prefetch.ts decides which and when); the answer itself is not used.
 */
export async function warmPayload(url: string): Promise<void> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    priority: 'low',
  } as RequestInit);
  // Read to the end: the worker stores the answer as it streams through.
  await response.arrayBuffer();
}
