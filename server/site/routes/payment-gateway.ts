/**
 * /payment-gateway/*: the hosted page of the origin's payment test gateway, on the site's
 * own host (the origin listens on loopback only). Its form posts come back here and go
 * on as they are; the gateway's 303 back to the shop passes through (docs/shop.md).
 * With a real provider the browser goes to the provider's own host instead.
 */
import replyFrom from '@fastify/reply-from';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { forwardingOptions, observedForwarding, originFailure, retryOnceAfter503 } from '../origin-forwarding';
import type { SiteMetrics } from '../site-metrics';
import { REQUEST_ID_HEADER } from '../../common/request-id';

const GATEWAY_PATH = /^\/payment-gateway\/(?:gateway\.css|pay\/PAY-[A-Z0-9]{10,40})$/;

export async function paymentGatewayRoutes(
  app: FastifyInstance,
  options: { originUrl: string; timeoutMs: number; metrics?: SiteMetrics },
) {
  await app.register(replyFrom, forwardingOptions(options.originUrl, { timeoutMs: options.timeoutMs, connections: 8 }));
  const onError = originFailure(options.timeoutMs);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/payment-gateway/*',
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!GATEWAY_PATH.test(path)) throw new HttpError(404, 'NOT_FOUND', 'No such payment page');
      return reply.from(path, {
        ...observedForwarding(options.metrics, 'payment-gateway', onError),
        retryDelay: retryOnceAfter503(options.timeoutMs),
        ...(request.method === 'POST'
          ? {
              body: typeof request.body === 'string' ? request.body : '',
              contentType: 'application/x-www-form-urlencoded',
            }
          : {}),
        // Only what the form needs goes on: no cookies, no browser headers.
        rewriteRequestHeaders: (_request, headers) => ({
          accept: 'text/html',
          [REQUEST_ID_HEADER]: request.id,
          ...(request.method === 'POST'
            ? { 'content-type': String(headers['content-type']), 'content-length': String(headers['content-length']) }
            : {}),
        }),
        rewriteHeaders: (headers) => ({
          ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}),
          ...(headers.location ? { location: headers.location } : {}),
          ...(headers['retry-after'] ? { 'retry-after': headers['retry-after'] } : {}),
          'cache-control': String(headers['cache-control'] ?? 'no-store'),
        }),
      });
    },
  });
}
