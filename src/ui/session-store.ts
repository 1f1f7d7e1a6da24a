/**
 * The session in the browser (spec §4 "Session"): anonymous until the auth check says
 * AUTHORIZED and the customer record has loaded. Other features read it (the shop uses
 * `customerEmail()` for cart validation, spec §6); only the account feature's session
 * module (src/features/account/session) writes it.
 */
import { proxy, subscribe } from 'valtio';
import type { User } from '#shared/account-types';

export type { User } from '#shared/account-types';

export const session = proxy<{ loggedIn: boolean; user: User | null }>({ loggedIn: false, user: null });

/** The account e-mail when a customer is logged in, else undefined (a guest uses the checkout e-mail). */
export function customerEmail(): string | undefined {
  if (!session.loggedIn) return undefined;
  const email = session.user?.email.trim();
  return email ? email : undefined;
}

/**
 * Whether the page's first auth check has finished (the account feature's session actions
 * set it). Until then a logged-in customer looks like a guest, so what depends on the
 * account — the cart check's e-mail and the checkout's details (spec §6) — waits for it.
 */
export const sessionCheck = proxy<{ done: boolean }>({ done: false });

/**
 * Resolves once the first auth check has finished, or after `timeoutMs`: a check that
 * never ends (its chunk failed to load) must not hold the cart up for good.
 */
export function whenSessionKnown(timeoutMs = 5000): Promise<void> {
  if (sessionCheck.done) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = subscribe(sessionCheck, () => {
      if (sessionCheck.done) finish();
    });
  });
}
