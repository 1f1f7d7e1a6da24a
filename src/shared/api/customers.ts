/**
 * The request bodies of the customer API (spec §7 customers/v1), as the browser sends them
 * to the site server and the site server sends them on to the origin. Both servers parse
 * with these schemas, so a field exists in one place: the site server builds each origin
 * request from the parsed, named fields (unknown fields are dropped), and the origin adds
 * only what the site server computes itself (link options: server/site/public-urls.ts).
 */
import { z } from '../zod';
import { normaliseConfirmationCode } from '../rules/confirmation-code';
import { ACCOUNT_TOKEN_SHAPE } from '../rules/link-token';
import { cardSchema, customerRecordSchema, MARKETING_CHOICES, orderSummarySchema } from '../account-types';
import { endpoint } from './endpoint';
import { CUSTOMERS_API_PATHS } from './paths';

const text = (max: number) => z.string().max(max);

/** A token from an e-mail link (confirmation, reset, unlock). */
const accountToken = z.string().regex(ACCOUNT_TOKEN_SHAPE, 'expected a token from an e-mail link');

/**
 * The session token of the HttpOnly cookie, as the origin issues it (32 random bytes,
 * base64url): the site server's cookie check and the origin's login body use this one rule.
 */
export const SESSION_TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const sessionToken = z.string().regex(SESSION_TOKEN_SHAPE, 'expected a session token');

export const loginRequest = z.object({
  email: text(254),
  password: text(256),
  /** From the unlock link mailed to a locked-out account (docs/accounts.md "Rate limits"). */
  unlockToken: accountToken.optional(),
});

export const detailsRequest = z.object({
  firstName: text(200),
  lastName: text(200),
  phoneNumber: text(30),
  marketing: z.array(z.enum(MARKETING_CHOICES)).max(2),
});

export const registerRequest = detailsRequest.extend({ email: text(254), password: text(256) });
export const passwordChangeRequest = z.object({ currentPassword: text(256), newPassword: text(256) });
export const tokenRequest = z.object({ token: accountToken });
/** The six-digit code mailed beside the confirmation link, as typed ("609 459" is 609459). */
const confirmationCode = z
  .string()
  .max(40)
  .transform(normaliseConfirmationCode)
  .pipe(z.string().regex(/^\d{6}$/, 'expected the six-digit code from the e-mail'));
/**
 * Confirming an address: by the link's token, or by the address and the typed code. One
 * object (not a union), so that a refusal names the missing field.
 */
export const confirmEmailRequest = z
  .object({ token: accountToken.optional(), email: text(254).optional(), code: confirmationCode.optional() })
  .superRefine((body, context) => {
    const byCode = body.email !== undefined && body.code !== undefined;
    if ((body.token !== undefined) !== byCode) return;
    context.addIssue({
      code: 'custom',
      path: body.token === undefined ? ['token'] : ['code'],
      message: "give either the link's token, or the email address and the code",
    });
  });
export const resetRequest = z.object({ email: text(254) });
export const resetCompleteRequest = tokenRequest.extend({ password: text(256) });

/**
 * Where links in account e-mails point: computed by the site server from its configuration
 * (never taken from a browser), and checked again by the origin against the site URLs it
 * was configured with (server/origin/config.ts SITE_URLS).
 */
export interface LinkOptions {
  linkBase: string;
  domainMode: boolean;
}

/**
 * Link options as the origin's bodies carry them; the origin checks `linkBase` against
 * its configured site URLs besides (server/origin/accounts/customer-routes.ts).
 */
const linkOptionsRequest = {
  linkBase: z.string().max(200).optional(),
  domainMode: z.boolean().optional(),
};

/** The origin's login body: the browser's fields, the session it replaces, link options. */
const originLoginRequest = loginRequest.extend({
  previousToken: sessionToken.optional(),
  ...linkOptionsRequest,
});
const originRegisterRequest = registerRequest.extend(linkOptionsRequest);
const originResetRequest = resetRequest.extend(linkOptionsRequest);

const newSession = z.object({ token: sessionToken, expiresAt: z.string() });

/**
 * customers/v1 (spec §7, docs/accounts.md). The customer is always the session's (the
 * bearer token): no path or body names one.
 */
/**
 * The field message the password change refuses a wrong current password with: an id the
 * account views translate (lingui.config.ts assigns this file to the `account` catalog).
 */
export const WRONG_PASSWORD_MESSAGE_ID = /*i18n*/ 'account.errors.wrong-password';

export const customersApi = {
  login: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.sessions,
    status: 201,
    request: { body: originLoginRequest },
    response: newSession.extend({ customer: customerRecordSchema }),
    errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_CONFIRMED', 'TOO_MANY_REQUESTS'],
  }),
  session: endpoint({
    method: 'GET',
    path: CUSTOMERS_API_PATHS.session,
    request: {},
    response: z.object({ expiresAt: z.string() }),
    errors: ['UNAUTHORIZED'],
  }),
  logout: endpoint({
    method: 'DELETE',
    path: CUSTOMERS_API_PATHS.session,
    status: 204,
    request: {},
    response: z.undefined(),
    errors: [],
  }),
  customer: endpoint({
    method: 'GET',
    path: CUSTOMERS_API_PATHS.customer,
    request: {},
    response: customerRecordSchema,
    errors: ['UNAUTHORIZED'],
  }),
  updateCustomer: endpoint({
    method: 'PUT',
    path: CUSTOMERS_API_PATHS.customer,
    request: { body: detailsRequest },
    response: customerRecordSchema,
    errors: ['UNAUTHORIZED', 'VALIDATION_FAILED'],
  }),
  cards: endpoint({
    method: 'GET',
    path: CUSTOMERS_API_PATHS.cards,
    request: {},
    response: z.array(cardSchema),
    errors: ['UNAUTHORIZED'],
  }),
  orders: endpoint({
    method: 'GET',
    path: CUSTOMERS_API_PATHS.orders,
    request: {},
    response: z.array(orderSummarySchema),
    errors: ['UNAUTHORIZED'],
  }),
  /** Revokes every session of the customer and answers the new one of this browser. */
  changePassword: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.password,
    request: { body: passwordChangeRequest },
    response: newSession,
    errors: ['UNAUTHORIZED', 'VALIDATION_FAILED'],
  }),
  register: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.registrations,
    status: 202,
    request: { body: originRegisterRequest },
    response: z.object({ status: z.literal('pending-confirmation') }),
    errors: ['VALIDATION_FAILED'],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.emailConfirmations,
    request: { body: confirmEmailRequest },
    response: z.object({ confirmed: z.boolean() }),
    errors: ['INVALID_TOKEN'],
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.passwordResets,
    status: 202,
    request: { body: originResetRequest },
    response: z.object({ status: z.literal('sent-if-known') }),
    errors: [],
  }),
  checkResetToken: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.passwordResetCheck,
    request: { body: tokenRequest },
    response: z.object({ valid: z.boolean() }),
    errors: ['INVALID_TOKEN'],
  }),
  completePasswordReset: endpoint({
    method: 'POST',
    path: CUSTOMERS_API_PATHS.passwordResetComplete,
    request: { body: resetCompleteRequest },
    response: z.object({ reset: z.boolean() }),
    errors: ['INVALID_TOKEN', 'VALIDATION_FAILED'],
  }),
};
