/** The cart of spec §3 as the browser keeps it. Money is euros as the origin answers it. */
import type { ProductView, Totals } from '#shared/shop/api-schema';
import type { CartStatus } from '#shared/rules/states';

export interface CartIncluded {
  amount: number;
  globalName: string;
  sku: string[];
}

interface CartUpsell {
  quantity: number;
  product: ProductView;
}

/** Spec §3 Cart item (plus taxPercentage, which the price excluding tax needs). */
export interface CartItem {
  code: string;
  name: string;
  image: { src: string; alt: string } | null;
  amount: number;
  price: number;
  includes: CartIncluded[];
  attributes: { price: number; tax_class: string[] };
  taxPercentage: number;
  showUpsell: boolean;
  upsells: CartUpsell[];
}

export interface CartState {
  items: CartItem[];
  discountCode: string | null;
  totals: Totals | null;
  status: CartStatus;
  /** True once the saved cart has been read (false during server render and hydration). */
  loaded: boolean;
  /**
   * The code the server last refused and why (a DISCOUNT_* error code): the discount field
   * shows it, with the code kept as typed; cleared by the next code. Not saved.
   */
  discountRefusal: { code: string; reason: string } | null;
}

/** What the cart keeps in IndexedDB. */
export interface StoredCart {
  items: CartItem[];
  discountCode: string | null;
  totals: Totals | null;
  status: CartStatus;
  savedAt: number;
  /** The tab that saved it (cart-storage.ts), so that a tab's live query skips its own saves. */
  writer?: string;
}

/** What a product block adds: the origin's product, or a code and name when offline. */
export type ProductInput = Pick<ProductView, 'code' | 'name'> & Partial<ProductView>;
