/**
 * A cart for unit tests, built as the app builds it (src/app/cart-service.ts) but with the
 * environment a test controls: the real shop API (over the test's stubbed `fetch`) and the
 * real IndexedDB storage (over fake-indexeddb). Each test builds a fresh one.
 */
import type { Locale } from '#shared/locales';
import { shopApi } from '../api/shop-api';
import { createCart, type Cart } from './cart-store';
import type { CartStorage } from './cart-storage';

export interface TestCartEnvironment {
  locale: Locale;
  customerEmail: () => string | undefined;
  isOnline: () => boolean;
  /** Resolves once the auth check has answered; at once when left out. */
  sessionKnown?: () => Promise<void>;
}

export function testCart(environment: TestCartEnvironment, storage: CartStorage): Cart {
  return createCart({
    api: shopApi,
    storage,
    session: {
      customerEmail: environment.customerEmail,
      known: environment.sessionKnown ?? (() => Promise.resolve()),
    },
    locale: environment.locale,
    online: environment.isOnline,
  });
}
