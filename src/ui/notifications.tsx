/**
 * The notification list (spec §4) as a polite live region, so that screen readers
 * announce each new notice. Mounting it after hydration is what lets notifications in.
 */
import { useEffect, useSyncExternalStore } from 'react';
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

export function Notifications() {
  const items = useSyncExternalStore(
    subscribeNotifications,
    () => notificationsStore.items,
    () => NONE,
  );
  const { i18n } = useLingui();

  // Effects run only in the browser and only after the hydration render has committed.
  useEffect(() => allowNotifications(), []);

  return (
    <section className="notifications" aria-label={i18n._('notifications.label')}>
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
