/**
 * The one HTTP client of the browser and the site server: JSON over fetch, typed answers,
 * and one `ApiError` for every failure (an error answer, an answer that is not JSON, no
 * answer, no answer in time). Built on the platform's fetch, which both runtimes have;
 * ky would do the same with some 4 KB more on the landing page, whose budget is 100 KB.
 */
import { ApiError, isApiErrorBody, retryAfterSeconds } from './errors';
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
  /** Asks again once after a 502/503/504 (GETs only: safe to repeat). */
  retryGatewayFailure?: boolean;
  /** Statuses answered as they are instead of thrown (e.g. 304 of a conditional GET). */
  acceptStatuses?: readonly number[];
  /** The fetch to use (tests, a service worker); the global one by default. */
  fetch?: typeof fetch;
}

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON; null for an empty body (204, 304). */
  body: T;
}

function urlWithQuery(url: string, query: ApiRequest['query']): string {
  if (!query) return url;
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) parameters.set(key, String(value));
  const text = parameters.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function describe(request: ApiRequest): string {
  return `${request.method ?? 'GET'} ${request.url.split('?')[0]}`;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

async function send(request: ApiRequest): Promise<Response> {
  const timeout = request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs);
  const signals = [request.signal, timeout].filter((signal): signal is AbortSignal => signal !== undefined);
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await (request.fetch ?? fetch)(urlWithQuery(request.url, request.query), {
      method: request.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      ...(signals.length === 0 ? {} : { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) }),
    });
  } catch (error) {
    // The caller's own abort is not a failure of the call: it goes back as it came.
    if (request.signal?.aborted) throw error;
    if (timeout?.aborted)
      throw new ApiError('timeout', 0, 'TIMEOUT', `${describe(request)}: no answer in ${request.timeoutMs} ms`, {
        cause: error,
      });
    throw new ApiError('network', 0, 'NETWORK_ERROR', `${describe(request)}: no answer (${(error as Error).message})`, {
      cause: error,
    });
  }
}

const GATEWAY_FAILURES = [502, 503, 504];

/** Sends a request and reads its JSON answer; any failure is an ApiError. */
export async function requestJson<T = unknown>(request: ApiRequest): Promise<ApiAnswer<T>> {
  let response = await send(request);
  if (request.retryGatewayFailure && (request.method ?? 'GET') === 'GET' && GATEWAY_FAILURES.includes(response.status))
    response = await send(request);
  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);
  const accepted = request.acceptStatuses?.includes(response.status) ?? false;
  if (response.ok || accepted) {
    if (!parsed.ok)
      throw new ApiError(
        'bad-answer',
        502,
        'BAD_ANSWER',
        `${describe(request)} answered ${response.status} without JSON`,
      );
    return { status: response.status, headers: response.headers, body: parsed.value as T };
  }
  const body = parsed.ok && isApiErrorBody(parsed.value) ? parsed.value : null;
  // A gateway in between (a proxy, the service worker offline) answers without our body.
  throw new ApiError(
    'answer',
    response.status,
    body?.code ?? 'HTTP_ERROR',
    body?.message ?? `${describe(request)} answered ${response.status}`,
    { body, retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')) },
  );
}

/**
 * Sends a request and checks the answer with `read` (a type guard in the browser, a zod
 * parse on the server); an answer that does not fit is a 'bad-answer' ApiError.
 */
export async function fetchJson<T>(request: ApiRequest, read: (body: unknown) => T): Promise<T> {
  const answer = await requestJson(request);
  try {
    return read(answer.body);
  } catch (error) {
    throw new ApiError(
      'bad-answer',
      502,
      'BAD_ANSWER',
      `${describe(request)} answered an unexpected shape: ${String((error as Error).message).slice(0, 300)}`,
      { cause: error },
    );
  }
}
