/**
 * The session's calls to the site server (spec §7): the auth check, the customer and
 * cards through /proxy (the server adds the token from the HttpOnly cookie), logout.
 * Plain fetch: small, and these run on every page after hydration.
 */
import type { Card, CustomerRecord } from '@/shared/account-types';
import type { Locale } from '@/shared/locales';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, { id: string; values?: Record<string, number> }> = {},
    /** From `retry-after` on a 429: how long until another attempt is let through. */
    readonly retryAfterSeconds: number | null = null,
    /** Why a request was refused beyond its code, e.g. 'account-locked' (docs/accounts.md). */
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export async function requestJson(
  url: string,
  locale: Locale,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      'x-st1-locale': locale,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  const body = parseJson(text);
  if (!response.ok) {
    const error = (body ?? {}) as { code?: unknown; message?: unknown; fields?: unknown; reason?: unknown };
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : 'ERROR',
      typeof error.message === 'string' ? error.message : `Request failed with ${response.status}`,
      error.fields && typeof error.fields === 'object' ? (error.fields as ApiError['fields']) : {},
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      typeof error.reason === 'string' ? error.reason : null,
    );
  }
  return { response, body };
}

/** GET /api/v1/auth: whether the session cookie belongs to a live session. */
export async function fetchAuthStatus(locale: Locale): Promise<'AUTHORIZED' | 'UNAUTHORIZED'> {
  const { response } = await requestJson('/api/v1/auth', locale);
  return response.headers.get('user-status') === 'AUTHORIZED' ? 'AUTHORIZED' : 'UNAUTHORIZED';
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
  const { body } = await requestJson('/proxy/customers/v1/customer', locale);
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
  const { body } = await requestJson('/proxy/customers/v1/cards', locale);
  return Array.isArray(body) ? (body as Card[]) : [];
}

export async function requestLogout(locale: Locale): Promise<void> {
  await requestJson('/api/v1/logout', locale);
}
