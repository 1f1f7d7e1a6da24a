/**
 * The states of the session, the cart, the order and its payment, and the notifications
 * (docs/spec.md §4), as typed unions that the browser, the site server and the origin share.
 * Each list is the one definition; the types are derived from it so that a runtime check
 * (`z.enum(PAYMENT_RESULT_STATUSES)`) and the type cannot drift apart.
 */

/** The header the auth check answers with; AUTHORIZED makes the browser load the customer. */
export const USER_STATUS_HEADER = 'user-status';
export const USER_STATUSES = ['AUTHORIZED', 'UNAUTHORIZED'] as const;

/**
 * The cart's totals: 'valid' when they are the server's answer for these items,
 * 'validating' while a check is under way, 'outOfDate' when the last check could not reach
 * the server (offline or a network error); the items are kept and checked again online.
 */
export const CART_STATUSES = ['valid', 'validating', 'outOfDate'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** An order is pending until its payment is approved; then it is paid, once. */
export const ORDER_STATUSES = ['pending', 'paid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The gateway's decisions on a payment. */
export const PAYMENT_RESULT_STATUSES = ['approved', 'declined', 'cancelled'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

/** A payment is created with the order and then takes the gateway's decision. */
export const PAYMENT_STATUSES = ['created', ...PAYMENT_RESULT_STATUSES] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Notification types; 'success' is the default. */
export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'information'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
