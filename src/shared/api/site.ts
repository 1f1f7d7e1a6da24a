/**
 * The site server's own endpoints (spec §7, docs/accounts.md): the session (auth, login,
 * logout), the contact forms, and the account's forms. The browser calls them at
 * `/${path}`; the site server (server/site/routes/account.ts) parses each body with the
 * contract's schema and builds the origin's request from the named fields. The session
 * token never appears in an answer: it goes in the HttpOnly cookie.
 */
import { z } from '../zod';
import type { ErrorCode } from '../rules/error-codes';
import {
  confirmEmailRequest,
  customersApi,
  detailsRequest,
  loginRequest,
  passwordChangeRequest,
  registerRequest,
  resetCompleteRequest,
  resetRequest,
  tokenRequest,
} from './customers';
import { endpoint } from './endpoint';
import { formsApi } from './forms';
import { SITE_API_PATHS } from './paths';
import { STATION_COUNTRIES } from '../station-constants';

/** Named in a 400's message: "Invalid request body (a JSON object): …". */
const jsonObject = <Schema extends z.ZodType>(schema: Schema) => schema.describe('request body (a JSON object)');

/** Every state-changing request: a wrong or missing x-st1-locale (400), a cross-site request (403), a limit (429). */
const guarded = ['BAD_REQUEST', 'FORBIDDEN', 'TOO_MANY_REQUESTS'] as const satisfies readonly ErrorCode[];

export const siteApi = {
  /** 204 with `user-status: AUTHORIZED | UNAUTHORIZED`; a dead session's cookie is cleared. */
  auth: endpoint({
    method: 'GET',
    path: SITE_API_PATHS.auth,
    status: 204,
    request: {},
    response: z.undefined(),
    errors: [],
  }),
  /** Sets the session cookie; the per-account lock's refusal carries `reason: 'account-locked'`. */
  login: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.login,
    request: { body: loginRequest },
    response: z.object({ status: z.literal('AUTHORIZED') }),
    errors: [...guarded, 'INVALID_CREDENTIALS', 'EMAIL_NOT_CONFIRMED'],
  }),
  /** Ends the session at the origin and clears the cookie: by a link (GET) or a form (POST). */
  logout: endpoint({
    method: 'GET',
    path: SITE_API_PATHS.logout,
    status: 204,
    request: {},
    response: z.undefined(),
    errors: ['BAD_REQUEST', 'FORBIDDEN'],
  }),
  logoutByPost: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.logout,
    status: 204,
    request: {},
    response: z.undefined(),
    errors: ['BAD_REQUEST', 'FORBIDDEN'],
  }),
  /** A contact form (spec §5); a filled honeypot field is answered the same and stored nowhere. */
  formSubmit: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.formSubmit,
    status: 201,
    request: { body: formsApi.submit.request.body },
    response: z.object({ status: z.literal('SENT') }),
    errors: [...guarded, ...formsApi.submit.errors],
  }),
  register: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.register,
    status: 202,
    request: { body: jsonObject(registerRequest) },
    response: customersApi.register.response,
    errors: [...guarded, ...customersApi.register.errors],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.forgotPassword,
    status: 202,
    request: { body: jsonObject(resetRequest) },
    response: customersApi.requestPasswordReset.response,
    errors: [...guarded, ...customersApi.requestPasswordReset.errors],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.confirmEmail,
    request: { body: confirmEmailRequest },
    response: customersApi.confirmEmail.response,
    errors: [...guarded, ...customersApi.confirmEmail.errors],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.resetPassword,
    request: { body: jsonObject(resetCompleteRequest) },
    response: customersApi.completePasswordReset.response,
    errors: [...guarded, ...customersApi.completePasswordReset.errors],
  }),
  /** Whether a reset link's token still works; it is not used up. */
  checkResetToken: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.checkResetToken,
    request: { body: jsonObject(tokenRequest) },
    response: customersApi.checkResetToken.response,
    errors: [...guarded, ...customersApi.checkResetToken.errors],
  }),
  /** The signed-in customer's details; answers the updated record. */
  updateCustomer: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.customer,
    request: { body: jsonObject(detailsRequest) },
    response: customersApi.updateCustomer.response,
    errors: ['BAD_REQUEST', 'FORBIDDEN', ...customersApi.updateCustomer.errors],
  }),
  /** Ends every session of the customer; this browser's cookie gets the new one. */
  changePassword: endpoint({
    method: 'POST',
    path: SITE_API_PATHS.password,
    request: { body: jsonObject(passwordChangeRequest) },
    response: z.object({ status: z.literal('CHANGED') }),
    errors: [...guarded, ...customersApi.changePassword.errors],
  }),
  /**
   * A country's live data while a page is open (docs/stations.md "Live while open"):
   * `text/event-stream`, one `live` event per change (its data the live channel's compact
   * delta, its id the live version, so that `Last-Event-ID` resumes), an `id` alone when
   * the version moved elsewhere, `resync` when the browser must sync in full, a comment
   * every 15 s. `since` is the live version the browser holds (a stream never sends a
   * full list). 503 OVERLOADED with `retry-after` when LIVE_STREAMS_MAX are open.
   */
  stationLiveStream: endpoint({
    method: 'GET',
    path: SITE_API_PATHS.stationLiveStream,
    request: {
      query: z.object({
        country: z.enum(STATION_COUNTRIES),
        since: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        dataset: z
          .string()
          .regex(/^[\w-]{1,64}$/)
          .optional(),
      }),
    },
    response: z.string().describe('text/event-stream'),
    errors: ['BAD_REQUEST', 'OVERLOADED'],
  }),
};
