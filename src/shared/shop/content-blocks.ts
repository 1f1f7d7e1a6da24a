/** CMS block kinds of the shop (docs/shop.md), added to the block union of content-schema.ts. */
import { z } from '../zod';

/** Products with an add-to-cart button; names and prices come from the origin. */
export const shopProductsBlockSchema = z.object({
  type: z.literal('shopProducts'),
  title: z.string().optional(),
  products: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{0,63}$/),
        title: z.string(),
        text: z.string().optional(),
      }),
    )
    .min(1),
});
export const shopCartBlockSchema = z.object({ type: z.literal('shopCart') });
export const shopCheckoutBlockSchema = z.object({ type: z.literal('shopCheckout') });
export const shopConfirmationBlockSchema = z.object({ type: z.literal('shopConfirmation') });
export const washCodeCheckBlockSchema = z.object({ type: z.literal('washCodeCheck'), title: z.string().optional() });
