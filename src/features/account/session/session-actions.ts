/**
 * The session's transitions (spec §4 "Session"): the auth check; AUTHORIZED loads the
 * customer and sets loggedIn; an empty customer record resets the user; logout calls
 * the endpoint, then clears the user and the flag, and on failure shows the
 * notification 'messages.something-went-wrong'. Nothing here touches the cart: a
 * guest's cart stays when they log in.
 */
import type { Locale } from '#shared/locales';
import { addNotification, FALLBACK_ERROR_MESSAGE_ID } from '@/ui/notifications-store';
import { fetchAuthStatus, fetchCards, fetchCustomer, requestLogout } from './session-api';
import { session, sessionCheck } from '@/ui/session-store';
import { setUserFirstName } from './user-label';

/** Whether the first auth check of this page has finished: kept in the shared session store, which the shop reads too. */
export { sessionCheck };

function resetUser(): void {
  session.user = null;
  session.loggedIn = false;
  setUserFirstName(null);
}

/** Loads the customer (and cards) of an authorized session into the store. */
export async function loadCustomer(locale: Locale): Promise<void> {
  // Loaded only for a signed-in visitor: it parses phone numbers (libphonenumber, 28 KB
  // gzip), which a guest's first visit of the landing page has no use for (issue 31, finding 12).
  const [record, cards, { isEmptyCustomer, userFromCustomer }] = await Promise.all([
    fetchCustomer(locale),
    fetchCards(locale).catch(() => []),
    import('./user-from-customer'),
  ]);
  if (!record || isEmptyCustomer(record)) {
    resetUser();
    return;
  }
  session.user = userFromCustomer(record, cards);
  session.loggedIn = true;
  setUserFirstName(record.firstName);
}

let inFlight: Promise<void> | undefined;

/** The auth check (deduplicated while one runs). A failed check leaves the visitor a guest. */
export function checkSession(locale: Locale): Promise<void> {
  inFlight ??= (async () => {
    try {
      const status = await fetchAuthStatus(locale);
      if (status === 'AUTHORIZED') await loadCustomer(locale);
      else resetUser();
    } catch {
      resetUser();
    } finally {
      sessionCheck.done = true;
      inFlight = undefined;
    }
  })();
  return inFlight;
}

/** Waits for the first auth check of the page, running it if nobody has. */
export function ensureSessionChecked(locale: Locale): Promise<void> {
  return sessionCheck.done && !inFlight ? Promise.resolve() : checkSession(locale);
}

/** Logs out; true on success. On failure the user stays and the notification says so. */
export async function logout(locale: Locale): Promise<boolean> {
  try {
    await requestLogout(locale);
  } catch {
    addNotification({ type: 'error', message: FALLBACK_ERROR_MESSAGE_ID, translate: true });
    return false;
  }
  resetUser();
  return true;
}
