/**
 * The site server's calls to the origin's customers/v1 and forms/v1 endpoints: JSON
 * over HTTP with the customer's session token as a bearer token. The answer's status,
 * body and retry-after are passed back as they are for the route to interpret.
 */
import type { Locale } from '#shared/locales';
import { originBadGateway, originTimedOut, originUnavailable } from '../origin-forwarding';

export interface OriginAnswer {
  status: number;
  body: Record<string, unknown> | unknown[] | null;
  /** The origin's `retry-after` in seconds (its 429s), to pass on to the browser. */
  retryAfter?: string;
}

export function createAccountOrigin(baseUrl: string, options: { timeoutMs?: number } = {}) {
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    init: { locale: Locale; token?: string | undefined; body?: unknown },
  ): Promise<OriginAnswer> {
    const timeoutMs = options.timeoutMs ?? 8000;
    const headers: Record<string, string> = { accept: 'application/json', 'x-st1-locale': init.locale };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/${path}`, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw (error as Error).name === 'TimeoutError' ? originTimedOut(timeoutMs) : originUnavailable();
    }
    const text = await response.text();
    let body: OriginAnswer['body'] = null;
    if (text) {
      try {
        body = JSON.parse(text) as OriginAnswer['body'];
      } catch {
        throw originBadGateway();
      }
    }
    if (response.status >= 500) throw originBadGateway();
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, body, ...(retryAfter && /^\d{1,9}$/.test(retryAfter) ? { retryAfter } : {}) };
  }
  return { call };
}
