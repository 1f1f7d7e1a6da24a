/**
 * The date a render shows ("today" at a station, the footer's year). The server's HTML and
 * the browser's hydration of it must agree, and two clocks do not: around midnight, and
 * always for a page the service worker saved on another day. So the server renders with
 * the moment it puts into the boot data (src/entry-server.tsx), hydration renders with
 * that same moment, and every render after hydration (including the one React makes right
 * after it, because the snapshot below changes) with the browser's clock.
 */
import { useSyncExternalStore } from 'react';
import { useSite } from './site-context';

const noSubscription = () => () => {};

export function useRenderDate(): Date {
  const { renderedAt } = useSite();
  // True in the server's render and in hydration (the server snapshot), false after.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return hydrating && renderedAt !== undefined ? new Date(renderedAt) : new Date();
}
