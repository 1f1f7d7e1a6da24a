/**
 * The cart's notices. They can come on any page (a stored cart checked in the background
 * on the landing page, before the shop's chunk and catalog load), so their texts are in
 * the core catalog: lingui.config.ts assigns this file to it.
 */
export const CART_NOTICE_IDS = {
  addedToCart: /*i18n*/ 'messages.addedToCart',
  addedWillBeChecked: /*i18n*/ 'messages.addedWillBeChecked',
  addRefused: /*i18n*/ 'messages.cartAddRefused',
  productsRemoved: /*i18n*/ 'messages.cartProductsRemoved',
  updateFailed: /*i18n*/ 'messages.cartUpdateFailed',
  validationFailed: /*i18n*/ 'messages.cartValidationFailed',
} as const;
