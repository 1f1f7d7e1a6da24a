import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addNotification,
  addNotificationOnceReady,
  allowNotifications,
  FALLBACK_ERROR_MESSAGE_ID,
  notificationsStore,
  removeNotification,
  replaceNotification,
  subscribeNotifications,
} from './notifications-store';

describe('notifications store', () => {
  beforeEach(() => {
    // The store drops notifications outside a browser; the tests play a hydrated browser.
    vi.stubGlobal('window', {});
    notificationsStore.items = [];
    notificationsStore.ready = false;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds nothing before hydration has finished', () => {
    expect(addNotification({ message: 'Tuote lisätty ostoskoriin' })).toBeUndefined();
    expect(notificationsStore.items).toEqual([]);
  });

  it('adds nothing during a server render even when allowed', () => {
    allowNotifications();
    vi.unstubAllGlobals();
    expect(typeof window).toBe('undefined');
    expect(addNotification({ message: 'Hello' })).toBeUndefined();
    expect(notificationsStore.items).toEqual([]);
  });

  it('gives each notification its own id and the type success by default', () => {
    allowNotifications();
    const first = addNotification({ message: 'Tuote lisätty ostoskoriin' });
    const second = addNotification({ message: 'Tuote lisätty ostoskoriin' });
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    expect(notificationsStore.items.map((item) => [item.id, item.type])).toEqual([
      [first, 'success'],
      [second, 'success'],
    ]);
  });

  it('keeps the given type', () => {
    allowNotifications();
    for (const type of ['error', 'warning', 'information', 'success'] as const) addNotification({ message: 'x', type });
    expect(notificationsStore.items.map((item) => item.type)).toEqual(['error', 'warning', 'information', 'success']);
  });

  it('throws on an empty message, before or after hydration', () => {
    expect(() => addNotification({ message: '' })).toThrow('Cannot create notification: message is empty');
    allowNotifications();
    expect(() => addNotification({ message: '  ' })).toThrow('Cannot create notification: message is empty');
    expect(() => addNotification({ type: 'warning' })).toThrow('Cannot create notification: message is empty');
  });

  it("uses 'messages.something-went-wrong' for an error without a message", () => {
    allowNotifications();
    addNotification({ type: 'error' });
    expect(notificationsStore.items[0]).toMatchObject({
      type: 'error',
      message: FALLBACK_ERROR_MESSAGE_ID,
      translate: true,
    });
    expect(FALLBACK_ERROR_MESSAGE_ID).toBe('messages.something-went-wrong');
  });

  it('replaces a notice with the same message instead of stacking it, moved to the end with a new id', () => {
    allowNotifications();
    const first = replaceNotification({ message: 'messages.addedToCart', translate: true });
    const other = addNotification({ message: 'b', type: 'warning' });
    const second = replaceNotification({ message: 'messages.addedToCart', translate: true });
    expect(second).not.toBe(first);
    expect(notificationsStore.items.map((item) => [item.id, item.message])).toEqual([
      [other, 'b'],
      [second, 'messages.addedToCart'],
    ]);
    expect(() => replaceNotification({ message: ' ' })).toThrow('Cannot create notification: message is empty');
  });

  it('removes a notification by id', () => {
    allowNotifications();
    const keep = addNotification({ message: 'a' });
    const drop = addNotification({ message: 'b' });
    removeNotification(drop!);
    expect(notificationsStore.items.map((item) => item.id)).toEqual([keep]);
  });

  it('keeps a notice of work started after hydration until the region is there (a refused saved cart is not emptied silently)', () => {
    expect(addNotificationOnceReady({ type: 'error', message: 'messages.cartValidationFailed', translate: true })).toBe(
      undefined,
    );
    expect(notificationsStore.items).toEqual([]);
    expect(() => addNotificationOnceReady({ message: ' ' })).toThrow('Cannot create notification: message is empty');
    allowNotifications();
    expect(notificationsStore.items).toEqual([
      expect.objectContaining({ type: 'error', message: 'messages.cartValidationFailed', translate: true }),
    ]);
    // Shown once, and later ones at once.
    allowNotifications();
    expect(addNotificationOnceReady({ message: 'b' })).toBeDefined();
    expect(notificationsStore.items.map((item) => item.message)).toEqual(['messages.cartValidationFailed', 'b']);
  });

  it('tells its subscribers of every change, each a new list (the region renders from it without valtio)', () => {
    allowNotifications();
    const seen: Array<readonly unknown[]> = [];
    const unsubscribe = subscribeNotifications(() => seen.push(notificationsStore.items));
    const id = addNotification({ message: 'a' });
    removeNotification(id!);
    unsubscribe();
    addNotification({ message: 'b' });
    expect(seen.map((items) => items.length)).toEqual([1, 0]);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
