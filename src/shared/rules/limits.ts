/**
 * The product's numeric limits, each defined once: the constants and limits of the spec
 * (docs/spec.md §9) and the shop's and forms' own limits that the browser, the site server
 * and the origin must agree on. limits.test.ts reads the §9 numbers back from docs/spec.md.
 *
 * Plain numbers only (no imports), so that the landing page can import them for free.
 */

// Responses

/** Page and layout failures at or above this status are fatal. */
export const FATAL_STATUS = 500;
/** Legacy and canonical-form redirects are temporary. */
export const REDIRECT_STATUS = 307;

// Locale

/** The locale cookie i18n_redirected lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

// Layout

/** Minimum viewport widths in CSS pixels; the CSS media queries use the same numbers. */
export const BREAKPOINTS = {
  smallMobile: 320,
  mobile: 480,
  largeMobile: 768,
  smallDesktop: 992,
  desktop: 1200,
  largeDesktop: 1600,
} as const;
/** The viewport width is re-read this long after the last resize event. */
export const RESIZE_DEBOUNCE_MS = 50;
/** An opening region keeps its overflow hidden this long after it starts to open. */
export const HEIGHT_TRANSITION_MS = 500;

// Images and video

/** Image screens in px: a `sizes` key means "up to this viewport width". */
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
/** Densities asked for by default (1.5 only on request). */
export const DEFAULT_DENSITIES: readonly number[] = [1, 2];
/** A CMS video's box: 1920 wide at 16:9. */
export const VIDEO_WIDTH = 1920;
export const VIDEO_HEIGHT = (VIDEO_WIDTH * 9) / 16;

// Money

/** Prices are rounded to, and always shown with, two decimals. */
export const MONEY_DECIMALS = 2;

// Station map

/** Cluster radius in screen px. */
export const CLUSTER_RADIUS_PX = 60;
/** No clusters above this zoom. */
export const CLUSTER_MAX_ZOOM = 16;
/** Padding in px when the map fits its bounds to the stations or to a clicked cluster. */
export const FIT_BOUNDS_PADDING_PX = 60;
/** A cluster is red when its count exceeds the larger of this and the mean cluster size. */
export const RED_CLUSTER_MIN_COUNT = 10;

// Prefetch and reloads

/** Page payloads are prefetched this long after load. */
export const PREFETCH_DELAY_MS = 1000;
/** Links that appear after a route change are picked up within this delay. */
export const ROUTE_CHANGE_DELAY_MS = 100;
/** A chunk-load reload is not repeated within this time (no reload loops). */
export const RELOAD_GUARD_MS = 10_000;
/** At most this many route payloads load at once. */
export const MAX_CONCURRENT_PREFETCHES = 4;

// The shop's own limits (docs/shop.md), checked by the browser and the origin alike

/** One cart line holds at most this many of a product. */
export const MAX_QUANTITY = 50;
/** A cart holds at most this many different products. */
export const MAX_CART_LINES = 30;

// Field lengths of the forms, the checkout and the account endpoints

/** The longest e-mail address SMTP allows (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** A person's first or last name. */
export const NAME_MAX_LENGTH = 100;
