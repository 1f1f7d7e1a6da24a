/**
 * The account pages' calls to the site server (docs/accounts.md). One call each; the
 * paths are the contract table's (src/shared/api/paths.ts) and each body is checked by
 * the compiler against its contract (src/shared/api/site.ts, imported as a type).
 */
import { isOrderSummary } from '#shared/account-guards';
import type { MarketingChoice, OrderSummary } from '#shared/account-types';
import type { Locale } from '#shared/locales';
import type { BodyOf } from '#shared/api/endpoint';
import { CUSTOMERS_API_PATHS, SITE_API_PATHS } from '#shared/api/paths';
import type { siteApi } from '#shared/api/site';
import { callSite } from '../session/session-api';

export { ApiError } from '#shared/api/errors';

type Site = typeof siteApi;
/** A POST to one of the site's own endpoints with a body of its contract's type. */
const post = async <K extends keyof Site>(
  endpoint: K,
  path: Site[K]['path'],
  locale: Locale,
  body: BodyOf<Site[K]>,
) => {
  await callSite(`/${path}`, locale, { method: 'POST', body });
};

/** `unlockToken`: from the link mailed to a locked-out account (docs/accounts.md "Rate limits"). */
export async function login(locale: Locale, email: string, password: string, unlockToken?: string): Promise<void> {
  await post('login', SITE_API_PATHS.login, locale, { email, password, ...(unlockToken ? { unlockToken } : {}) });
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  marketing: MarketingChoice[];
}

export async function register(locale: Locale, registration: Registration): Promise<void> {
  await post('register', SITE_API_PATHS.register, locale, registration);
}

/** Confirms an address by the link's token, or by the address and the typed six-digit code. */
export async function confirmEmail(
  locale: Locale,
  proof: { token: string } | { email: string; code: string },
): Promise<void> {
  await post('confirmEmail', SITE_API_PATHS.confirmEmail, locale, proof);
}

export async function requestPasswordReset(locale: Locale, email: string): Promise<void> {
  await post('forgotPassword', SITE_API_PATHS.forgotPassword, locale, { email });
}

/** Whether a reset link's token still works (not used, not expired); it is not used up. */
export async function checkResetToken(locale: Locale, token: string): Promise<void> {
  await post('checkResetToken', SITE_API_PATHS.checkResetToken, locale, { token });
}

export async function resetPassword(locale: Locale, token: string, password: string): Promise<void> {
  await post('resetPassword', SITE_API_PATHS.resetPassword, locale, { token, password });
}

export async function changePassword(locale: Locale, currentPassword: string, newPassword: string): Promise<void> {
  await post('changePassword', SITE_API_PATHS.password, locale, { currentPassword, newPassword });
}

export async function updateDetails(
  locale: Locale,
  details: { firstName: string; lastName: string; phoneNumber: string; marketing: MarketingChoice[] },
): Promise<void> {
  await post('updateCustomer', SITE_API_PATHS.customer, locale, details);
}

export async function fetchOrders(locale: Locale): Promise<OrderSummary[]> {
  const { body } = await callSite(`/proxy/${CUSTOMERS_API_PATHS.orders}`, locale);
  // An order of another shape is left out; the others are still listed.
  return Array.isArray(body) ? body.filter(isOrderSummary) : [];
}
