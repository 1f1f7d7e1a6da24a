/**
 * The site server's way to the origin for `requestJson` (src/shared/api/client.ts, its
 * `transport`): node:http with a keep-alive agent instead of ky over Node's fetch. The
 * timeout, the one retry of a GET and the failures are the client's (docs/design.md "One
 * client"); only the sending differs. Why: in the CPU profile of an uncached page render,
 * ky and undici's fetch (Request, Headers, streams, a WebAssembly HTTP parser) cost about
 * 0.13 ms of the 1.4 ms a render takes, three times what a node:http exchange costs on the
 * same connection (docs/performance.md "Uncached renders"). Connections were already
 * reused (undici keeps them alive too); this agent keeps them alive as well.
 * No redirects are followed: the origin's API answers none.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import {
  GATEWAY_FAILURES,
  networkError,
  parseJson,
  requestHeaders,
  retriesOnce,
  RETRY_DELAY_MS,
  timeoutError,
  urlWithQuery,
  type ApiRequest,
  type RawAnswer,
  type Transport,
} from '#shared/api/client';
import { ApiError } from '#shared/api/errors';

interface Exchanged {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Why an exchange got no answer: the time ran out, or the connection failed. */
class NoAnswer extends Error {
  constructor(
    readonly kind: 'timeout' | 'network',
    readonly reason: unknown,
  ) {
    super(kind);
  }
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** One request and its whole answer, within `timeoutMs` (none: no limit). */
function exchange(agents: { http: http.Agent; https: https.Agent }, request: ApiRequest): Promise<Exchanged> {
  const url = urlWithQuery(request.url, request.query);
  const secure = url.startsWith('https:');
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const fail = (error: NoAnswer) => {
      clearTimeout(timer);
      reject(error);
    };
    const outgoing = (secure ? https : http).request(
      url,
      {
        method: request.method ?? 'GET',
        headers: requestHeaders(request),
        agent: secure ? agents.https : agents.http,
        ...(request.signal ? { signal: request.signal } : {}),
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('error', (error) => fail(new NoAnswer('network', error)));
        incoming.on('end', () => {
          clearTimeout(timer);
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text });
        });
      },
    );
    outgoing.on('error', (error) => fail(new NoAnswer('network', error)));
    if (request.timeoutMs) {
      timer = setTimeout(() => {
        const error = new NoAnswer('timeout', new Error(`No answer in ${request.timeoutMs} ms`));
        fail(error);
        outgoing.destroy(error);
      }, request.timeoutMs);
    }
    outgoing.end(body);
  });
}

/** A transport over keep-alive connections; `close` ends the idle ones (on shutdown). */
export function createOriginTransport(): { transport: Transport; close(): void } {
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  async function attempt(request: ApiRequest): Promise<Exchanged> {
    try {
      return await exchange(agents, request);
    } catch (error) {
      // The caller's own abort is not a failure of the call: it goes back as it came.
      if (request.signal?.aborted) throw request.signal.reason;
      const { kind, reason } = error as NoAnswer;
      throw kind === 'timeout' ? timeoutError(request, reason) : networkError(request, reason);
    }
  }

  /** The first try's answer, or undefined when it failed in a way that allows one more. */
  async function firstTry(request: ApiRequest): Promise<Exchanged | undefined> {
    try {
      const answer = await attempt(request);
      return retriesOnce(request) && GATEWAY_FAILURES.includes(answer.status) ? undefined : answer;
    } catch (error) {
      // Never again after a timeout, as with ky's retry.
      if (retriesOnce(request) && error instanceof ApiError && error.failure === 'network') return undefined;
      throw error;
    }
  }

  async function transport(request: ApiRequest): Promise<RawAnswer> {
    let answer = await firstTry(request);
    if (!answer) {
      await new Promise((done) => setTimeout(done, RETRY_DELAY_MS));
      answer = await attempt(request);
    }
    const { status, headers, text } = answer;
    return { status, ok: status >= 200 && status < 300, headers: toHeaders(headers), body: parseJson(text) };
  }

  return {
    transport,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
