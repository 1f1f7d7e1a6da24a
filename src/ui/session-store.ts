/**
 * The session in the browser (spec §4 "Session"): anonymous until the auth check says
 * AUTHORIZED and the customer record has loaded. Other features read it (the shop uses
 * `customerEmail()` for cart validation, spec §6); only the account feature's session
 * module (src/features/account/session) writes it.
 */
import { proxy } from 'valtio';
import type { User } from '../shared/account-types';

export type { User } from '../shared/account-types';

export const session = proxy<{ loggedIn: boolean; user: User | null }>({ loggedIn: false, user: null });

/** The account e-mail when a customer is logged in, else undefined (a guest uses the checkout e-mail). */
export function customerEmail(): string | undefined {
  if (!session.loggedIn) return undefined;
  const email = session.user?.email.trim();
  return email ? email : undefined;
}
