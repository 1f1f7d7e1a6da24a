/**
 * The origin endpoints a browser may reach through /proxy (spec §7). Anything else is a
 * 404 at the site server and never reaches the origin.
 */
export interface ProxiedEndpoint {
  path: string;
  methods: ReadonlyArray<'GET' | 'POST'>;
}

export const PROXY_ALLOW_LIST: readonly ProxiedEndpoint[] = [
  { path: 'cms-view/v1/content/layout', methods: ['GET'] },
  { path: 'cms-view/v1/content/page', methods: ['GET'] },
  { path: 'cms-view/v1/search', methods: ['GET', 'POST'] },
  { path: 'digital-order/v1/cart/validate', methods: ['POST'] },
  { path: 'digital-order/v1/orders/initialize', methods: ['POST'] },
  { path: 'digital-order/v1/orders/complete', methods: ['POST'] },
  // The customer and cards endpoints of spec §7; the token comes from the session cookie.
  { path: 'customers/v1/customer', methods: ['GET'] },
  { path: 'customers/v1/cards', methods: ['GET'] },
];

export function findProxiedEndpoint(path: string, method: string): ProxiedEndpoint | undefined {
  return PROXY_ALLOW_LIST.find(
    (endpoint) => endpoint.path === path && (endpoint.methods as readonly string[]).includes(method),
  );
}
