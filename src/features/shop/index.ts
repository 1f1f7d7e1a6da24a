/** What the app shell uses of the shop statically; its blocks load by path (src/app/lazy-blocks.ts). */
export { CartLink } from './components/cart-link';
export { CartProvider, lazyCartSource, type CartSource } from './cart/cart-context';
