/** Locale-relative paths of the shop's CMS pages (content/pages/cart.json, checkout.json, order-confirmation.json). */
import type { Locale } from '../locales';

export type ShopPage = 'cart' | 'checkout' | 'confirmation' | 'products';

export const SHOP_PATHS: Record<ShopPage, Record<Locale, string>> = {
  cart: { 'fi-FI': '/ostoskori', 'en-EU': '/cart', 'sv-SE': '/varukorg', 'no-NO': '/handlekurv' },
  checkout: { 'fi-FI': '/kassa', 'en-EU': '/checkout', 'sv-SE': '/kassa', 'no-NO': '/kasse' },
  /** The car-wash page with the products (content/pages/car-wash.json). */
  products: {
    'fi-FI': '/yksityisille/tuotteet/autopesu',
    'en-EU': '/private/products/car-wash',
    'sv-SE': '/privat/produkter/biltvatt',
    'no-NO': '/privat/tjenester/bilvask',
  },
  confirmation: {
    'fi-FI': '/kassa/vahvistus',
    'en-EU': '/checkout/confirmation',
    'sv-SE': '/kassa/bekraftelse',
    'no-NO': '/kasse/bekreftelse',
  },
};
