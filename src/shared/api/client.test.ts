import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, requestJson } from './client';
import { ApiError, isTransient } from './errors';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const impl = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { calls, fetch: impl as unknown as typeof fetch };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.useRealTimers());

describe('requestJson', () => {
  it('answers the body of a success, with the query, headers and JSON body it was given', async () => {
    const origin = fakeFetch(json(201, { id: 7 }));
    const answer = await requestJson({
      method: 'POST',
      url: '/api/v1/form/submit',
      query: { a: '1', b: undefined },
      headers: { 'x-st1-locale': 'fi-FI', skipped: undefined },
      body: { form: 'contact' },
      fetch: origin.fetch,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: 7 });
    expect(origin.calls[0]!.url).toBe('/api/v1/form/submit?a=1');
    expect(origin.calls[0]!.init.headers).toEqual({
      accept: 'application/json',
      'x-st1-locale': 'fi-FI',
      'content-type': 'application/json',
    });
    expect(origin.calls[0]!.init.body).toBe('{"form":"contact"}');
  });

  it('throws an ApiError from an error body, with its details and retry-after', async () => {
    const origin = fakeFetch(
      json(
        429,
        { status: 429, code: 'TOO_MANY_REQUESTS', message: 'slow down', reason: 'account-locked' },
        { 'retry-after': '120' },
      ),
    );
    const error = await failure(requestJson({ url: '/api/v1/login', method: 'POST', body: {}, fetch: origin.fetch }));
    expect(error.failure).toBe('answer');
    expect(error.status).toBe(429);
    expect(error.is('TOO_MANY_REQUESTS')).toBe(true);
    expect(error.is('INVALID_CREDENTIALS')).toBe(false);
    expect(error.message).toBe('slow down');
    expect(error.reason).toBe('account-locked');
    expect(error.retryAfterSeconds).toBe(120);
    expect(isTransient(error)).toBe(true);
    expect(error.toBody()).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'slow down',
      reason: 'account-locked',
    });
  });

  it('reads the fields of a VALIDATION_FAILED and the product codes of a refusal', async () => {
    const fields = { email: { id: 'validation.email' } };
    const refused = fakeFetch(
      json(400, { status: 400, code: 'VALIDATION_FAILED', message: 'bad', fields }),
      json(422, { status: 422, code: 'UNKNOWN_PRODUCT', message: 'gone', codes: ['A', 7, 'B'] }),
    );
    expect((await failure(requestJson({ url: '/x', fetch: refused.fetch }))).fields).toEqual(fields);
    const unknown = await failure(requestJson({ url: '/x', fetch: refused.fetch }));
    expect(unknown.productCodes).toEqual(['A', 'B']);
    expect(isTransient(unknown)).toBe(false);
  });

  it('calls an error answer without our body HTTP_ERROR, and one that is not JSON a bad answer', async () => {
    const origin = fakeFetch(json(503, { error: 'gateway' }), new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const foreign = await failure(requestJson({ url: '/proxy/x', name: 'The thing', fetch: origin.fetch }));
    expect([foreign.status, foreign.code, foreign.failure, foreign.message]).toEqual([
      503,
      'HTTP_ERROR',
      'answer',
      'The thing answered 503',
    ]);
    const html = await failure(requestJson({ url: '/proxy/x', fetch: origin.fetch }));
    expect([html.status, html.code, html.failure]).toEqual([502, 'HTTP_ERROR', 'bad-answer']);
    expect(isTransient(html)).toBe(true);
  });

  it('calls a success that is not JSON a bad answer (502 BAD_ANSWER)', async () => {
    const origin = fakeFetch(new Response('<html>a login page of a hotel network</html>', { status: 200 }));
    const error = await failure(requestJson({ url: '/proxy/x', fetch: origin.fetch }));
    expect([error.status, error.code, error.failure]).toEqual([502, 'BAD_ANSWER', 'bad-answer']);
  });

  it('answers an accepted status (304) as it is, and an empty body as null', async () => {
    const origin = fakeFetch(new Response(null, { status: 304 }));
    const answer = await requestJson({ url: '/proxy/list', acceptStatuses: [304], fetch: origin.fetch });
    expect(answer).toMatchObject({ status: 304, body: null });
  });

  it('is a network ApiError (status 0, transient) when no answer comes', async () => {
    const origin = fakeFetch(new TypeError('Failed to fetch'));
    const error = await failure(requestJson({ url: '/x', fetch: origin.fetch }));
    expect([error.status, error.code, error.failure]).toEqual([0, 'NETWORK_ERROR', 'network']);
    expect(isTransient(error)).toBe(true);
  });

  it('gives up after timeoutMs with a timeout ApiError', async () => {
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error));
      })) as unknown as typeof fetch;
    const error = await failure(requestJson({ url: '/slow', timeoutMs: 50, fetch: hanging }));
    expect([error.status, error.code, error.failure]).toEqual([0, 'TIMEOUT', 'timeout']);
    expect(error.message).toContain('no answer in 50 ms');
    expect(isTransient(error)).toBe(true);
  });

  it("passes the caller's own abort on as it came", async () => {
    const controller = new AbortController();
    const aborting = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        controller.abort();
      })) as unknown as typeof fetch;
    const error = await requestJson({ url: '/x', signal: controller.signal, fetch: aborting }).catch(
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('with retryOnce, asks a GET once more after a 503 or no answer, and never a POST', async () => {
    const flaky = fakeFetch(json(503, {}), json(200, { ok: true }));
    expect((await requestJson({ url: '/page', retryOnce: true, fetch: flaky.fetch })).body).toEqual({ ok: true });
    expect(flaky.calls).toHaveLength(2);
    // What Node's fetch (undici) throws when a connection drops: ky knows it for no answer.
    const offline = fakeFetch(new TypeError('fetch failed'), json(200, { ok: 1 }));
    expect((await requestJson({ url: '/page', retryOnce: true, fetch: offline.fetch })).status).toBe(200);
    const post = fakeFetch(json(503, {}), json(200, {}));
    await failure(requestJson({ url: '/page', method: 'POST', retryOnce: true, fetch: post.fetch }));
    expect(post.calls).toHaveLength(1);
  });
});

describe('fetchJson', () => {
  it('answers what `read` makes of the body, and a bad answer when `read` refuses it', async () => {
    const origin = fakeFetch(json(200, { n: 1 }), json(200, { n: 'one' }));
    const read = (body: unknown) => {
      const n = (body as { n?: unknown }).n;
      if (typeof n !== 'number') throw new Error('n is not a number');
      return n;
    };
    expect(await fetchJson({ url: '/n', fetch: origin.fetch }, read)).toBe(1);
    const error = await failure(fetchJson({ url: '/n', fetch: origin.fetch }, read));
    expect([error.code, error.failure]).toEqual(['BAD_ANSWER', 'bad-answer']);
    expect(error.message).toContain('n is not a number');
  });
});
