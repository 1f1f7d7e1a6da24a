/**
 * Prices a cart on the server (the only place prices are computed): products from the
 * catalog, upsell offers, the discount code, and totals in integer cents.
 */
import { LOCALE_INFO, type Locale } from '#shared/locales';
import type { ProductView, Totals, ValidatedCart } from '#shared/shop/api-schema';
import { centsToEuros } from '#shared/shop/money';
import { computeTotals, type CentTotals, type PricedLine } from '#shared/shop/pricing';
import { HttpError } from '../errors';
import {
  canonicalDiscountCode,
  discountProblem,
  type DiscountCode,
  type DiscountCodesRepository,
} from './discount-codes-repository';
import { productName, type Product, type ProductsRepository } from './products-repository';

export interface CartLineInput {
  code: string;
  quantity: number;
  showUpsell: boolean;
}

export interface PricedCartLine extends PricedLine {
  product: Product;
  name: string;
  washesPerUnit: number;
}

export interface PricedCart {
  lines: PricedCartLine[];
  totals: CentTotals;
  discount: DiscountCode | null;
  answer: ValidatedCart;
}

export const DISCOUNT_MESSAGES = {
  DISCOUNT_UNKNOWN: (code: string) => `Discount code ${code} does not exist`,
  DISCOUNT_NOT_YET_VALID: (code: string) => `Discount code ${code} is not valid yet`,
  DISCOUNT_EXPIRED: (code: string) => `Discount code ${code} has expired`,
  DISCOUNT_USED_UP: (code: string) => `Discount code ${code} has been used the maximum number of times`,
} as const;

export function toTotals(totals: CentTotals): Totals {
  return {
    subtotal: centsToEuros(totals.subtotal),
    discount: centsToEuros(totals.discount),
    taxAmount: centsToEuros(totals.taxAmount),
    totalWithTax: centsToEuros(totals.totalWithTax),
    totalWithoutTax: centsToEuros(totals.totalWithoutTax),
  };
}

function productView(product: Product, locale: Locale, names: Map<string, Product>, showUpsell: boolean): ProductView {
  const name = productName(product, locale);
  const price = centsToEuros(product.priceCents);
  return {
    code: product.code,
    name,
    attributes: { product_name: name, price, tax_class: [product.taxClass], currency: [product.currency] },
    unitPrice: price,
    taxPercentage: product.taxRateBasisPoints / 100,
    ...(product.image ? { image: product.image } : {}),
    bundleMembers: product.bundle.map((member) => {
      const memberProduct = names.get(member.code);
      return {
        amount: member.amount,
        product: { code: member.code, globalName: memberProduct ? productName(memberProduct, locale) : member.code },
      };
    }),
    showUpsell,
  };
}

/** A cart line at the catalog's price; a bundle counts its members' washes. */
function pricedLine(product: Product, quantity: number, locale: Locale): PricedCartLine {
  return {
    product,
    name: productName(product, locale),
    unitPriceCents: product.priceCents,
    quantity,
    taxRateBasisPoints: product.taxRateBasisPoints,
    washesPerUnit: Math.max(
      1,
      product.bundle.reduce((sum, member) => sum + member.amount, 0),
    ),
  };
}

/** The validate-cart answer: each line with its upsell offers, the totals and the discount applied. */
function validatedCart(
  lines: readonly CartLineInput[],
  priced: {
    products: Map<string, Product>;
    all: Map<string, Product>;
    totals: CentTotals;
    discount: DiscountCode | null;
    locale: Locale;
  },
): ValidatedCart {
  const { products, all, totals, discount, locale } = priced;
  return {
    items: lines.map((line) => {
      const product = products.get(line.code)!;
      const offers = line.showUpsell
        ? product.upsellCodes.flatMap((code) => {
            const upsell = all.get(code);
            return upsell ? [{ quantity: 1, product: productView(upsell, locale, all, true) }] : [];
          })
        : [];
      return {
        quantity: line.quantity,
        product: productView(product, locale, all, line.showUpsell),
        upsellProducts: offers,
      };
    }),
    totals: toTotals(totals),
    discountCode: discount
      ? {
          code: discount.code,
          kind: discount.rule.kind,
          value:
            discount.rule.kind === 'percentage' ? discount.rule.basisPoints / 100 : centsToEuros(discount.rule.cents),
        }
      : null,
    // What the page shows and the order charges: the locale table's shop currency.
    currency: LOCALE_INFO[locale].shopCurrency,
  };
}

export function createCartPricing(deps: { products: ProductsRepository; discounts: DiscountCodesRepository }) {
  return {
    async price(
      lines: readonly CartLineInput[],
      options: { locale: Locale; discountCode?: string | undefined; now?: Date },
    ): Promise<PricedCart> {
      const seen = new Set<string>();
      for (const line of lines) {
        if (seen.has(line.code))
          throw new HttpError(400, 'DUPLICATE_PRODUCT', `Product ${line.code} appears more than once in the cart`);
        seen.add(line.code);
      }
      const products = await deps.products.findActive(lines.map((line) => line.code));
      const unknown = lines.filter((line) => !products.has(line.code)).map((line) => line.code);
      if (unknown.length > 0)
        // `codes` lets the browser drop just those lines and keep the rest of the cart.
        throw new HttpError(422, 'UNKNOWN_PRODUCT', `Unknown product code: ${unknown.join(', ').slice(0, 300)}`, {
          details: { codes: unknown.slice(0, 100) },
        });

      // Upsell offers and bundle members need their products too (names and prices).
      const related = [...products.values()].flatMap((product) => [
        ...product.upsellCodes,
        ...product.bundle.map((member) => member.code),
      ]);
      const relatedProducts = await deps.products.findActive(related.filter((code) => !products.has(code)));
      const all = new Map([...products, ...relatedProducts]);

      let discount: DiscountCode | null = null;
      if (options.discountCode !== undefined) {
        const code = canonicalDiscountCode(options.discountCode);
        const found = await deps.discounts.find(code, options.now ?? new Date());
        const problem = discountProblem(found, options.now ?? new Date());
        if (problem) throw new HttpError(422, problem, DISCOUNT_MESSAGES[problem](code.slice(0, 40)));
        discount = found!;
      }

      const priced = lines.map((line) => pricedLine(products.get(line.code)!, line.quantity, options.locale));
      const totals = computeTotals(priced, discount?.rule);
      const answer = validatedCart(lines, { products, all, totals, discount, locale: options.locale });
      return { lines: priced, totals, discount, answer };
    },
  };
}
export type CartPricing = ReturnType<typeof createCartPricing>;
