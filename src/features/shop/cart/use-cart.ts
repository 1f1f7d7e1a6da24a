import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useCartService } from './cart-context';

/**
 * The page's cart and what it holds, restored and checked after hydration (the first render
 * matches the server's): the first component that shows it starts it, once.
 */
export function useCart() {
  const cart = useCartService();
  useEffect(() => {
    void cart.start();
  }, [cart]);
  return { cart, snapshot: useSnapshot(cart.state) };
}
