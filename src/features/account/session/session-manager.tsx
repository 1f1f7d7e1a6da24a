/**
 * Runs the auth check once the page is interactive (mounted from the client extras, so
 * neither valtio nor these calls weigh on the first page's JavaScript), and again when
 * the visitor comes back to the tab, since a session may have ended elsewhere.
 */
import { useEffect } from 'react';
import { useSite } from '@/ui/site-context';
import { checkSession, ensureSessionChecked } from './session-actions';

export default function SessionManager() {
  const { locale } = useSite();
  useEffect(() => {
    // The cart may have run the page's first check already (src/app/cart-service.ts).
    void ensureSessionChecked(locale);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkSession(locale);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [locale]);
  return null;
}
