/** The account pages' calls to the site server (docs/accounts.md). One call each. */
import type { MarketingChoice, OrderSummary } from '@/shared/account-types';
import type { Locale } from '@/shared/locales';
import type { customersApi } from '@/shared/api/customers';
import type { PathOf } from '@/shared/api/endpoint';
import { callSite } from '../session/session-api';

export { ApiError } from '@/shared/api/errors';

const ORDERS: PathOf<(typeof customersApi)['orders']> = 'customers/v1/orders';

/** `unlockToken`: from the link mailed to a locked-out account (docs/accounts.md "Rate limits"). */
export async function login(locale: Locale, email: string, password: string, unlockToken?: string): Promise<void> {
  await callSite('/api/v1/login', locale, {
    method: 'POST',
    body: { email, password, ...(unlockToken ? { unlockToken } : {}) },
  });
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
  await callSite('/api/v1/account/register', locale, { method: 'POST', body: registration });
}

/** Confirms an address by the link's token, or by the address and the typed six-digit code. */
export async function confirmEmail(
  locale: Locale,
  proof: { token: string } | { email: string; code: string },
): Promise<void> {
  await callSite('/api/v1/account/confirm-email', locale, { method: 'POST', body: proof });
}

export async function requestPasswordReset(locale: Locale, email: string): Promise<void> {
  await callSite('/api/v1/account/forgot-password', locale, { method: 'POST', body: { email } });
}

/** Whether a reset link's token still works (not used, not expired); it is not used up. */
export async function checkResetToken(locale: Locale, token: string): Promise<void> {
  await callSite('/api/v1/account/reset-password/check', locale, { method: 'POST', body: { token } });
}

export async function resetPassword(locale: Locale, token: string, password: string): Promise<void> {
  await callSite('/api/v1/account/reset-password', locale, { method: 'POST', body: { token, password } });
}

export async function changePassword(locale: Locale, currentPassword: string, newPassword: string): Promise<void> {
  await callSite('/api/v1/account/password', locale, { method: 'POST', body: { currentPassword, newPassword } });
}

export async function updateDetails(
  locale: Locale,
  details: { firstName: string; lastName: string; phoneNumber: string; marketing: MarketingChoice[] },
): Promise<void> {
  await callSite('/api/v1/account/customer', locale, { method: 'POST', body: details });
}

export async function fetchOrders(locale: Locale): Promise<OrderSummary[]> {
  const { body } = await callSite(`/proxy/${ORDERS}`, locale);
  return Array.isArray(body) ? (body as OrderSummary[]) : [];
}
