/**
 * Notifications (spec §4): each gets a generated id and a type (success by default:
 * success, error, warning or information). None are added while the server renders or
 * the browser hydrates — they would differ between the two renders — so adds before
 * `allowNotifications()` (called by <Notifications> once it has mounted) are dropped.
 *
 * A plain store with a subscription rather than valtio: the notification region loads
 * right after hydration, before the visitor can interact, and valtio would add its weight
 * to the landing page's script budget (docs/performance.md). `items` is replaced, never
 * changed in place, so that each change is a new snapshot.
 */
import type { NotificationType } from '#shared/rules/states';

/** The message shown for an error without a message of its own. */
export const FALLBACK_ERROR_MESSAGE_ID = /*i18n*/ 'messages.something-went-wrong';

export interface AppNotification {
  id: string;
  type: NotificationType;
  /** Text to show as is, or a Lingui message id when `translate` is true. */
  message: string;
  translate: boolean;
  /** Values for the placeholders of a translated message, such as {max}. */
  values?: Record<string, string | number>;
}

export interface NotificationInput {
  message?: string | undefined;
  /** The message is a Lingui id (such as 'cartValidationFailed') to translate when shown. */
  translate?: boolean;
  /** Values for the placeholders of a translated message. */
  values?: Record<string, string | number>;
  type?: NotificationType;
}

export const notificationsStore: { items: readonly AppNotification[]; ready: boolean } = { items: [], ready: false };

const listeners = new Set<() => void>();

/** Calls `listener` after every change of the notifications; returns the unsubscribe. */
export function subscribeNotifications(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setItems(items: readonly AppNotification[]): void {
  notificationsStore.items = items;
  for (const listener of listeners) listener();
}

let sequence = 0;
function nextId(): string {
  sequence += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `notification-${sequence}-${random}`;
}

/** Notices of work started after hydration that finished before the region was there. */
const waiting: NotificationInput[] = [];

/** Lets notifications in: called after hydration, in the browser only. */
export function allowNotifications(): void {
  notificationsStore.ready = true;
  for (const input of waiting.splice(0)) addNotification(input);
}

/**
 * For work that starts after hydration (an effect, a server answer on page load) and may
 * finish before the notification region has loaded (it comes in a chunk of its own): the
 * notice waits for the region instead of being dropped. Returns the id when shown at once.
 * Without the wait, a saved cart refused on page load was emptied without a word.
 */
export function addNotificationOnceReady(input: NotificationInput): string | undefined {
  if (typeof window === 'undefined' || notificationsStore.ready) return addNotification(input);
  resolveInput(input); // an empty message throws now, not later
  waiting.push(input);
  return undefined;
}

/** The type, message and translate flag of an input; throws for an empty message. */
function resolveInput(input: NotificationInput): Omit<AppNotification, 'id'> {
  const type = input.type ?? 'success';
  let message = input.message;
  let translate = input.translate ?? false;
  if (type === 'error' && message === undefined) {
    message = FALLBACK_ERROR_MESSAGE_ID;
    translate = true;
  }
  if (message === undefined || message.trim() === '') throw new Error('Cannot create notification: message is empty');
  return { type, message, translate, ...(input.values ? { values: input.values } : {}) };
}

/**
 * Adds a notification and returns its id, or undefined when it was dropped (server
 * render or hydration). Throws 'Cannot create notification: message is empty'.
 */
export function addNotification(input: NotificationInput): string | undefined {
  const notification = resolveInput(input);
  if (typeof window === 'undefined' || !notificationsStore.ready) return undefined;
  const id = nextId();
  setItems([...notificationsStore.items, { id, ...notification }]);
  return id;
}

/**
 * Adds a notification in place of those already shown with the same message: a notice
 * that repeats (the cart's "added", once per add) moves to the end and is announced again
 * instead of stacking. Notices never time out, so five adds at 390 px stacked five copies
 * over the lower half of the page, the next add buttons and focus under them.
 */
export function replaceNotification(input: NotificationInput): string | undefined {
  const notification = resolveInput(input);
  if (typeof window === 'undefined' || !notificationsStore.ready) return undefined;
  const id = nextId();
  const others = notificationsStore.items.filter((item) => item.message !== notification.message);
  setItems([...others, { id, ...notification }]);
  return id;
}

export function removeNotification(id: string): void {
  setItems(notificationsStore.items.filter((item) => item.id !== id));
}
