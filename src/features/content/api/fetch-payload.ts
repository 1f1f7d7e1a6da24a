import { requestJson } from '#shared/api/client';
import { ApiError } from '#shared/api/errors';
import { isPagePayload, PAYLOAD_LOCATION_HEADER, payloadUrl, type PagePayload } from '#shared/payload';

/**
 * The page asked for is an old address of the legacy redirect tables (spec §2): its
 * document redirects to `location`, which the navigation loads instead.
 */
export class PayloadRedirect extends Error {
  constructor(readonly location: string) {
    super(`The page has moved to ${location}`);
    this.name = 'PayloadRedirect';
  }
}

/**
 * Client navigation fetches `{path}/_payload.json`; 404 and 500 answers carry a payload
 * too, so every status is read. An answer that is not JSON (a gateway's page), not a
 * payload (isPagePayload) or a payload whose page, blocks, layout or head do not fit their
 * schemas (#shared/payload-content, loaded beside the request so that zod stays off the
 * landing page) is an ApiError ('bad-answer'), and so is no answer after one more try, or
 * none within `timeoutMs` when given. An old address of the redirect tables is a
 * PayloadRedirect to its new one.
 */
export async function fetchPayload(
  target: string,
  signal: AbortSignal,
  options: { timeoutMs?: number } = {},
): Promise<PagePayload> {
  const url = new URL(target, window.location.origin);
  const content = import('#shared/payload-content');
  // Read below only when an answer came; a request that failed first leaves it unread.
  content.catch(() => undefined);
  const request = {
    url: payloadUrl(url.pathname),
    name: 'Payload request',
    signal,
    retryOnce: true,
    acceptStatuses: 'any',
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  } as const;
  const answer = await requestJson(request);
  const moved = answer.headers.get(PAYLOAD_LOCATION_HEADER);
  // The payload request leaves the query out; the redirect keeps it (spec §2), as the document's does.
  if (moved) throw new PayloadRedirect(url.search ? `${moved}${moved.includes('?') ? '&' : '?'}${url.search.slice(1)}` : moved);
  try {
    if (!isPagePayload(answer.body)) throw new Error('not a page payload');
    return (await content).readPayloadContent(answer.body);
  } catch (error) {
    throw new ApiError(
      502,
      'BAD_ANSWER',
      `${request.name} answered an unexpected shape: ${String((error as Error).message).slice(0, 300)}`,
      { failure: 'bad-answer', cause: error },
    );
  }
}
