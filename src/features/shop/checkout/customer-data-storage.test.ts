/**
 * The checkout's customer data in localStorage (spec §4 Checkout, §9 "one key for user
 * info"): save, load and clear.
 *
 * Clearing follows spec §4 literally: "clearing also clears all local storage". So it
 * also removes the header's cart count (key 'st1.cart', spec §9 "one key for the cart")
 * and anything other features keep there (today the install offer's dismissal
 * 'st1:install-dismissed-at' of src/features/pwa, so the offer may come back). The cart
 * itself lives in IndexedDB and is not touched; the count is written back at once from
 * the caller's cart (`clearCustomerData(cartCount())`), so the header keeps showing it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../cart/cart-count';
import {
  clearCustomerData,
  EMPTY_CUSTOMER_DATA,
  loadCustomerData,
  saveCustomerData,
  USER_INFO_STORAGE_KEY,
  type CustomerData,
} from './customer-data-storage';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
  clear = () => this.data.clear();
}

const maija: CustomerData = {
  email: 'maija@example.com',
  emailConfirmation: 'maija@example.com',
  firstname: 'Maija',
  lastname: 'Meikäläinen',
  telephonePrefix: 'SE|46',
  telephoneNumber: '701234567',
  marketing: ['email', 'sms'],
};

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: storage }));
});
afterEach(() => vi.unstubAllGlobals());

describe('customer data storage', () => {
  it('saves under the user-info key and loads the same data back', () => {
    expect(USER_INFO_STORAGE_KEY).toBe('st1.userInfo');
    expect(loadCustomerData()).toBeNull();
    saveCustomerData(maija);
    expect(JSON.parse(storage.getItem('st1.userInfo')!)).toEqual(maija);
    expect(loadCustomerData()).toEqual(maija);
  });

  it('reads a damaged record defensively', () => {
    storage.setItem(USER_INFO_STORAGE_KEY, '{not json');
    expect(loadCustomerData()).toBeNull();
    storage.setItem(USER_INFO_STORAGE_KEY, '"a string"');
    expect(loadCustomerData()).toBeNull();
    storage.setItem(
      USER_INFO_STORAGE_KEY,
      JSON.stringify({
        email: 42,
        firstname: 'x'.repeat(300),
        telephonePrefix: 'XX|1',
        telephoneNumber: '0401234567',
        marketing: ['email', 'post', 7],
      }),
    );
    expect(loadCustomerData()).toEqual({
      ...EMPTY_CUSTOMER_DATA,
      firstname: 'x'.repeat(100),
      telephonePrefix: 'FIN|358',
      telephoneNumber: '0401234567',
      marketing: ['email'],
    });
  });

  it('goes on without remembering when storage refuses to save', () => {
    storage.setItem = () => {
      throw new DOMException('QuotaExceededError');
    };
    expect(() => saveCustomerData(maija)).not.toThrow();
    expect(loadCustomerData()).toBeNull();
  });

  it('clears all of localStorage (spec §4) and writes the cart count back at once', () => {
    saveCustomerData(maija);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify({ count: 3, savedAt: 1 }));
    storage.setItem('st1:install-dismissed-at', '1700000000000');
    clearCustomerData(3);
    expect(loadCustomerData()).toBeNull();
    expect(storage.getItem('st1:install-dismissed-at')).toBeNull();
    expect([...storage.data.keys()]).toEqual([CART_STORAGE_KEY]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toMatchObject({ count: 3 });
  });

  it('does not fail when storage cannot be cleared', () => {
    storage.clear = () => {
      throw new DOMException('SecurityError');
    };
    expect(() => clearCustomerData(1)).not.toThrow();
  });
});
