/**
 * The path of every endpoint, written once. The contracts (`endpoint({ path: … })`) take
 * their paths from here, and so do the servers through them; the browser imports this
 * module itself, which has no zod (the landing page's budget), instead of writing a path
 * again. Without a leading slash, as the proxy names them (`/proxy/${path}`); the site's
 * own endpoints are served at `/${path}`.
 */

/** The site server's own endpoints (src/shared/api/site.ts). */
export const SITE_API_PATHS = {
  auth: 'api/v1/auth',
  login: 'api/v1/login',
  logout: 'api/v1/logout',
  formSubmit: 'api/v1/form/submit',
  register: 'api/v1/account/register',
  forgotPassword: 'api/v1/account/forgot-password',
  confirmEmail: 'api/v1/account/confirm-email',
  resetPassword: 'api/v1/account/reset-password',
  checkResetToken: 'api/v1/account/reset-password/check',
  customer: 'api/v1/account/customer',
  password: 'api/v1/account/password',
  /** Server-Sent Events of a country's live data (docs/stations.md "Live while open"). */
  stationLiveStream: 'api/v1/stations/live-stream',
} as const;

/** cms-view/v1 content (src/shared/api/content.ts). */
export const CONTENT_API_PATHS = {
  layout: 'cms-view/v1/content/layout',
  page: 'cms-view/v1/content/page',
  view: 'cms-view/v1/content/view',
  search: 'cms-view/v1/search',
  sitemap: 'cms-view/v1/sitemap',
  pageChanges: 'cms-view/v1/page-changes',
} as const;

/** The station channels (src/shared/api/stations.ts, docs/stations.md "Two channels"). */
export const STATIONS_API_PATHS = {
  list: 'cms-view/v1/stations',
  facts: 'cms-view/v1/station-facts',
  live: 'cms-view/v1/station-live',
} as const;

/** station-import/v1 (src/shared/api/station-import.ts). */
export const STATION_IMPORT_API_PATHS = {
  fuelPrices: 'station-import/v1/fuel-prices',
  chargerStatuses: 'station-import/v1/charger-statuses',
  tariffs: 'station-import/v1/tariffs',
} as const;

/** digital-order/v1 (src/shared/api/shop.ts). */
export const SHOP_API_PATHS = {
  validateCart: 'digital-order/v1/cart/validate',
  products: 'digital-order/v1/products',
  initializeOrder: 'digital-order/v1/orders/initialize',
  completeOrder: 'digital-order/v1/orders/complete',
  paymentCallback: 'digital-order/v1/payments/callback',
  checkWashCode: 'digital-order/v1/wash-codes/check',
  redeemWashCode: 'digital-order/v1/wash-codes/redeem',
} as const;

/** customers/v1 (src/shared/api/customers.ts). */
export const CUSTOMERS_API_PATHS = {
  sessions: 'customers/v1/sessions',
  session: 'customers/v1/session',
  customer: 'customers/v1/customer',
  cards: 'customers/v1/cards',
  orders: 'customers/v1/orders',
  password: 'customers/v1/password',
  registrations: 'customers/v1/registrations',
  emailConfirmations: 'customers/v1/email-confirmations',
  passwordResets: 'customers/v1/password-resets',
  passwordResetCheck: 'customers/v1/password-resets/check',
  passwordResetComplete: 'customers/v1/password-resets/complete',
} as const;

/** forms/v1 (src/shared/api/forms.ts). */
export const FORMS_API_PATHS = { submissions: 'forms/v1/submissions' } as const;

/** The probes of both servers and the site's build id (src/shared/api/probes.ts). */
export const PROBE_API_PATHS = {
  health: 'healthz',
  ready: 'readyz',
  latestBuild: 'builds/latest.json',
} as const;
