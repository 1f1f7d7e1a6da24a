import { fetchJson } from '#shared/api/client';
import { isPagePayload, payloadUrl, type PagePayload } from '#shared/payload';

/**
 * Client navigation fetches `{path}/_payload.json`; 404 and 500 answers carry a payload
 * too, so every status is read. An answer that is not JSON (a gateway's page), not a
 * payload (isPagePayload) or a payload whose page, blocks, layout or head do not fit their
 * schemas (#shared/payload-content, loaded beside the request so that zod stays off the
 * landing page) is an ApiError ('bad-answer'), and so is no answer after one more try, or
 * none within `timeoutMs` when given.
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
  return fetchJson(
    {
      url: payloadUrl(url.pathname),
      name: 'Payload request',
      signal,
      retryOnce: true,
      acceptStatuses: 'any',
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
    async (body) => {
      if (!isPagePayload(body)) throw new Error('not a page payload');
      return (await content).readPayloadContent(body);
    },
  );
}
