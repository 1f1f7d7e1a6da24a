/**
 * The session's calls to the site server (spec §7): the auth check, the customer and
 * cards through /proxy (the server adds the token from the HttpOnly cookie), logout.
 * These run on every page after hydration: the shared client on fetch, the paths of the
 * contract table (src/shared/api/paths.ts), and the guards that re-state the contracts'
 * schemas without zod (src/shared/account-guards.ts; the landing page's budget).
 */
import { isCard, isCustomerRecord } from '#shared/account-guards';
import type { Card, CustomerRecord } from '#shared/account-types';
import { requestJson, type ApiAnswer } from '#shared/api/client';
import type { HttpMethod } from '#shared/api/endpoint';
import { CUSTOMERS_API_PATHS, SITE_API_PATHS } from '#shared/api/paths';
import type { Locale } from '#shared/locales';

/** A call to the site server with the locale header; any failure is an ApiError. */
export function callSite(
  url: string,
  locale: Locale,
  init: { method?: Extract<HttpMethod, 'GET' | 'POST'>; body?: unknown } = {},
): Promise<ApiAnswer<unknown>> {
  return requestJson({ url, method: init.method ?? 'GET', headers: { 'x-st1-locale': locale }, body: init.body });
}

/** GET /api/v1/auth: whether the session cookie belongs to a live session. */
export async function fetchAuthStatus(locale: Locale): Promise<'AUTHORIZED' | 'UNAUTHORIZED'> {
  const { headers } = await callSite(`/${SITE_API_PATHS.auth}`, locale);
  return headers.get('user-status') === 'AUTHORIZED' ? 'AUTHORIZED' : 'UNAUTHORIZED';
}

/** The customer record, or null for an empty one (spec §4). */
export async function fetchCustomer(locale: Locale): Promise<CustomerRecord | null> {
  const { body } = await callSite(`/proxy/${CUSTOMERS_API_PATHS.customer}`, locale);
  if (!isCustomerRecord(body)) return null;
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    emailToken: body.emailToken,
    phoneNumber: body.phoneNumber,
    marketing: body.marketing ?? [],
  };
}

export async function fetchCards(locale: Locale): Promise<Card[]> {
  const { body } = await callSite(`/proxy/${CUSTOMERS_API_PATHS.cards}`, locale);
  // A card of another shape is left out; the others are still shown.
  return Array.isArray(body) ? body.filter(isCard) : [];
}

export async function requestLogout(locale: Locale): Promise<void> {
  await callSite(`/${SITE_API_PATHS.logout}`, locale);
}
