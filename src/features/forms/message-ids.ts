/**
 * Message ids chosen by a code at runtime, written out so that `lingui extract` finds them
 * (docs/i18n.md): the key is the code, the value its id in this folder's catalog.
 */
export const FORMS_FIELD_IDS: Partial<Record<string, string>> = {
  businessId: /*i18n*/ 'forms.field.businessId',
  company: /*i18n*/ 'forms.field.company',
  email: /*i18n*/ 'forms.field.email',
  firstname: /*i18n*/ 'forms.field.firstname',
  lastname: /*i18n*/ 'forms.field.lastname',
  message: /*i18n*/ 'forms.field.message',
  phone: /*i18n*/ 'forms.field.phone',
  topic: /*i18n*/ 'forms.field.topic',
};

/** The options of a select field, by `<field name>.<option>`. */
export const FORMS_OPTION_IDS: Partial<Record<string, string>> = {
  'topic.card': /*i18n*/ 'forms.topic.card',
  'topic.other': /*i18n*/ 'forms.topic.other',
  'topic.station': /*i18n*/ 'forms.topic.station',
  'topic.webshop': /*i18n*/ 'forms.topic.webshop',
};
