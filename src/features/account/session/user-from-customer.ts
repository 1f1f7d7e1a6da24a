import type { Card, CustomerRecord, User } from '#shared/account-types';
import { parsePhone } from '#shared/rules/phone';
import { DEFAULT_TELEPHONE_PREFIX } from '#shared/rules/telephone-prefixes';

/** An empty customer record (spec §4: it resets the user). */
export function isEmptyCustomer(record: Partial<CustomerRecord> | null | undefined): boolean {
  return !record || (!record.firstName && !record.lastName && !record.emailToken);
}

/** The browser's user from the server's customer record (spec §3: emailToken is the e-mail). */
export function userFromCustomer(record: CustomerRecord, cards: Card[]): User {
  const phone = parsePhone(record.phoneNumber);
  return {
    firstname: record.firstName,
    lastname: record.lastName,
    email: record.emailToken,
    emailConfirmation: record.emailToken,
    phone: record.phoneNumber,
    telephonePrefix: phone?.telephonePrefix ?? DEFAULT_TELEPHONE_PREFIX,
    telephoneNumber: phone?.telephoneNumber ?? '',
    marketing: record.marketing ?? [],
    cards,
  };
}
