/**
 * The notification list (spec §4) as a polite live region, so that screen readers
 * announce each new notice. Mounting it after hydration is what lets notifications in.
 */
import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useLingui } from '@lingui/react';
import {
  allowNotifications,
  notificationsStore,
  removeNotification,
  subscribeNotifications,
  type AppNotification,
} from './notifications-store';
import './notifications.css';

const NONE: readonly AppNotification[] = [];

/**
 * Keeps the notices from hiding the focused control (WCAG 2.4.11): the page's bottom scroll
 * padding follows the height of the notices fixed over the bottom of the window, so a
 * control reached by Tab is scrolled above them. At 390 px an "added to cart" notice
 * covered the next product's button and the wash-code field as they took the focus.
 */
function useScrollPaddingUnder(region: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = region.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const { top, height } = element.getBoundingClientRect();
      // From the notices' top edge to the window's bottom: their height and the gap below.
      const covered = height > 0 ? Math.ceil(window.innerHeight - top) : 0;
      root.style.setProperty('--notifications-covered', `${covered}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--notifications-covered');
    };
  }, [region]);
}

export function Notifications() {
  const items = useSyncExternalStore(
    subscribeNotifications,
    () => notificationsStore.items,
    () => NONE,
  );
  const { i18n } = useLingui();
  const region = useRef<HTMLElement>(null);
  useScrollPaddingUnder(region);

  // Effects run only in the browser and only after the hydration render has committed.
  useEffect(() => allowNotifications(), []);

  return (
    <section ref={region} className="notifications" aria-label={i18n._('notifications.label')}>
      {/* The live region wraps the list: a <ul> may not take the status role. */}
      <div role="status" aria-live="polite">
        <ul className="notifications__list">
          {items.map((item) => (
            <li key={item.id} className={`notification notification--${item.type}`} data-type={item.type}>
              <span className="notification__message">
                {item.translate ? i18n._(item.message, item.values) : item.message}
              </span>
              <button type="button" className="notification__dismiss" onClick={() => removeNotification(item.id)}>
                {i18n._('notifications.dismiss')}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
