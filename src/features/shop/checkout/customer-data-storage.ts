/**
 * The checkout's customer data in localStorage (spec §4 Checkout, §9 "one key for user
 * info"): saved when step 1 is done, loaded when the checkout opens, cleared on request;
 * clearing also clears all of localStorage, as spec §4 says.
 */
import { DEFAULT_TELEPHONE_PREFIX, isTelephonePrefix, type TelephonePrefix } from '#shared/rules/telephone-prefixes';
import { publishCartCount } from '../cart/cart-count';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '#shared/rules/limits';

export const USER_INFO_STORAGE_KEY = 'st1.userInfo';

export interface CustomerData {
  email: string;
  emailConfirmation: string;
  firstname: string;
  lastname: string;
  telephonePrefix: TelephonePrefix;
  telephoneNumber: string;
  marketing: Array<'email' | 'sms'>;
}

export const EMPTY_CUSTOMER_DATA: CustomerData = {
  email: '',
  emailConfirmation: '',
  firstname: '',
  lastname: '',
  telephonePrefix: DEFAULT_TELEPHONE_PREFIX,
  telephoneNumber: '',
  marketing: [],
};

const text = (value: unknown, max = EMAIL_MAX_LENGTH) => (typeof value === 'string' ? value.slice(0, max) : '');

export function loadCustomerData(): CustomerData | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(USER_INFO_STORAGE_KEY) ?? 'null') as Record<
      string,
      unknown
    > | null;
    if (!raw || typeof raw !== 'object') return null;
    return {
      email: text(raw.email),
      emailConfirmation: text(raw.emailConfirmation),
      firstname: text(raw.firstname, NAME_MAX_LENGTH),
      lastname: text(raw.lastname, NAME_MAX_LENGTH),
      telephonePrefix: isTelephonePrefix(raw.telephonePrefix) ? raw.telephonePrefix : DEFAULT_TELEPHONE_PREFIX,
      telephoneNumber: text(raw.telephoneNumber, 20),
      marketing: Array.isArray(raw.marketing)
        ? raw.marketing.filter((choice): choice is 'email' | 'sms' => choice === 'email' || choice === 'sms')
        : [],
    };
  } catch {
    return null;
  }
}

export function saveCustomerData(data: CustomerData): void {
  try {
    window.localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(data));
  } catch {
    // Private mode or a full storage: the checkout goes on without remembering.
  }
}

/** Spec §4: clearing the customer data clears all of localStorage. */
export function clearCustomerData(cartCount: number): void {
  try {
    window.localStorage.clear();
  } catch {
    return;
  }
  // The header's cart count lives there too and must survive: the cart itself is not cleared.
  publishCartCount(cartCount);
}
