import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { customerEmail, whenSessionKnown } from '@/ui/session-store';
import { cart, startCart } from './cart-store';
import { loadCustomerData } from './customer-data-storage';

/** The cart, restored and checked after hydration (the first render matches the server's). */
export function useCart() {
  const { locale } = useSite();
  useEffect(() => {
    void startCart({
      locale,
      // Spec §6: a logged-in customer's account e-mail, else the guest's checkout e-mail.
      customerEmail: () => customerEmail() ?? loadCustomerData()?.email,
      isOnline: () => navigator.onLine,
      // The check on page load waits for the auth check, else it would go as a guest's.
      sessionKnown: () => whenSessionKnown(),
    });
  }, [locale]);
  return useSnapshot(cart);
}
