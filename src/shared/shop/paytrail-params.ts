/**
 * The query parameters Paytrail adds to the redirect and callback URLs (its public API,
 * https://docs.paytrail.com "Redirect and callback URL parameters"). The site server
 * passes on only these, checked here; the origin checks their signature. Every
 * `checkout-*` parameter is signed, so one this schema does not name (Paytrail may add
 * some) is kept, within bounds, for the signature to hold.
 */
import { z } from '../zod';

const PAYTRAIL_STATUSES = ['new', 'ok', 'fail', 'pending', 'delayed'] as const;

const token = (max: number) => z.string().regex(new RegExp(`^[A-Za-z0-9._-]{1,${max}}$`));

export const paytrailRedirectParamsSchema = z
  .record(z.string().regex(/^(checkout-[a-z-]{1,40}|signature)$/), z.string().max(200))
  .refine((params) => Object.keys(params).length <= 20, 'too many parameters')
  .pipe(
    z
      .object({
        'checkout-account': z.string().regex(/^\d{1,12}$/),
        'checkout-algorithm': z.enum(['sha256', 'sha512']),
        'checkout-amount': z.string().regex(/^\d{1,12}$/),
        'checkout-stamp': token(100),
        'checkout-reference': token(100),
        'checkout-transaction-id': token(100),
        'checkout-status': z.enum(PAYTRAIL_STATUSES),
        'checkout-provider': z
          .string()
          .regex(/^[a-z0-9-]{1,40}$/)
          .optional(),
        signature: z.string().regex(/^[a-f0-9]{64}([a-f0-9]{64})?$/),
      })
      .catchall(z.string()),
  );
export type PaytrailRedirectParams = z.infer<typeof paytrailRedirectParamsSchema>;

/** The request from the site server to the origin: the payer's return or Paytrail's callback. */
export const paytrailReturnRequestSchema = z.object({ params: paytrailRedirectParamsSchema });
