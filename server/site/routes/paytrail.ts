/**
 * Paytrail's way back to the shop (docs/shop.md "Paytrail"): the payer's browser returns
 * to /payment-return/paytrail and Paytrail's servers call /payment-callback/paytrail, both
 * with signed `checkout-*` query parameters. Only those parameters, checked by their
 * schema, go on to the origin (which holds the secret and checks the signature); the
 * payer is then sent to the shop's confirmation page with the shop's own signed result.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { signedPaymentResultSchema } from '#shared/shop/api-schema';
import { paytrailRedirectParamsSchema, type PaytrailRedirectParams } from '#shared/shop/paytrail-params';
import { paymentResultQuery } from '#shared/shop/payment-result-query';
import { requestJson } from '#shared/api/client';
import { ApiError } from '#shared/api/errors';
import { HttpError } from '../errors';
import { observeOriginCall, originTimedOut, originUnavailable } from '../origin-forwarding';
import { requestIdHeader } from '../request-scope';
import type { SiteMetrics } from '../site-metrics';

/** The origin's answer to a return: a local path (never '//host') and the result, if decided. */
const returnAnswerSchema = z.object({
  returnPath: z.string().regex(/^\/(?!\/)[A-Za-z0-9/_.~-]*$/),
  result: signedPaymentResultSchema.nullable(),
});

export async function paytrailRoutes(
  app: FastifyInstance,
  options: { originUrl: string; timeoutMs: number; metrics?: SiteMetrics },
) {
  function paramsOf(query: unknown): PaytrailRedirectParams {
    const parsed = paytrailRedirectParamsSchema.safeParse(query);
    if (!parsed.success) throw new HttpError(400, 'BAD_REQUEST', 'The payment result parameters are not valid');
    return parsed.data;
  }

  /** POSTs the parameters to the origin; its 4xx errors (its own codes) are answered as they are. */
  async function toOrigin(path: string, params: PaytrailRedirectParams): Promise<{ status: number; body: unknown }> {
    try {
      const endpoint = `digital-order/v1/payments/paytrail/${path}`;
      const answer = await observeOriginCall(options.metrics, endpoint, () =>
        requestJson({
          method: 'POST',
          url: `${options.originUrl}/${endpoint}`,
          headers: requestIdHeader(),
          body: { params },
          timeoutMs: options.timeoutMs,
        }),
      );
      return { status: answer.status, body: answer.body ?? {} };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.failure === 'timeout') throw originTimedOut(options.timeoutMs);
      if (error.failure === 'network') throw originUnavailable();
      if (error.status >= 400 && error.status < 500) {
        const ours = error.code !== 'HTTP_ERROR';
        throw new HttpError(
          error.status,
          ours ? error.code : 'BAD_REQUEST',
          ours ? error.message : 'The payment result was refused',
        );
      }
      throw new HttpError(502, 'BAD_GATEWAY', 'The shop could not record the payment');
    }
  }

  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/payment-return/paytrail', async (request, reply) => {
    const answer = await toOrigin('return', paramsOf(request.query));
    const parsed = returnAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new HttpError(502, 'BAD_GATEWAY', 'The shop answered the payment result unexpectedly');
    const { returnPath, result } = parsed.data;
    // Still open at Paytrail: the confirmation page says the result is not known yet.
    if (!result) return noStore(reply).redirect(returnPath, 303);
    return noStore(reply).redirect(`${returnPath}?${paymentResultQuery(result)}`, 303);
  });

  app.get('/payment-callback/paytrail', async (request, reply) => {
    const answer = await toOrigin('callback', paramsOf(request.query));
    return noStore(reply).status(answer.status).send(answer.body);
  });
}
