/**
 * The one HTTP client of the browser and the site server: JSON over ky (the timeout and
 * the one retry of a GET are ky's), typed answers, and one `ApiError` for every failure
 * (an error answer, an answer that is not JSON, no answer, no answer in time).
 */
import ky, { isHTTPError, isTimeoutError } from 'ky';
import { ApiError, isApiErrorBody, retryAfterSeconds } from './errors';
import { essentialRequestStarted } from './essential-requests';
import type { HttpMethod } from './endpoint';

export interface ApiRequest {
  method?: HttpMethod;
  /** An absolute URL (server) or a site-relative one (browser). */
  url: string;
  /** Query parameters; undefined ones are left out. */
  query?: Readonly<Record<string, string | number | undefined>>;
  headers?: Readonly<Record<string, string | undefined>>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Gives up after this long with a 'timeout' ApiError. */
  timeoutMs?: number;
  /**
   * Asks once more, 300 ms later, after no answer or a 502/503/504 (GETs only: safe to
   * repeat), as ky's `retry: 1` does; never after a timeout.
   */
  retryOnce?: boolean;
  /**
   * Statuses answered as they are instead of thrown (e.g. 304 of a conditional GET), or
   * 'any' for an endpoint whose error answers carry a body of their own (page payloads).
   */
  acceptStatuses?: readonly number[] | 'any';
  /** What error messages call the call ("Form submit answered 500"); method and path by default. */
  name?: string;
  /** The fetch to use (tests, a service worker); the global one by default. */
  fetch?: typeof fetch;
  /**
   * Sends the request instead of ky (the site server's keep-alive origin transport,
   * server/site/origin-transport.ts), with the same timeout, retry and failures.
   */
  transport?: Transport;
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON; null for an empty body (204, 304). */
  body: T;
}

export function urlWithQuery(url: string, query: ApiRequest['query']): string {
  if (!query) return url;
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) parameters.set(key, String(value));
  const text = parameters.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function describe(request: ApiRequest): string {
  return request.name ?? `${request.method ?? 'GET'} ${request.url.split('?')[0]}`;
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export const GATEWAY_FAILURES = [502, 503, 504];
export const RETRY_DELAY_MS = 300;

type ParsedBody = { ok: true; value: unknown } | { ok: false };

/** What came back, whichever way it was sent. */
export interface RawAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  body: ParsedBody;
}

/** The headers sent: `accept`, the caller's, and the content type of a JSON body. */
export function requestHeaders(request: ApiRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** Whether a failed exchange is tried once more (`retryOnce`: GETs that take no status as it is). */
export function retriesOnce(request: ApiRequest): boolean {
  return request.retryOnce === true && (request.method ?? 'GET') === 'GET' && request.acceptStatuses === undefined;
}

/** Sends a request and hands back the answer; throws only the ApiErrors of no answer. */
export type Transport = (request: ApiRequest) => Promise<RawAnswer>;

/** The ApiError of no answer in time. */
export function timeoutError(request: ApiRequest, cause: unknown): ApiError {
  return new ApiError(0, 'TIMEOUT', `${describe(request)}: no answer in ${request.timeoutMs} ms`, {
    failure: 'timeout',
    cause,
  });
}

/** The ApiError of no answer at all (refused, reset, unresolvable). */
export function networkError(request: ApiRequest, cause: unknown): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', `${describe(request)}: no answer (${(cause as Error).message})`, {
    failure: 'network',
    cause,
  });
}

/** The body ky read into an HTTPError (JSON parsed, other text as text, else undefined). */
function parsedErrorData(data: unknown): ParsedBody {
  if (data === undefined) return { ok: true, value: null };
  return typeof data === 'string' ? parseJson(data) : { ok: true, value: data };
}

// ky builds a Request, which needs an absolute URL; the browser's and the service worker's
// calls are site-relative. ky resolves them against the page (or a placeholder where there
// is none, as in Node tests of browser code), and the fetch below is handed the caller's
// own URL again, so that what is fetched is exactly what was asked for.
const RELATIVE_BASE = (globalThis as { location?: { href: string } }).location?.href ?? 'http://localhost/';

/**
 * One exchange through ky: its timeout, and with `retryOnce` its retry of a GET after no
 * answer or a 502/503/504 (300 ms later; the callers' time budgets are short). Every status
 * comes back as an answer; only failures to get one are thrown.
 */
async function send(request: ApiRequest): Promise<RawAnswer> {
  const method = request.method ?? 'GET';
  const url = urlWithQuery(request.url, request.query);
  const retrying = retriesOnce(request);
  const headers = requestHeaders(request);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const fetchWith = request.fetch ?? globalThis.fetch;
  // Optional traffic waits while this is on its way (./essential-requests.ts).
  const ended = essentialRequestStarted();
  try {
    const response = await ky(url, {
      baseUrl: RELATIVE_BASE,
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body }),
      ...(request.signal ? { signal: request.signal } : {}),
      fetch: (input) =>
        fetchWith(url, {
          method,
          headers,
          credentials: 'same-origin',
          ...(body === undefined ? {} : { body }),
          // ky's signal: the caller's abort and ky's timeout together.
          signal: (input as Request).signal,
        }),
      timeout: request.timeoutMs ?? false,
      retry: retrying
        ? {
            limit: 1,
            methods: ['get'],
            statusCodes: GATEWAY_FAILURES,
            afterStatusCodes: [],
            delay: () => RETRY_DELAY_MS,
          }
        : 0,
      // ky retries only what it throws: a gateway failure while a retry is allowed.
      throwHttpErrors: (status) => retrying && GATEWAY_FAILURES.includes(status),
    });
    const text = await response.text().catch(() => '');
    return { status: response.status, ok: response.ok, headers: response.headers, body: parseJson(text) };
  } catch (error) {
    if (isHTTPError(error))
      return {
        status: error.response.status,
        ok: false,
        headers: error.response.headers,
        body: parsedErrorData(error.data),
      };
    // The caller's own abort is not a failure of the call: it goes back as it came.
    if (request.signal?.aborted) throw error;
    if (isTimeoutError(error)) throw timeoutError(request, error);
    throw networkError(request, error);
  } finally {
    ended();
  }
}

/**
 * Sends a request and reads its JSON answer; any failure is an ApiError. The body is
 * `unknown`: a caller that needs its shape reads it with fetchJson and a guard or the
 * contract's schema (no answer is cast to a type, issue 32).
 */
export async function requestJson(request: ApiRequest): Promise<ApiAnswer<unknown>> {
  const response = await (request.transport ?? send)(request);
  const parsed = response.body;
  const accepted = request.acceptStatuses === 'any' || (request.acceptStatuses?.includes(response.status) ?? false);
  if (response.ok || accepted) {
    if (!parsed.ok)
      throw new ApiError(502, 'BAD_ANSWER', `${describe(request)} answered ${response.status} without JSON`, {
        failure: 'bad-answer',
      });
    return { status: response.status, headers: response.headers, body: parsed.value };
  }
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  // Our error body; the status is the answer's (a body's own status could disagree).
  if (parsed.ok && isApiErrorBody(parsed.value))
    throw ApiError.fromBody({ ...parsed.value, status: response.status }, retryAfter);
  // A gateway in between (a proxy, the service worker offline) answers without our body;
  // one that is not even JSON is a bad answer.
  throw new ApiError(response.status, 'HTTP_ERROR', `${describe(request)} answered ${response.status}`, {
    failure: parsed.ok ? 'answer' : 'bad-answer',
    retryAfterSeconds: retryAfter,
  });
}

/**
 * Sends a request and checks the answer with `read` (a type guard in the browser, a zod
 * parse on the server); an answer that does not fit is a 'bad-answer' ApiError.
 */
export async function fetchJson<T>(request: ApiRequest, read: (body: unknown) => T | Promise<T>): Promise<T> {
  const answer = await requestJson(request);
  try {
    return await read(answer.body);
  } catch (error) {
    throw new ApiError(
      502,
      'BAD_ANSWER',
      `${describe(request)} answered an unexpected shape: ${String((error as Error).message).slice(0, 300)}`,
      { failure: 'bad-answer', cause: error },
    );
  }
}
