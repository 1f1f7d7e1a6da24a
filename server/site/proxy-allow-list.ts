/**
 * The origin endpoints a browser may reach through /proxy (spec §7). Anything else is a
 * 404 at the site server and never reaches the origin.
 */
import type { z } from 'zod';
import { searchRequestSchema } from '#shared/content-schema';
import {
  initializeOrderRequestSchema,
  signedPaymentResultSchema,
  validateCartRequestSchema,
  washCodeCheckRequestSchema,
} from '#shared/shop/api-schema';

export interface ProxiedEndpoint {
  path: string;
  methods: ReadonlyArray<'GET' | 'POST'>;
  /**
   * The body of a POST, the origin's own schema: the origin gets the parsed, named fields
   * only, never the browser's text (an unknown field, even nested, goes no further).
   */
  body?: z.ZodType;
  /**
   * The customer's session token goes to the origin as a bearer token, taken from the
   * HttpOnly session cookie on the server (docs/accounts.md): 'required' answers 401
   * without one; 'optional' forwards it when there is one (a logged-in shopper's order).
   */
  customerSession?: 'required' | 'optional';
  /**
   * At most `max` requests per client address within `timeWindow` ms (429 beyond), for
   * endpoints that answer something worth guessing for (docs/shop.md "Wash code check").
   */
  rateLimit?: { max: number; timeWindow: number };
}

export const PROXY_ALLOW_LIST: readonly ProxiedEndpoint[] = [
  { path: 'cms-view/v1/content/layout', methods: ['GET'] },
  { path: 'cms-view/v1/content/page', methods: ['GET'] },
  { path: 'cms-view/v1/search', methods: ['GET', 'POST'], body: searchRequestSchema },
  // The compact station list with version and delta (docs/stations.md).
  { path: 'cms-view/v1/stations', methods: ['GET'] },
  { path: 'digital-order/v1/cart/validate', methods: ['POST'], body: validateCartRequestSchema },
  {
    path: 'digital-order/v1/orders/initialize',
    methods: ['POST'],
    customerSession: 'optional',
    body: initializeOrderRequestSchema,
  },
  { path: 'digital-order/v1/orders/complete', methods: ['POST'], body: signedPaymentResultSchema },
  // Prices for the shop blocks and the wash code check of the car-wash page (docs/shop.md).
  { path: 'digital-order/v1/products', methods: ['GET'] },
  // Rate limited per address: a customer checks a few codes, a script trying codes many.
  {
    path: 'digital-order/v1/wash-codes/check',
    methods: ['POST'],
    rateLimit: { max: 30, timeWindow: 10 * 60_000 },
    body: washCodeCheckRequestSchema,
  },
  // The customer and cards endpoints of spec §7; the token comes from the session cookie.
  { path: 'customers/v1/customer', methods: ['GET'], customerSession: 'required' },
  { path: 'customers/v1/cards', methods: ['GET'], customerSession: 'required' },
  // The account's order history with wash codes (docs/accounts.md).
  { path: 'customers/v1/orders', methods: ['GET'], customerSession: 'required' },
];

export function findProxiedEndpoint(path: string, method: string): ProxiedEndpoint | undefined {
  return PROXY_ALLOW_LIST.find(
    (endpoint) => endpoint.path === path && (endpoint.methods as readonly string[]).includes(method),
  );
}
