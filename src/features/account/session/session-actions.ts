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
import { session, sessionCheck, type User } from '@/ui/session-store';
import { setUserFirstName } from './user-label';

/** Whether the first auth check of this page has finished: kept in the shared session store, which the shop reads too. */
export { sessionCheck };

function resetUser(): void {
  session.user = null;
  session.loggedIn = false;
  setUserFirstName(null);
}

/** The signed-in customer's record and cards, or null when the record is empty. */
async function readCustomer(locale: Locale): Promise<{ user: User; firstName: string } | null> {
  // Loaded only for a signed-in visitor: it parses phone numbers (libphonenumber, 28 KB
  // gzip), which a guest's first visit of the landing page has no use for (issue 31, finding 12).
  const [record, cards, { isEmptyCustomer, userFromCustomer }] = await Promise.all([
    fetchCustomer(locale),
    fetchCards(locale).catch(() => []),
    import('./user-from-customer'),
  ]);
  if (!record || isEmptyCustomer(record)) return null;
  return { user: userFromCustomer(record, cards), firstName: record.firstName };
}

function applyCustomer(customer: { user: User; firstName: string } | null): void {
  if (!customer) return resetUser();
  session.user = customer.user;
  session.loggedIn = true;
  setUserFirstName(customer.firstName);
}

/** Loads the customer (and cards) of an authorized session into the store. */
export async function loadCustomer(locale: Locale): Promise<void> {
  applyCustomer(await readCustomer(locale));
}

/**
 * Moves on with every login and logout. An auth check sent before one of them answers for
 * the session as it was: its answer must not be applied, nor may a later check wait on it.
 * (A login pressed while the page's first check was still out got that check's guest
 * answer, and the header said "Log in" until the next page load.)
 */
let sessionGeneration = 0;
let inFlight: { generation: number; done: Promise<void> } | undefined;

/**
 * The auth check, deduplicated while one runs for the current session. `sessionChanged`:
 * the caller has just logged in, so a check already out is stale and a new one goes out.
 * A failed check leaves the visitor a guest.
 */
export function checkSession(locale: Locale, options: { sessionChanged?: boolean } = {}): Promise<void> {
  if (options.sessionChanged) sessionGeneration += 1;
  const generation = sessionGeneration;
  if (inFlight?.generation === generation) return inFlight.done;
  const current = () => generation === sessionGeneration;
  const check = { generation, done: Promise.resolve() };
  check.done = (async () => {
    try {
      const status = await fetchAuthStatus(locale);
      const customer = status === 'AUTHORIZED' ? await readCustomer(locale) : null;
      if (current()) applyCustomer(customer);
    } catch {
      if (current()) resetUser();
    } finally {
      if (current()) sessionCheck.done = true;
      if (inFlight === check) inFlight = undefined;
    }
  })();
  inFlight = check;
  return check.done;
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
  // A check sent before the logout would answer for the customer who has just left.
  sessionGeneration += 1;
  resetUser();
  return true;
}
