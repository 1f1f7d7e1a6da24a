/**
 * The session's calls to the site server (spec §7): the auth check, the customer and
 * cards through /proxy (the server adds the token from the HttpOnly cookie), logout.
 * These run on every page after hydration: the shared client on fetch, and plain type
 * guards instead of the contracts' zod schemas (the landing page's budget).
 */
import type { Card, CustomerRecord } from '@/shared/account-types';
import type { PathOf } from '@/shared/api/endpoint';
import type { customersApi } from '@/shared/api/customers';
import { requestJson, type ApiAnswer } from '@/shared/api/client';
import type { HttpMethod } from '@/shared/api/endpoint';
import type { Locale } from '@/shared/locales';

type Customers = typeof customersApi;
const CUSTOMER: PathOf<Customers['customer']> = 'customers/v1/customer';
const CARDS: PathOf<Customers['cards']> = 'customers/v1/cards';

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
  const { headers } = await callSite('/api/v1/auth', locale);
  return headers.get('user-status') === 'AUTHORIZED' ? 'AUTHORIZED' : 'UNAUTHORIZED';
}

function isCustomerRecord(body: unknown): body is CustomerRecord {
  if (!body || typeof body !== 'object') return false;
  const record = body as Record<string, unknown>;
  return ['firstName', 'lastName', 'emailToken', 'phoneNumber'].every(
    (key) => record[key] === undefined || typeof record[key] === 'string',
  );
}

/** The customer record, or null for an empty one (spec §4). */
export async function fetchCustomer(locale: Locale): Promise<CustomerRecord | null> {
  const { body } = await callSite(`/proxy/${CUSTOMER}`, locale);
  if (!isCustomerRecord(body)) return null;
  return {
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    emailToken: body.emailToken ?? '',
    phoneNumber: body.phoneNumber ?? '',
    marketing: Array.isArray(body.marketing) ? body.marketing : [],
  };
}

export async function fetchCards(locale: Locale): Promise<Card[]> {
  const { body } = await callSite(`/proxy/${CARDS}`, locale);
  return Array.isArray(body) ? (body as Card[]) : [];
}

export async function requestLogout(locale: Locale): Promise<void> {
  await callSite('/api/v1/logout', locale);
}
