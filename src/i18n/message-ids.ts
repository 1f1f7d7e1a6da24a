/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the key is the code, the value its id in this folder's catalog.
 */
export const HTTP_MESSAGES_IDS: Partial<Record<string, string>> = {
  BAD_REQUEST: /*i18n*/ 'httpMessages.BAD_REQUEST',
  FORBIDDEN: /*i18n*/ 'httpMessages.FORBIDDEN',
  INTERNAL_SERVER_ERROR: /*i18n*/ 'httpMessages.INTERNAL_SERVER_ERROR',
  NOT_FOUND: /*i18n*/ 'httpMessages.NOT_FOUND',
  UNAUTHORIZED: /*i18n*/ 'httpMessages.UNAUTHORIZED',
  URI_TOO_LONG: /*i18n*/ 'httpMessages.URI_TOO_LONG',
};
