/**
 * The request bodies of the customer API (spec §7 customers/v1), as the browser sends them
 * to the site server and the site server sends them on to the origin. Both servers parse
 * with these schemas, so a field exists in one place: the site server builds each origin
 * request from the parsed, named fields (unknown fields are dropped), and the origin adds
 * only what the site server computes itself (link options: server/site/public-urls.ts).
 */
import { z } from '../zod';
import { MARKETING_CHOICES } from '../account-types';

const text = (max: number) => z.string().max(max);

/** A token from an e-mail link (confirmation, reset, unlock): URL-safe base64. */
const accountToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'expected a token from an e-mail link');

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
/** The six-digit code mailed beside the confirmation link, typed with the address. */
const confirmationCode = z.string().regex(/^\d{6}$/, 'expected the six-digit code from the e-mail');
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
