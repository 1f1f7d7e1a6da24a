/**
 * GET /images/*: assets from the origin, forwarded as they are. The origin's URL carries
 * every image parameter, so successful answers are cached by browsers and CDNs for a
 * year; errors are not cached. Only the id and the query string go upstream: no cookies.
 */
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance } from 'fastify';
import { QUIET_ROUTE } from '../../logging';
import { HttpError } from '../errors';
import {
  forwardingOptions,
  isDecodable,
  observedForwarding,
  originFailure,
  retryOnceAfter503,
} from '../origin-forwarding';
import type { SiteMetrics } from '../site-metrics';
import { REQUEST_ID_HEADER } from '../../common/request-id';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Headers of the origin's answer that the browser needs. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'etag',
  'content-disposition',
  'content-security-policy',
  'accept-ranges',
  'content-range',
  'retry-after',
];

export async function imageRoutes(
  app: FastifyInstance,
  options: { originUrl: string; timeoutMs: number; metrics?: SiteMetrics },
) {
  await app.register(
    replyFrom,
    forwardingOptions(options.originUrl, { timeoutMs: options.timeoutMs, connections: 16 }),
  );
  const onError = originFailure(options.timeoutMs);

  app.get('/images/:id', QUIET_ROUTE, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(id)) throw new HttpError(404, 'NOT_FOUND', 'No such asset');
    const queryIndex = request.url.indexOf('?');
    const query = queryIndex === -1 ? '' : request.url.slice(queryIndex);
    if (query.length > 512) throw new HttpError(400, 'BAD_REQUEST', 'Image parameters are too long');
    if (!isDecodable(query))
      throw new HttpError(400, 'BAD_REQUEST', 'Malformed percent-encoding in the image parameters');
    return reply.from(`/images/${id}${query}`, {
      ...observedForwarding(options.metrics, 'images', onError),
      retryDelay: retryOnceAfter503(options.timeoutMs),
      rewriteRequestHeaders: (_original, headers) => ({
        accept: headers.accept ?? '*/*',
        [REQUEST_ID_HEADER]: request.id,
        ...(headers.range ? { range: headers.range } : {}),
      }),
      rewriteHeaders: (headers) => {
        const passed: Record<string, string | string[]> = {};
        for (const name of PASSED_HEADERS) {
          const value = headers[name];
          if (value !== undefined) passed[name] = value;
        }
        // The status is not known here; the origin answers errors, and only errors, as JSON.
        const isError = String(headers['content-type'] ?? '').startsWith('application/json');
        passed['cache-control'] = isError ? 'no-store' : IMMUTABLE;
        return passed;
      },
    });
  });
}
