import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { CartProvider, type CartSource } from '@/features/shop';
import { SiteContext, type SiteContextValue } from '@/ui/site-context';

/** Providers shared by the server render and the browser. */
export function AppProviders({
  i18n,
  site,
  cart,
  children,
}: {
  i18n: I18n;
  site: SiteContextValue;
  /** The page's cart (src/features/shop/cart/cart-context.tsx). */
  cart: CartSource;
  children: ReactNode;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <SiteContext.Provider value={site}>
        <CartProvider source={cart}>{children}</CartProvider>
      </SiteContext.Provider>
    </I18nProvider>
  );
}
