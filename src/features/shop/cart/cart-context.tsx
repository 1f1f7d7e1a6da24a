/**
 * How the app hands the cart to the shop's components: one cart per page, built by the
 * client entry (src/app/cart-service.ts) and given to `CartProvider`. Its code (valtio,
 * Dexie) stays off the landing page: the source loads it when a page with a cart block is
 * opened, and a component that renders before that waits for it (React `use`). On the
 * server the source holds a cart from the start, which is never started there.
 *
 * This module is light (React only): the app shell imports it on every page.
 */
import { createContext, use, useContext, type ReactNode } from 'react';
import type { Cart } from './cart-store';

export interface CartSource {
  /** The cart once it has been built. */
  readonly current: Cart | undefined;
  /** Builds the cart on the first call; the same cart after that. */
  load(): Promise<Cart>;
}

/** A source that builds its cart once, with `build`, when first asked. */
export function lazyCartSource(build: () => Promise<Cart>): CartSource {
  let loading: Promise<Cart> | undefined;
  const source: { current: Cart | undefined; load: () => Promise<Cart> } = {
    current: undefined,
    load: () =>
      (loading ??= build().then((cart) => {
        source.current = cart;
        return cart;
      })),
  };
  return source;
}

/** A source holding a cart built already (the server render, tests). */
export function readyCartSource(cart: Cart): CartSource {
  return { current: cart, load: () => Promise.resolve(cart) };
}

const CartContext = createContext<CartSource | null>(null);

export function CartProvider({ source, children }: { source: CartSource; children: ReactNode }) {
  return <CartContext value={source}>{children}</CartContext>;
}

/** The page's cart (not started: `useCart` starts it). */
export function useCartService(): Cart {
  const source = useContext(CartContext);
  if (!source) throw new Error('The shop needs a CartProvider above it (src/app/app.tsx)');
  return source.current ?? use(source.load());
}
