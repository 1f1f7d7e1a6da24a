/**
 * The origin endpoints a browser may reach through /proxy (spec §7). Anything else is a
 * 404 at the site server and never reaches the origin.
 */
import type { z } from 'zod';
import { contentApi } from '#shared/api/content';
import { customersApi } from '#shared/api/customers';
import type { Endpoint } from '#shared/api/endpoint';
import { shopApi } from '#shared/api/shop';
import { stationsApi } from '#shared/api/stations';

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

/**
 * One allow-list entry from the contracts of one path (src/shared/api): its methods, and
 * the request body schema of its POST.
 */
function proxied(
  contracts: readonly Endpoint[],
  options: Pick<ProxiedEndpoint, 'customerSession' | 'rateLimit'> = {},
): ProxiedEndpoint {
  const body = contracts.find((contract) => contract.method === 'POST')?.request.body;
  return {
    path: contracts[0]!.path,
    methods: contracts.map((contract) => contract.method as 'GET' | 'POST'),
    ...(body ? { body } : {}),
    ...options,
  };
}

export const PROXY_ALLOW_LIST: readonly ProxiedEndpoint[] = [
  proxied([contentApi.layout]),
  proxied([contentApi.page]),
  proxied([contentApi.search, contentApi.searchByBody]),
  // The station channels, facts and live data, each with its version and delta, and the
  // keyed list of apps installed before them (docs/stations.md "Two channels").
  proxied([stationsApi.list]),
  proxied([stationsApi.facts]),
  proxied([stationsApi.live]),
  proxied([shopApi.validateCart]),
  proxied([shopApi.initializeOrder], { customerSession: 'optional' }),
  proxied([shopApi.completeOrder]),
  // Prices for the shop blocks and the wash code check of the car-wash page (docs/shop.md).
  proxied([shopApi.products]),
  // Rate limited per address: a customer checks a few codes, a script trying codes many.
  proxied([shopApi.checkWashCode], { rateLimit: { max: 30, timeWindow: 10 * 60_000 } }),
  // The customer and cards endpoints of spec §7; the token comes from the session cookie.
  proxied([customersApi.customer], { customerSession: 'required' }),
  proxied([customersApi.cards], { customerSession: 'required' }),
  // The account's order history with wash codes (docs/accounts.md).
  proxied([customersApi.orders], { customerSession: 'required' }),
];

export function findProxiedEndpoint(path: string, method: string): ProxiedEndpoint | undefined {
  return PROXY_ALLOW_LIST.find(
    (endpoint) => endpoint.path === path && (endpoint.methods as readonly string[]).includes(method),
  );
}
