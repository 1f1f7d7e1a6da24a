/** What the checkout (./checkout, part of the shop with the cart) uses of the cart. */
export { cart, resetCart, validateCart, cartCount } from './cart-store';
export { useCart } from './use-cart';
export { shopApi, ShopApiError, ShopNetworkError, isTransient } from './api/shop-api';
export { analyticsItem, trackCartStep, trackShopEvent, type AnalyticsItem } from './analytics';
export * from './customer-data-storage';
export type { CartItem } from './cart-types';
export { lineTotal } from './cart-items';
