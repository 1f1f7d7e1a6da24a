/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the key is the code, the value its id in this folder's catalog.
 */
export const SHOP_CHECKOUT_COUNTRY_IDS: Partial<Record<string, string>> = {
  FIN: /*i18n*/ 'shop.checkout.country.FIN',
  NO: /*i18n*/ 'shop.checkout.country.NO',
  SE: /*i18n*/ 'shop.checkout.country.SE',
};

export const SHOP_CHECKOUT_IDS: Partial<Record<string, string>> = {
  email: /*i18n*/ 'shop.checkout.email',
  emailConfirmation: /*i18n*/ 'shop.checkout.emailConfirmation',
  firstname: /*i18n*/ 'shop.checkout.firstname',
  lastname: /*i18n*/ 'shop.checkout.lastname',
  step1: /*i18n*/ 'shop.checkout.step1',
  step2: /*i18n*/ 'shop.checkout.step2',
};

export const SHOP_CHECKOUT_METHOD_IDS: Partial<Record<string, string>> = {
  bank: /*i18n*/ 'shop.checkout.method.bank',
  card: /*i18n*/ 'shop.checkout.method.card',
};

export const SHOP_CHECKOUT_STEP_IDS: Partial<Record<string, string>> = {
  '1': /*i18n*/ 'shop.checkout.step1',
  '2': /*i18n*/ 'shop.checkout.step2',
};

export const SHOP_DISCOUNT_IDS: Partial<Record<string, string>> = {
  DISCOUNT_EXPIRED: /*i18n*/ 'shop.discount.DISCOUNT_EXPIRED',
  DISCOUNT_NOT_YET_VALID: /*i18n*/ 'shop.discount.DISCOUNT_NOT_YET_VALID',
  DISCOUNT_UNKNOWN: /*i18n*/ 'shop.discount.DISCOUNT_UNKNOWN',
  DISCOUNT_USED_UP: /*i18n*/ 'shop.discount.DISCOUNT_USED_UP',
};

export const SHOP_WASH_CODE_IDS: Partial<Record<string, string>> = {
  unknown: /*i18n*/ 'shop.washCode.unknown',
  used: /*i18n*/ 'shop.washCode.used',
  valid: /*i18n*/ 'shop.washCode.valid',
};
