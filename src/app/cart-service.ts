/**
 * The page's cart, built once by the client entry (through `lazyCartSource`) from the
 * browser's services: the shop API, the cart's IndexedDB storage, the session (spec §6: a
 * logged-in customer's account e-mail, else the guest's checkout e-mail; the check on page
 * load waits for the auth check), the document's locale and the online status. Loaded as
 * its own chunk when a page with a cart block opens.
 */
import { createCart, type Cart } from '@/features/shop/cart/cart-store';
import { createCartStorage } from '@/features/shop/cart/cart-storage';
import { loadCustomerData } from '@/features/shop/checkout/customer-data-storage';
import { shopApi } from '@/features/shop/api/shop-api';
import type { Locale } from '#shared/locales';
import { customerEmail, provideSessionCheck, whenSessionKnown } from '@/ui/session-store';

export function buildCart(locale: Locale): Cart {
  // The cart's checks wait for the auth check; they start it instead of waiting for the
  // client extras (deduplicated with theirs by the account feature).
  provideSessionCheck(() => {
    void import('@/features/account/session/session-actions')
      .then(({ ensureSessionChecked }) => ensureSessionChecked(locale))
      .catch((error: unknown) => console.warn('Could not start the auth check', error));
  });
  return createCart({
    api: shopApi,
    storage: createCartStorage(),
    session: {
      customerEmail: () => customerEmail() ?? loadCustomerData()?.email,
      known: () => whenSessionKnown(),
    },
    locale,
    online: () => navigator.onLine,
  });
}
