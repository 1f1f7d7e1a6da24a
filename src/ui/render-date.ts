/**
 * The date a render shows ("today" at a station, the footer's year). The server's HTML and
 * the browser's hydration of it must agree, and two clocks do not: around midnight, and
 * always for a page the service worker saved on another day. So the server renders with
 * the moment it puts into the boot data (src/entry-server.tsx), hydration renders with
 * that same moment, and every render after hydration (including the one that follows it,
 * use-hydrated.ts) with the browser's clock.
 */
import { useSite } from './site-context';
import { useHydrated } from './use-hydrated';

export function useRenderDate(): Date {
  const { renderedAt } = useSite();
  return !useHydrated() && renderedAt !== undefined ? new Date(renderedAt) : new Date();
}
