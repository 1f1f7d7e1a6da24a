/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the key is the code, the value its id in this folder's catalog.
 */
export const ACCOUNT_CARDS_KIND_IDS: Partial<Record<string, string>> = {
  business: /*i18n*/ 'account.cards.kind.business',
  fuel: /*i18n*/ 'account.cards.kind.fuel',
};

export const ACCOUNT_CARDS_STATUS_IDS: Partial<Record<string, string>> = {
  active: /*i18n*/ 'account.cards.status.active',
  blocked: /*i18n*/ 'account.cards.status.blocked',
  expired: /*i18n*/ 'account.cards.status.expired',
};

export const ACCOUNT_FIELD_IDS: Partial<Record<string, string>> = {
  currentPassword: /*i18n*/ 'account.field.currentPassword',
  newPassword: /*i18n*/ 'account.field.newPassword',
  newPasswordConfirmation: /*i18n*/ 'account.field.newPasswordConfirmation',
};

export const ACCOUNT_MARKETING_IDS: Partial<Record<string, string>> = {
  email: /*i18n*/ 'account.marketing.email',
  sms: /*i18n*/ 'account.marketing.sms',
};

export const ACCOUNT_NAV_IDS: Partial<Record<string, string>> = {
  cards: /*i18n*/ 'account.nav.cards',
  'cards-text': /*i18n*/ 'account.nav.cards-text',
  myPages: /*i18n*/ 'account.nav.myPages',
  'myPages-text': /*i18n*/ 'account.nav.myPages-text',
  orders: /*i18n*/ 'account.nav.orders',
  'orders-text': /*i18n*/ 'account.nav.orders-text',
};

export const ACCOUNT_NAV_X_TEXT_IDS: Partial<Record<string, string>> = {
  cards: /*i18n*/ 'account.nav.cards-text',
  myPages: /*i18n*/ 'account.nav.myPages-text',
  orders: /*i18n*/ 'account.nav.orders-text',
};

export const ACCOUNT_ORDERS_STATUS_IDS: Partial<Record<string, string>> = {
  paid: /*i18n*/ 'account.orders.status.paid',
  pending: /*i18n*/ 'account.orders.status.pending',
};

export const FORMS_COUNTRY_IDS: Partial<Record<string, string>> = {
  'FIN|358': /*i18n*/ 'forms.country.FIN|358',
  'NO|47': /*i18n*/ 'forms.country.NO|47',
  'SE|46': /*i18n*/ 'forms.country.SE|46',
};
