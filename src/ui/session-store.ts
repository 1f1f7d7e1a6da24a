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

/** How the app starts the auth check now (src/app/cart-service.ts); the account feature owns the check. */
let startSessionCheck: (() => void) | undefined;

/**
 * Lets `whenSessionKnown` start the auth check rather than wait for the client extras to
 * run it: they load at the visitor's first press or 2 s after the load event, so a first
 * add to the cart waited for their chunk and render before its own check could go out,
 * and a cart page's check on load waited for the idle moment.
 */
export function provideSessionCheck(start: () => void): void {
  startSessionCheck = start;
}

/**
 * Resolves once the first auth check has finished, starting it if nobody has, or after
 * `timeoutMs`: a check that never ends (its chunk failed to load) must not hold the cart
 * up for good.
 */
export function whenSessionKnown(timeoutMs = 5000): Promise<void> {
  if (sessionCheck.done) return Promise.resolve();
  startSessionCheck?.();
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
