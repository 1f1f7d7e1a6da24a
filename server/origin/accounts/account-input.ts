/**
 * The checks the account routes share: the link options of a mailed link (checked against
 * the configured site URLs), the details and password rules of spec §5 on the server's
 * field names, and the stored form of a phone number.
 */
import { z } from 'zod';
import { detailsRequest } from '#shared/api/customers';
import { readPhone } from '#shared/rules/phone';
import { validateForm, type ValidationMessage } from '#shared/rules/validation';
import { ACCOUNT_FORM_RULES } from '#shared/rules/forms';
import type { CustomerAuth } from '../auth/auth-plugin';
import type { ScryptCost } from '../auth/secrets';
import type { Transact } from '../unit-of-work';
import type { AccountsRepositories } from './accounts-repositories';

/** What every account route module takes (accounts-plugin.ts). */
export interface AccountRoutesDeps {
  /** The accounts' repositories on the database (outside a transaction). */
  accounts: AccountsRepositories;
  /** One transaction over the domains (unit-of-work.ts): a token with its mail, a reset with its sessions. */
  transaction: Transact;
  /** Sessions and the customer behind a request (the auth plugin). */
  auth: CustomerAuth;
  /** SITE_URLS (config.ts): the origins links in e-mails may point to; none: loopback only. */
  siteUrls: readonly string[];
  /** The scrypt cost of new password hashes (config.ts PASSWORD_SCRYPT_N). */
  passwordCost: ScryptCost;
}

/**
 * Link options, computed by the site server (server/site/public-urls.ts). A link base must
 * be one of the configured site origins (SITE_URLS), or, with none configured, a loopback
 * origin: a forged one would mail a genuine token to someone else's site.
 */
export function linkOptionsSchema(siteUrls: readonly string[]) {
  const allowed = new Set(siteUrls);
  // zod runs this refinement even when .url() has already failed (its checks do not
  // abort), so a value that is no URL at all must answer false here, not throw.
  const isAllowed = (value: string) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    if (url.origin !== value) return false;
    if (allowed.size > 0) return allowed.has(url.origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  };
  return {
    linkBase: z
      .string()
      .url()
      .max(200)
      .refine(isAllowed, 'linkBase is not a configured site URL (SITE_URLS)')
      .optional(),
    domainMode: z.boolean().optional(),
  };
}
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The details rules of spec §5, on the server's field names. The phone, when given, must
 * pass the one phone rule in international form (+358/+46/+47, a possible number).
 */
export function detailErrors(details: z.infer<typeof detailsRequest>): Record<string, ValidationMessage> {
  const errors = validateForm(
    { firstname: details.firstName, lastname: details.lastName },
    { firstname: ACCOUNT_FORM_RULES.details.firstname, lastname: ACCOUNT_FORM_RULES.details.lastname },
  );
  if (details.phoneNumber.trim() !== '' && !readPhone(details.phoneNumber))
    errors.telephoneNumber = { id: 'validation.phone' };
  return errors;
}

/** The stored form of a phone that passed `detailErrors`: E.164, or '' for none. */
export function storedPhone(phoneNumber: string): string {
  return readPhone(phoneNumber)?.e164 ?? '';
}

/** The password rules of spec §5 on one field. */
export function passwordErrors(password: string, field: string): Record<string, ValidationMessage> {
  return validateForm({ [field]: password }, { [field]: ACCOUNT_FORM_RULES.register.password });
}
